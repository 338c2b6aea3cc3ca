import KMAForecast
import KMAGrid
import KMAPlaces

extension LocalForecast {
    /// The bundled recordings (``SampleRecording``): the short-term run, the ultra-short
    /// forecast, the nowcast, and the mid-term answers, in that order.
    public static let sampleRecordings: [SampleRecording] = Samples.recordings

    /// A real forecast for previews and tests, without a key or a network: KMA's short-term
    /// run of 2022-11-20 05:00 KST for 경기도 수원시 권선구 (nx 60, ny 120), as the client returns
    /// it when asked at 05:10 that day (the recorded page, decoded and merged by the same code
    /// as a live answer). ``recording`` says what it is. Its ``uv`` is the bundled UV index
    /// recording (서울특별시, issued 2026-09-26 12:00 KST: another place and date, so its values
    /// are in ``UVIndexOutcome/values`` and on no hour of this run); the 체감온도, dew point, sun
    /// times and daylight are computed for the place as for a live forecast.
    ///
    /// ```swift
    /// #Preview { ForecastView(forecast: .sample) }
    /// ```
    public static let sample: LocalForecast = {
        let recording = Samples.recordings[0]
        var builder = ForecastRowBuilder()
        // The bundled page decodes (tested); an empty forecast would say so by having no hours.
        _ = try? ForecastPageDecoder.decode(PackageResources.getVilageFcst_20221120_0500_nx60_ny120_json, into: &builder)
        let base = ForecastBase(recording.run)
        let schedule = ForecastProduct.shortTerm.schedule
        let run = ForecastRun(
            product: .shortTerm, cell: recording.cell, base: base, newestBase: base, fallbackSteps: 0, rows: builder.rows(),
            itemCount: builder.rows().reduce(0) { $0 + $1.count }, pageCount: 1, fromCache: false, requests: 1,
            fetchedAt: recording.availableAt.date, fileVersion: nil
        )
        let outcome = ProductOutcome(run: run, nextRunAvailableAt: schedule.availableAt(schedule.nextBase(after: base)))
        let location = Samples.place(named: "경기도 수원시권선구").map { ForecastLocation.resolved($0).location }
            ?? Location(cell: recording.cell, coordinate: nil, placeName: recording.placeName)
        return LocalForecast(
            location: location, requestedAt: recording.availableAt, products: [outcome], uv: Samples.uvOutcome, recording: recording.recording,
            warnings: sampleWarnings
        )
    }()

    /// ``sample``, when the place asked is the sample's (its grid cell: 경기도 수원시 권선구, nx 60,
    /// ny 120) or none is asked: the one sample every view shows (the CLI's `--demo`, `alerts
    /// --demo`, the MCP server without a key).
    ///
    /// - Throws: ``ForecastClientError/Reason/notRecorded(place:cell:recorded:)`` for any other
    ///   place (naming the recorded ones), or the location's own error (an unknown place).
    public static func sample(at location: ForecastLocation?) throws(ForecastClientError) -> LocalForecast {
        guard let location else { return sample }
        let resolved = try location.resolved()
        guard resolved.cell == sample.location.cell else { throw RecordedRunTransport.sample.notRecorded(resolved) }
        return sample
    }

    /// The weather warnings of the sample's own place (``sample``'s warning zone, 수원시 L1011900,
    /// as the client finds it for 경기도 수원시 권선구), replayed from the recorded warnings bundled
    /// with the library: KMA's zone events of 2026-09-21 to 09-27 (`getPwnCd`, all zones, 104
    /// events; `Fixtures/warnings/`), at 2026-09-26 11:00 KST, labelled by
    /// ``WarningsOutcome/recording``. None was in force in that zone then (the events of the
    /// window are 제주's and the seas'), so the sample shows no warning, and never one of another
    /// zone above its forecast; `kma-forecast alerts --demo` and the MCP server's warnings tool
    /// without a key show this outcome.
    public static let sampleWarnings: (alerts: [WeatherWarning], outcome: WarningsOutcome) = {
        let events = (try? WarningDecoder.events(PackageResources.getPwnCd_20260921_20260927_window_json).events) ?? []
        let at = Samples.warningsInstant
        let zone = try? ForecastClient.warningZone(of: Samples.recordings[0].location).get()
        let id = zone?.zone.id ?? ""
        let state = WarningReplay.state(of: events, at: at, zones: [id], zoneNames: zone.map { [id: $0.zone.name] } ?? [:])
        let outcome = WarningsOutcome(
            zone: zone.map(WarningZoneCode.init), replayedAt: at, fetchedAt: at, fromCache: false, requests: 1, window: "20260921-20260927",
            preliminary: state.preliminary, lastEventAt: state.lastEventAt, failure: nil,
            recording: "recorded KMA zone events (getPwnCd, 2026-09-21 to 09-27, recorded in WizardFactory/TodayWeather) replayed at 2026-09-26 11:00 KST for \(zone?.zone.name ?? "?") (\(id)), the sample's zone; another time than the forecast, not live"
        )
        return (state.inForce, outcome)
    }()
}

extension RecordedRunTransport {
    /// The bundled recordings (``LocalForecast/sampleRecordings``) as a transport: ask a client
    /// over it for a recording's ``SampleRecording/location`` (e.g. `.place("수원시 권선구")`),
    /// whatever the client's clock, and it answers as KMA did at the recording's
    /// ``SampleRecording/availableAt``, the forecast saying it is a recording.
    public static let sample: RecordedRunTransport = {
        var transport = RecordedRunTransport(answers: Samples.answers)
        transport.recordings = Samples.recordings
        return transport
    }()
}

