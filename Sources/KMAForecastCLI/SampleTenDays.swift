import KMAForecast
import KMAPlaces

/// The ten-day sample shown without a service key: the bundled short-term run (경기도 수원시
/// 권선구, 2022-11-20 05:00) for its days, then the bundled mid-term answers (서울 and
/// 서울·인천·경기, 2026-10-04 06:00) for theirs. The two recordings are years apart, so every
/// day keeps its real date and the notice says so; nothing is shifted or filled in.
enum SampleTenDays {
    /// The mid-term run of the sample.
    static let issue = MidTermIssue(date: 20261004, hour: 6)

    struct Sample {
        var view: TenDayView

        /// The notice on standard error.
        func notice(explicit: Bool, requested: ForecastReport.Location?, language: DisplayLanguage) -> String {
            var text = explicit ? "Note: --demo shows sample data, " : "Note: no KMA service key is set (KMA_SERVICE_KEY), so this shows sample data, "
            text += "not a live forecast, with the real dates of its recordings: the short-term days are KMA's run of 2022-11-20 05:00 KST for 경기도 수원시 권선구 (nx 60, ny 120), "
            text += "the mid-term days KMA's mid-term run of 2026-10-04 06:00 KST for 서울·인천·경기 (11B00000) and 서울 (11B10101)."
            if requested != nil { text += " The place you asked for needs live data." }
            if !explicit { text += "\n" + ForecastCommand.keyHelp }
            return text + "\n\n"
        }
    }

    /// The sample view: the short-term run's real days, then the mid-term run's days, with the
    /// codes of the mid-term recordings (서울's: 11B00000, 11B10101).
    static func view() throws(CLIError) -> Sample {
        let short = DemoData.sample(for: .shortTerm)
        var builder = ForecastRowBuilder()
        guard let issue,
              (try? ForecastPageDecoder.decode(short.page, into: &builder)) != nil,
              let temperatures = try? MidTermDecoder.temperatures(PackageResources.getMidTa_11B10101_202610040600_json, issue: issue),
              let land = try? MidTermDecoder.landForecast(PackageResources.getMidLandFcst_11B00000_202610040600_json, issue: issue),
              let place = try? PlaceDirectory.kma.place(named: "서울특별시"),
              let regions = try? MidTermRegions.kma.assignment(for: place) else {
            throw .runtime("the bundled sample could not be read (a bug in kma-forecast; please report it)")
        }
        let shortDays = DailyForecastMerger.merge(shortTerm: builder.rows(), midTerm: [], today: short.base.dateTime.yyyymmdd, days: 11)
            .filter { $0.source != nil }
        let midDays = DailyForecastMerger.merge(shortTerm: [], midTerm: [MidTermRun(issue: issue, temperatures: temperatures, land: land)], today: issue.issueDate, days: 11)
            .filter { $0.source != nil }
        let days = Array((shortDays + midDays).prefix(10))
        return Sample(view: TenDayView(
            days: days, cell: short.cell, placeName: "Sample: \(short.placeName) (short-term), 서울 (mid-term)", coordinate: nil, regions: regions,
            shortBase: short.base, midIssues: [issue], outlook: nil
        ))
    }
}
