import Foundation
import KMAForecast
import KMAForecastClient
import KMAForecastText

/// `kma-forecast base-time`: the base_date and base_time to request for a product, now or at
/// a given instant, with the run before it and when the next one comes.
enum BaseTimeCommand {
    static let spec = CommandSpec(
        name: "base-time",
        abstract: "Show the base_date and base_time to request for a product, now or at an instant.",
        usage: ["--product <product> [--at <instant>] [--delay <minutes>] [--format <format>]"],
        discussion: """
            Runs are issued in KST (UTC+9) whatever this machine's time zone:
              nowcast      getUltraSrtNcst  every hour at HH00, available from HH:10
              ultra-short  getUltraSrtFcst  every hour at HH30, available from HH:45
              short-term   getVilageFcst    02 05 08 11 14 17 20 23 h, available 10 minutes later
            The newest run available at the instant is shown, with the run before it (to fall
            back to when KMA publishes late) and when the next run becomes available.

            EXAMPLES:
              kma-forecast base-time --product short-term
              kma-forecast base-time --product nowcast --at 2026-11-21T00:09:59+09:00 --format json
            """,
        options: [
            OptionSpec(
                "product", value: "product", help: "The product: nowcast, ultra-short or short-term.",
                allowed: ForecastProduct.allCases.map(\.rawValue)
            ),
            OptionSpec("at", value: "instant", help: "The instant, ISO 8601 (e.g. 2026-11-21T02:09:59+09:00 or ...Z; without an offset it is KST). Default: now."),
            OptionSpec("delay", value: "minutes", help: "Minutes from a run's base time until KMA publishes it (default: 10 for nowcast, 15 for ultra-short, 10 for short-term)."),
            .format,
        ],
        positional: nil
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> Int32 {
        try arguments.require("product")
        let product: ForecastProduct = arguments.choice("product", default: .shortTerm)
        let instant = try Self.instant(arguments, context)
        var schedule = product.schedule
        if let minutes = try arguments.int("delay", range: 0...1440, meaning: "a delay in minutes") {
            schedule.delay = Int64(minutes) * 60
        }
        let at = KSTDateTime(unixSeconds: instant)
        let base = schedule.latestBase(atUnixSeconds: instant)
        let previous = schedule.previousBase(before: base)
        let next = schedule.nextBase(after: base)
        let availableAt = schedule.availableAt(base)
        let nextAvailableAt = schedule.availableAt(next)
        let out = context.standardOutput
        switch arguments.format {
        case .text:
            out.write("base_date \(base.baseDate) base_time \(base.baseTime)\n")
            out.write(
                "The newest \(product.rawValue) run (\(product.operation), \(product.koreanName)) at \(CalendarText.readable(at)) KST, "
                    + "available since \(CalendarText.readable(availableAt)) KST. "
                    + "If KMA has not published it yet, use \(previous.baseDate) \(previous.baseTime). "
                    + "The next run, \(next.baseDate) \(next.baseTime), is available from \(CalendarText.readable(nextAvailableAt)) KST.\n"
            )
        case .json:
            out.write(JSONText.object([
                ("product", JSONText.string(product.rawValue)),
                ("operation", JSONText.string(product.operation)),
                ("baseDate", JSONText.string(base.baseDate)),
                ("baseTime", JSONText.string(base.baseTime)),
                ("at", JSONText.string(at.iso8601)),
                ("availableAt", JSONText.string(availableAt.iso8601)),
                ("previous", JSONText.object([
                    ("baseDate", JSONText.string(previous.baseDate)),
                    ("baseTime", JSONText.string(previous.baseTime)),
                ])),
                ("next", JSONText.object([
                    ("baseDate", JSONText.string(next.baseDate)),
                    ("baseTime", JSONText.string(next.baseTime)),
                    ("availableAt", JSONText.string(nextAvailableAt.iso8601)),
                ])),
            ]) + "\n")
        case .csv:
            out.write(CSVText.row([
                "product", "operation", "baseDate", "baseTime", "at", "availableAt",
                "previousBaseDate", "previousBaseTime", "nextBaseDate", "nextBaseTime", "nextAvailableAt",
            ]))
            out.write(CSVText.row([
                product.rawValue, product.operation, base.baseDate, base.baseTime, at.iso8601, availableAt.iso8601,
                previous.baseDate, previous.baseTime, next.baseDate, next.baseTime, nextAvailableAt.iso8601,
            ]))
        }
        return ExitCode.success
    }

    /// The `--at` instant, or now.
    static func instant(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> Int64 {
        guard let text = arguments.string("at") else {
            return KSTDateTime.unixSeconds(of: context.now())
        }
        // KMA's base_date has eight digits: years 1000 to 9999, less a day at each end for the
        // runs before and after. The rule is the KST date, 1000-01-02 through 9999-12-30 both
        // included, and the message (for any instant outside it, the reader's years too) says
        // exactly that.
        let outside = CLIError.misused(
            "The value '\(text)' is invalid for '--at <instant>': give an instant from 1000-01-02 to 9999-12-30 (KST dates, both included)",
            korean: KoreanMessages.text("atBaseTimeRange", text)
        )
        let instant: KSTDateTime
        do {
            instant = try GivenInstant.read(text)
        } catch {
            if case .outsideYears = error { throw outside }
            throw .misused("The value '\(text)' is invalid for '--at <instant>': \(error.reason)", korean: KoreanMessages.text("atInvalid", text, KoreanMessages.givenInstant(error)))
        }
        guard (10_000_102...99_991_230).contains(instant.yyyymmdd) else { throw outside }
        return instant.unixSeconds
    }
}