/// The bundled recordings, in one place.
enum Samples {
    static func place(named name: String) -> Place? { try? PlaceDirectory.kma.place(named: name) }

    static func at(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> KSTDateTime {
        // The literals below are valid by construction (and tested); a failure here is a bug in this file.
        guard let at = try? KSTDateTime(year: year, month: month, day: day, hour: hour, minute: minute) else {
            preconditionFailure("invalid sample instant \(year)-\(month)-\(day) \(hour):\(minute)")
        }
        return at
    }

    static func cell(_ nx: Int, _ ny: Int) -> GridCell {
        guard let cell = try? GridCell(nx: nx, ny: ny) else { preconditionFailure("invalid sample cell \(nx), \(ny)") }
        return cell
    }

    static let midTermIssue = MidTermIssue(date: 20261004, hour: 6)

    /// The instant the bundled warnings are replayed at (``LocalForecast/sampleWarnings``).
    static let warningsInstant = at(2026, 9, 26, 11, 0)
    /// The bundled UV index answer (`Fixtures/living/`): issue time, the area served (서울특별시).
    static let uvTime = "2026092612"
    static let uvArea = "1100000000"

    /// The UV recording as an outcome, decoded by the code a live answer goes through.
    static let uvOutcome: UVIndexOutcome? = {
        guard let value = try? UVIndexDecoder.decode(PackageResources.getUVIdxV5_2026092612_seoul_3areas_json, areaNo: uvArea),
              let place = place(named: "서울특별시") else { return nil }
        return UVIndexOutcome(
            area: UVIndexArea(place), issuedAt: value.issuedAt, values: value.values, fetchedAt: value.issuedAt.adding(seconds: 600),
            fromCache: false, requests: 1, nextUpdateAt: value.issuedAt.adding(seconds: 3 * 3600), failure: nil
        )
    }()

    static let recordings: [SampleRecording] = {
        let short = at(2022, 11, 20, 5, 0), ultra = at(2021, 3, 28, 15, 30), now = at(2021, 3, 28, 14, 0)
        let mid = midTermIssue?.dateTime ?? at(2026, 10, 4, 6, 0)
        return [
            SampleRecording(
                product: .shortTerm, location: .place("경기도 수원시권선구"), placeName: "경기도 수원시 권선구", cell: cell(60, 120), run: short,
                availableAt: ForecastProduct.shortTerm.schedule.availableAt(ForecastBase(short)), source: "recorded in skfkeh/MachineLearning_proj"
            ),
            SampleRecording(
                product: .ultraShort, location: .cell(cell(56, 125)), placeName: "인천광역시 부평구", cell: cell(56, 125), run: ultra,
                availableAt: ForecastProduct.ultraShort.schedule.availableAt(ForecastBase(ultra)), source: "recorded in kimjbstar/korea-public-village-forecast"
            ),
            SampleRecording(
                product: .nowcast, location: .cell(cell(56, 125)), placeName: "인천광역시 부평구", cell: cell(56, 125), run: now,
                availableAt: ForecastProduct.nowcast.schedule.availableAt(ForecastBase(now)), source: "recorded in kimjbstar/korea-public-village-forecast"
            ),
            SampleRecording(
                product: nil, location: .place("서울특별시"), placeName: "서울특별시", cell: cell(60, 127), run: mid,
                availableAt: mid.adding(seconds: 600), source: "recorded from data.go.kr MidFcstInfoService (Fixtures/midterm)"
            ),
        ]
    }()

    static let answers: [RecordedRunTransport.Answer] = {
        var answers: [RecordedRunTransport.Answer] = []
        let pages: [(ForecastProduct, [UInt8])] = [
            (.shortTerm, PackageResources.getVilageFcst_20221120_0500_nx60_ny120_json),
            (.ultraShort, PackageResources.getUltraSrtFcst_20210328_1530_nx56_ny125_json),
            (.nowcast, PackageResources.getUltraSrtNcst_20210328_1400_nx56_ny125_json),
        ]
        for (product, page) in pages {
            guard let recording = recordings.first(where: { $0.product == product }),
                  let answer = RecordedRunTransport.Answer.run(product, base: ForecastBase(recording.run), cell: recording.cell, page: page) else { continue }
            answers.append(answer)
        }
        if let issue = midTermIssue {
            answers.append(.midTerm(operation: "getMidTa", regionID: "11B10101", issue: issue, body: PackageResources.getMidTa_11B10101_202610040600_json))
            answers.append(.midTerm(operation: "getMidLandFcst", regionID: "11B00000", issue: issue, body: PackageResources.getMidLandFcst_11B00000_202610040600_json))
        }
        answers.append(.warnings(from: 20260921, to: 20260927, body: PackageResources.getPwnCd_20260921_20260927_window_json))
        for area in ["1100000000", "1111000000", "1111051500"] {
            answers.append(.uvIndex(areaNo: area, time: uvTime, body: PackageResources.getUVIdxV5_2026092612_seoul_3areas_json))
        }
        return answers
    }()
}

extension RecordedRunPages {
    /// KMA's NO_DATA answer (`resultCode` 03), as recorded shapes have it (`Fixtures/api/hand_made_nodata_03.json`).
    package static var noDataBody: [UInt8] { PackageResources.hand_made_nodata_03_json }
}
