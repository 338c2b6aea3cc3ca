import Foundation
import KMAForecast
import KMAForecastClient
import KMAForecastText

/// `kma-forecast parse FILE...`: decode saved KMA response pages and print their rows.
enum ParseCommand {
    static let spec = CommandSpec(
        name: "parse",
        abstract: "Decode saved KMA response pages (JSON) and print their per-hour rows.",
        usage: ["<file> ... [--format <format>] [--lang <language>] [--units <units>] [--allow-incomplete]"],
        discussion: """
            Give every page of one product's run (getVilageFcst, getUltraSrtFcst or getUltraSrtNcst,
            saved with dataType=JSON), in any order; use - for standard input. Items are grouped into
            one row per grid cell and hour. If the pages hold fewer items than their totalCount
            (a page is missing), nothing is printed and the exit status is 1, unless
            --allow-incomplete is given. An error page (NO_DATA, a wrong key, the gateway's XML
            envelope ...) prints its error and no rows, with exit status 1.

            CSV columns: baseDate,baseTime,fcstDate,fcstTime,nx,ny, then one column per category
            code present (documented codes in the guide's order, then any others), each cell
            exactly as KMA sent it (empty when KMA sent none). Rows are sorted by nx, ny,
            fcstDate, fcstTime. JSON keeps every value typed with its raw text.

            EXAMPLES:
              kma-forecast parse page1.json page2.json --format csv > rows.csv
              curl -s "$URL" | kma-forecast parse - --lang ko
            """,
        options: [
            .format, .language, .units, .bom,
            OptionSpec("allow-incomplete", help: "Print the rows even if pages are missing (with a warning on standard error)."),
        ],
        positional: PositionalSpec(name: "file", help: "A saved response page, or - for standard input.", repeating: true)
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw .usage("Missing expected argument '<file> ...'")
        }
        var builder = ForecastRowBuilder()
        var kinds = Set<String>()
        for path in arguments.positionals {
            let bytes = try context.readInput(path)
            let name = path == "-" ? "standard input" : "'\(path)'"
            do throws(ForecastResponseError) {
                let page = try ForecastPageDecoder.decode(bytes)
                for item in page.items {
                    try add(item, to: &builder, source: name)
                    kinds.insert(item.isObservation ? "nowcast" : (item.base.baseTimeNumber % 100 == 30 ? "ultra-short" : "short-term"))
                }
                builder.add(page: page.info)
            } catch {
                throw .failed("\(name): \(error.description)", korean: KoreanMessages.text("parseFailed", KoreanMessages.source(path), KoreanMessages.text(error)))
            }
        }
        if kinds.count > 1 {
            let kinds = kinds.sorted().joined(separator: ", ")
            throw .failed("the pages mix products (\(kinds)); parse one product's pages at a time", korean: KoreanMessages.text("parseMixedProducts", kinds))
        }
        let completeness = builder.completeness
        if !completeness.isComplete {
            if case .unknown = completeness {
                // Pages without totalCount (hand-made or trimmed): nothing to check against.
            } else if arguments.has("allow-incomplete") {
                let ko = DisplayLanguage.requested(context) == .ko
                context.standardError.write(ko ? KoreanMessages.text("parseIncompleteWarning", KoreanMessages.text(completeness)) + "\n" : "Warning: the rows are \(completeness.description).\n")
            } else {
                throw .failed("the rows would be \(completeness.description). Pass every page of the run, or --allow-incomplete to print what is there.", korean: KoreanMessages.text("parseIncomplete", KoreanMessages.text(completeness)))
            }
        }
        let rows = builder.rows()
        let product = rows.first.map(\.inferredProduct)
        let language = arguments.language(context.environment)
        let units = arguments.units
        let out = context.standardOutput
        switch arguments.format {
        case .csv:
            out.write(ForecastRow.csv(rows, categories: ForecastRow.csvCategories(of: rows)))
        case .json:
            let document = ForecastRowsJSON.Document(
                product: product?.rawValue, completeness: completeness, rows: rows.map { ForecastRowsJSON.Row($0, product: product) },
                days: product == .shortTerm ? DailySummary.summaries(of: rows, product: product) : []
            )
            out.write(try JSONOutput.encode(document))
        case .text:
            out.write(summaryLine(rows: rows, product: product, completeness: completeness, language: language))
            out.write(HourlyTable(language: language, units: units, sources: nil).render(rows))
            if product == .shortTerm {
                let days = DailySummary.summaries(of: rows, product: product)
                out.write("\n" + (language == .ko ? "일별 요약" : "Daily summary") + "\n")
                out.write(DailyTable(language: language, units: units).render(days))
            }
        }
        return ExitCode.success
    }

    private static func add(_ item: ForecastItem, to builder: inout ForecastRowBuilder, source: String) throws(ForecastResponseError) {
        do {
            try builder.add(item)
        } catch {
            throw .unexpectedShape(error.description)
        }
    }

    /// `short-term forecast (단기예보), run 2022-11-20 05:00 KST, nx 60 ny 120: 67 hours, all 809 items`.
    static func summaryLine(rows: [ForecastRow], product: ForecastProduct?, completeness: ForecastRowBuilder.Completeness, language: DisplayLanguage) -> String {
        guard let first = rows.first else {
            return language == .ko ? "자료가 없습니다.\n" : "The pages hold no items.\n"
        }
        let cells = Set(rows.map { "\($0.nx),\($0.ny)" })
        let cellText = cells.count == 1 ? "nx \(first.nx), ny \(first.ny)" : (language == .ko ? "격자 \(cells.count)개" : "\(cells.count) cells")
        let runs = Set(rows.map(\.base)).sorted()
        let runText = runs.map { CalendarText.run($0) }.joined(separator: ", ")
        let name = product.map { language == .ko ? $0.koreanName : $0.englishName } ?? ""
        switch language {
        case .ko:
            return "\(name) · 발표 \(runText) KST · \(cellText) · \(rows.count)시간\n"
        case .en:
            return "\(name) · run \(runText) KST · \(cellText) · \(rows.count) hour\(rows.count == 1 ? "" : "s")\n"
        }
    }
}
