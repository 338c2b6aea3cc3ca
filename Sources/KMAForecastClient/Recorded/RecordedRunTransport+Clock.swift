import Foundation
import KMAForecast
import KMAGrid

extension RecordedRunTransport {
    /// What a recording can answer for a location: the instant to ask at (a recorded run's own,
    /// unless the client's clock already gets recorded runs), the products and whether the
    /// mid-term days are recorded there, and the note that says it is a recording.
    struct Answerable: Sendable {
        /// The client's clock for the forecast.
        var instant: Date
        /// The products recorded for the cell at ``instant`` (as newest run or a fallback).
        var products: [ForecastProduct]
        /// Whether both mid-term answers are recorded for the place's regions at ``instant``.
        var midTerm: Bool
        /// What the forecast is: set on it, so that it never passes for a live one.
        var recording: LocalForecast.Recording
    }

    /// What a call asks a recording for: the one thing every fetching entry point of a client
    /// over a recording says before it asks (``ClientCore/overRecording(_:asking:)``).
    struct Asked: Sendable {
        /// The point-forecast products.
        var products: [ForecastProduct] = []
        /// A run asked for by name (of the one product in ``products``), not the newest.
        var base: ForecastBase? = nil
        /// The mid-term days of the place's regions.
        var midTerm = false
        /// The zone events of the weather warning service.
        var warnings = false
        /// The UV index of this area (`areaNo`).
        var uvArea: String? = nil
        /// The forecaster's outlook (`getMidFcst`) of this station (`stnId`).
        var outlookStation: String? = nil
    }

    /// The instant and the things a recording answers for a call, by the recorded-client rule:
    /// a run named by its base at that run's availability; products and mid-term days at the
    /// instant that answers the most of them (``answerable(_:configured:products:midTermDays:schedule:fallbackSteps:)``);
    /// the warnings and the UV index alone at the configured instant when the recording answers
    /// there, else at a recorded one (the newest UV issue of the area, the end of the newest
    /// zone-event period).
    ///
    /// - Throws: ``notRecorded(_:)`` (or, for the UV index alone, why the area has no answer)
    ///   when nothing asked for is recorded.
    func answering(
        _ place: LocalForecast.Location?, configured: Date, asked: Asked,
        schedule: (ForecastProduct) -> IssuanceSchedule, fallbackSteps: Int
    ) throws(ForecastClientError) -> Answerable {
        guard let location = place else { return try answeringService(configured: configured, asked: asked) }
        if let base = asked.base, let product = asked.products.first {
            guard recordedRuns(at: location.cell).contains(where: { $0.product == product && $0.base == base }) else { throw notRecorded(location) }
            let instant = schedule(product).availableAt(base).date
            return Answerable(instant: instant, products: [product], midTerm: false, recording: recording(of: location, products: [product], at: instant, schedule: schedule))
        }
        if !asked.products.isEmpty || asked.midTerm {
            let found = answerable(
                location, configured: configured, products: asked.products, midTermDays: asked.midTerm, schedule: schedule, fallbackSteps: fallbackSteps
            )
            // Hours asked and none recorded at the place: the mid-term days of its region alone
            // (서울 종로구 shares 서울's) would be a forecast of no hours and no failures.
            guard let found, asked.products.isEmpty || !found.products.isEmpty else { throw notRecorded(location) }
            return found
        }
        var answer = try answeringService(configured: configured, asked: asked)
        answer.recording = recordingNote(of: location, at: answer.instant)
        return answer
    }

    /// The instant a recording answers the services asked alone (no place: the UV index of an
    /// area, a station's outlook; or a place's warnings), by ``answering(_:configured:asked:schedule:fallbackSteps:)``'s rule.
    private func answeringService(configured: Date, asked: Asked) throws(ForecastClientError) -> Answerable {
        var instant = configured
        if let station = asked.outlookStation {
            let prefix = "getMidFcst/" + station + "/"
            let issues = midTerm.keys.compactMap { $0.hasPrefix(prefix) ? MidTermIssue(tmFc: $0.dropFirst(prefix.count)) : nil }.sorted(by: >)
            let newest = MidTermIssue.newest(at: KSTDateTime(configured))
            guard let recorded = issues.first else { throw notRecordedService("no forecaster's outlook (getMidFcst) for station \(station)", service: .midTerm) }
            if !issues.contains(newest), !issues.contains(newest.previous) { instant = recorded.dateTime.adding(seconds: 600).date }
        } else if let area = asked.uvArea, !holdsUVIndex(areaNo: area, at: KSTDateTime(configured)) {
            if let issued = recordedUVIssues(areaNo: area).first {
                instant = issued.adding(seconds: 600).date
            } else if !asked.warnings {
                throw notRecordedUV(area)
            } else if let period = recordedWarningsEnd(covering: configured) {
                instant = period
            }
        } else if asked.warnings, asked.uvArea == nil, let period = recordedWarningsEnd(covering: configured) {
            instant = period
        }
        let at = SampleRecording.dateTime(KSTDateTime(instant))
        return Answerable(instant: instant, products: [], midTerm: false, recording: LocalForecast.Recording(
            note: "Recorded: KMA answers replayed by a RecordedRunTransport, as asked at \(at) KST; not a live forecast.", source: "RecordedRunTransport"
        ))
    }

