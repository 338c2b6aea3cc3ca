import Foundation
import KMAForecast
import KMAForecastCharts
import KMAForecastText
import KMAForecastClient
import KMAGrid
import KMAPlaces

/// `kma-forecast --lat … --lon … --days N`: the ten-day view of the library's forecast
/// (``ForecastClient/forecast(for:products:midTermDays:alerts:uvIndex:budget:)`` with the mid-term days),
/// as text, JSON (the library's encoding) or CSV.
enum TenDayCommand {
    /// The options the ten-day view adds to the forecast command.
    static let options = [
        OptionSpec("days", value: "n", help: "Show the days ahead instead: 1...11 days from today (default 10), short-term days merged with the mid-term forecast (중기예보)."),
        OptionSpec("outlook", help: "With the days, add KMA's forecaster outlook text for the place's region (getMidFcst)."),
        OptionSpec("mid-base-url", value: "url", help: "The mid-term service root to which the operation name is appended (default: $KMA_MID_BASE_URL, else the provider's)."),
    ]

    /// Which of the ten-day options the arguments use.
    static func isRequested(_ arguments: ParsedArguments) -> Bool {
        arguments.has("days") || arguments.has("outlook")
    }

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        let format = arguments.format
        let language = arguments.language(context.environment)
        let days = try arguments.int("days", range: 1...11, meaning: "a number of days from today") ?? 10
        if arguments.has("product") {
            throw .usage("'--days' shows the daily view of the short-term and mid-term forecasts; '--product' does not apply to it")
        }
        // What the days view does not show: refused by name rather than ignored.
        if arguments.has("input") || ["place", "lat", "lon", "nx", "ny"].contains(where: { arguments.count($0) > 1 }) {
            throw .usage("'--days' shows one place; for many places leave out --days (the short-term forecast for each place)")
        }
        for (option, why) in [("hours", "the hourly table"), ("all", "the hourly table"), ("chart", "the hourly chart")] where arguments.has(option) {
            throw .usage("'--\(option)' is for \(why) of the forecast view; '--days' shows the days only: leave out one of them")
        }
        if let given = arguments.string("format"), given == "svg" || given == "jsonl" {
            throw .usage("'--format \(given)' does not apply to '--days': use --format text, json or csv")
        }
        let fetched = try await ForecastCommand.forecast(
            arguments, context, products: [.shortTerm], midTermDays: days, implicitMidTerm: false, picture: format == .text, language: language
        )
        let forecast = fetched.forecast
        var outlook: String?
        if arguments.has("outlook"), forecast.recording == nil, let station = forecast.location.midTermRegions.flatMap({ MidTermRegions.kma.landRegion(id: $0.landRegionID) })?.outlookStationID {
            do {
                outlook = try await outlookClient(arguments, context, at: forecast.requestedAt).midTermOutlook(stationID: station).text
            } catch {
                context.standardError.write("Warning: outlook: \(TerminalText.singleLine(String(describing: error)))\n")
            }
        }
        let out = context.standardOutput
        switch format {
        case .text:
            let style = TerminalStyle(isTerminal: out.isTerminal, environment: context.environment)
            let width = try Platform.outputColumns(environment: context.environment, sink: out)
            var section = DailyForecastSection(language: language, style: style, width: width, units: arguments.units)
            section.showsMissingDays = true
            var text = section.text(forecast, header: .full, outlook: outlook)
            if let note = forecast.recordingNote(language) { text = style.yellow(note) + "\n" + text }
            if let sample = fetched.midTermSample {
                text += "\n" + section.text(sample, header: .sample)
            }
            out.write(text)
        case .json:
            out.write(try ForecastCommand.json(forecast))
        case .csv:
            out.write(ForecastCSV.days(forecast))
        }
        return ForecastCommand.exitStatus(forecast, implicitMidTerm: false)
    }

    /// The client of the forecast command's settings (with the mid-term service root of
    /// `--mid-base-url` or `KMA_MID_BASE_URL`), for the outlook.
    static func outlookClient(_ arguments: ParsedArguments, _ context: CommandContext, at: KSTDateTime) throws(CLIError) -> ForecastClient {
        let settings = try ClientSettings(arguments, context, at: at.unixSeconds)
        let cacheWarning = CacheWriteWarning(context)
        do throws(SettingsError) {
            return try settings.forecastClient(settings.configuration { @Sendable event in cacheWarning.observe(event) })
        } catch {
            throw CLIError(error)
        }
    }

    /// The default view's line for a key the mid-term service refuses: what is missing and how
    /// to add it (``ForecastClientError/midTermApplicationHint`` has the long form).
    static let midTermRefusedNote = "! Mid-term: this key cannot read the mid-term service. For ten days, apply for it (활용신청): "
        + "기상청_중기예보 조회서비스 (data.go.kr service 15059468), or 중기예보 조회 on apihub.kma.go.kr."
    /// ``midTermRefusedNote`` in Korean.
    static let midTermRefusedNoteKorean = "! 중기예보: 이 키는 중기예보 조회서비스를 쓸 수 없습니다. 10일 예보를 보려면 활용신청하세요: "
        + "기상청_중기예보 조회서비스 (data.go.kr 15059468) 또는 apihub.kma.go.kr의 중기예보 조회."
}