    /// The issue times of the UV index answers recorded for an area, newest first.
    func recordedUVIssues(areaNo: String) -> [KSTDateTime] {
        let prefix = areaNo + "/"
        return uvIndex.keys.compactMap { key -> KSTDateTime? in
            guard key.hasPrefix(prefix), let stamp = Int(key.dropFirst(prefix.count)), stamp >= 1_000_000_000 else { return nil }
            return try? KSTDateTime(year: stamp / 1_000_000, month: stamp / 10_000 % 100, day: stamp / 100 % 100, hour: stamp % 100)
        }
        .sorted(by: >)
    }

    /// `nil` when the zone events a client asks at `configured` overlap a recorded period (or
    /// none is recorded); else the last minute of the newest recorded period, an instant the
    /// recording answers.
    func recordedWarningsEnd(covering configured: Date) -> Date? {
        let window = WarningsWindow(endingAt: KSTDateTime(configured))
        guard !warnings.isEmpty, !warnings.contains(where: { $0.from <= window.to && window.from <= $0.to }),
              let newest = warnings.map(\.to).max() else { return nil }
        return (try? KSTDateTime(year: newest / 10_000, month: newest / 100 % 100, day: newest % 100, hour: 23, minute: 59))?.date
    }

    /// Why a recording cannot answer the UV index of an area: the areas it holds instead.
    func notRecordedUV(_ areaNo: String) -> ForecastClientError {
        var held = Set(uvIndex.keys.compactMap { $0.split(separator: "/").first.map(String.init) }).sorted()
        if held.isEmpty { held = ["no UV index answer"] }
        return notRecordedService("no UV index answer for area \(areaNo); it holds \(held.joined(separator: ", "))", service: .uvIndex)
    }

    /// Why a recording cannot answer a service's call: `what` it lacks (and holds).
    func notRecordedService(_ what: String, service: ForecastClientError.Service) -> ForecastClientError {
        ForecastClientError(.invalidConfiguration(
            "its transport is a recording (RecordedRunTransport) with \(what). "
                + "Ask for what is recorded, or use a client with a key and the network for live forecasts"
        ), service: service)
    }

    /// The recorded runs at a cell, with their products.
    func recordedRuns(at cell: GridCell) -> [(product: ForecastProduct, base: ForecastBase)] {
        runs.keys.compactMap { key in
            guard key.nx == cell.nx, key.ny == cell.ny,
                  let product = ForecastProduct.allCases.first(where: { $0.operation == key.operation }),
                  let base = try? ForecastBase(baseDate: key.baseDate, baseTime: key.baseTime) else { return nil }
            return (product, base)
        }
        .sorted { ($0.base, $0.product.operation) > ($1.base, $1.product.operation) }
    }

    /// The mid-term runs recorded for both of a place's regions (temperatures and land).
    func recordedMidTermIssues(_ regions: MidTermRegionCodes) -> [MidTermIssue] {
        let temperature = "getMidTa/" + regions.temperaturePointID + "/"
        let land = "getMidLandFcst/" + regions.landRegionID + "/"
        return midTerm.keys.compactMap { key -> MidTermIssue? in
            guard key.hasPrefix(temperature), let issue = MidTermIssue(tmFc: key.dropFirst(temperature.count)),
                  midTerm[land + issue.tmFc] != nil else { return nil }
            return issue
        }
        .sorted(by: >)
    }

    /// What this recording answers for a location, asked at `configured` with these products
    /// and (when `midTermDays`) the mid-term days: of the configured instant and each recorded
    /// run's availability, the instant that answers the most of what is asked (the configured
    /// one on a tie), so that a client over a recording answers whatever its clock says.
    ///
    /// - Returns: `nil` when nothing asked for is recorded there.
    func answerable(
        _ location: LocalForecast.Location, configured: Date, products: [ForecastProduct], midTermDays: Bool,
        schedule: (ForecastProduct) -> IssuanceSchedule, fallbackSteps: Int
    ) -> Answerable? {
        let runs = recordedRuns(at: location.cell).filter { products.contains($0.product) }
        let issues = midTermDays ? location.midTermRegions.map(recordedMidTermIssues) ?? [] : []
        func answers(at instant: Date) -> (products: [ForecastProduct], midTerm: Bool) {
            let now = KSTDateTime(instant)
            let answered = products.filter { product in
                var base = schedule(product).latestBase(at: now)
                for _ in 0...max(0, fallbackSteps) {
                    if runs.contains(where: { $0.product == product && $0.base == base }) { return true }
                    base = schedule(product).previousBase(before: base)
                }
                return false
            }
            let newest = MidTermIssue.newest(at: now)
            // An 18 run's client also asks the 06 run before it; a 06 run's falls back to the 18 run.
            return (answered, issues.contains(newest) || (newest.isMorningRun && issues.contains(newest.previous)))
        }
        let candidates = [configured] + runs.map { schedule($0.product).availableAt($0.base).date }
            + issues.map { $0.dateTime.adding(seconds: 600).date }
        var best: (instant: Date, products: [ForecastProduct], midTerm: Bool)?
        for instant in candidates {
            let found = answers(at: instant)
            let score = found.products.count + (found.midTerm ? 1 : 0)
            if score > 0, score > (best.map { $0.products.count + ($0.midTerm ? 1 : 0) } ?? 0) {
                best = (instant, found.products, found.midTerm)
            }
        }
        guard let best else { return nil }
        return Answerable(instant: best.instant, products: best.products, midTerm: best.midTerm, recording: recording(of: location, products: best.products, at: best.instant, schedule: schedule))
    }

    /// The note of a forecast answered from recordings: the bundled recording's own for the
    /// sample, else one naming the runs.
    private func recording(
        of location: LocalForecast.Location, products: [ForecastProduct], at instant: Date, schedule: (ForecastProduct) -> IssuanceSchedule
    ) -> LocalForecast.Recording {
        let cellRecordings = recordings.filter { $0.cell == location.cell }
        if let product = products.last, let sample = cellRecordings.first(where: { $0.product == product }) {
            return sample.recording
        }
        if products.isEmpty, let sample = recordings.first(where: { $0.product == nil }) {
            return sample.recording
        }
        let run = products.last.map { schedule($0).latestBase(at: KSTDateTime(instant)).dateTime }
        let at = SampleRecording.dateTime(KSTDateTime(instant))
        return LocalForecast.Recording(
            note: "Recorded: KMA answers replayed by a RecordedRunTransport, as asked at \(at) KST, for nx \(location.cell.nx), ny \(location.cell.ny); not a live forecast.",
            source: "RecordedRunTransport", run: run
        )
    }

    /// The note of a forecast answered from recordings with no product asked (the warnings or
    /// the UV index alone), at `instant`.
    func recordingNote(of location: LocalForecast.Location, at instant: Date) -> LocalForecast.Recording {
        recording(of: location, products: [], at: instant, schedule: { $0.schedule })
    }

    /// Whether a UV index answer is recorded for `areaNo` at one of the issue times a client
    /// asks at `now` (``UVIndexService/candidates(at:)``).
    func holdsUVIndex(areaNo: String, at now: KSTDateTime) -> Bool {
        UVIndexService.candidates(at: now).contains { uvIndex[areaNo + "/" + UVIndexDecoder.stamp($0)] != nil }
    }

    /// Why a recording cannot answer a location (``ForecastClientError/Reason/notRecorded(place:cell:recorded:)``):
    /// the point forecasts it holds instead, the bundled recordings by place, others by cell.
    func notRecorded(_ location: LocalForecast.Location) -> ForecastClientError {
        var held: [String] = []
        for recording in recordings where recording.product != nil {
            let entry = "\(recording.placeName) (nx \(recording.cell.nx), ny \(recording.cell.ny))"
            if !held.contains(entry) { held.append(entry) }
        }
        for cell in Set(runs.keys.map { "nx \($0.nx), ny \($0.ny)" }).sorted() where !held.contains(where: { $0.contains("(" + cell + ")") }) {
            held.append(cell)
        }
        return ForecastClientError(.notRecorded(place: location.placeName, cell: location.cell, recorded: held))
    }
}
