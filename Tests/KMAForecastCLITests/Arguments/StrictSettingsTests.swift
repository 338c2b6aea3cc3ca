import Foundation
import Testing
import KMAForecast
import _KMATestSupport

/// Issue 31, item 6: every numeric setting, from the environment or an option, is read
/// strictly by one reader (`SettingNumber`) and a bad value is refused with its name and the
/// accepted form, exit 64 — never read as "no budget", 0, or the terminal's width.
@Suite("Numeric settings are refused by name when they are not what the setting takes")
struct StrictSettingsTests {
    static let bad = ["abc", "1,000", "1e3", "2 ", " 2", "+5", "-5", "1.0", "٣"]

    @Test("KMA_MAX_REQUESTS: abc, 1,000, 1e3, '2 ', -5 … refused with exit 64 naming it, before any request or the sample",
          arguments: bad)
    func budgetVariable(value: String) async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let result = await runTool(Scenario.arguments(server, ["--format", "csv"]), environment: Scenario.environment.merging(["KMA_MAX_REQUESTS": value]) { $1 }, now: Scenario.now)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: The value '\(value)' is invalid for KMA_MAX_REQUESTS"), "\(result.stderr)")
        #expect(result.stderr.contains("0...2147483647"), "\(result.stderr)")
        #expect(server.requests.isEmpty)
        // Without a key (the sample) too: the setting is still wrong.
        let sample = await runTool(["--lat", "37.56", "--lon", "126.97"], environment: ["KMA_MAX_REQUESTS": value])
        #expect(sample.status == 64 && sample.stderr.contains("KMA_MAX_REQUESTS"), "\(sample.stderr)")
    }

    @Test("KMA_MAX_REQUESTS empty is unset; 0 and 2 are budgets")
    func budgetAccepted() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let empty = await runTool(Scenario.arguments(server, ["--format", "csv"]), environment: Scenario.environment.merging(["KMA_MAX_REQUESTS": ""]) { $1 }, now: Scenario.now)
        #expect(empty.status == 0, "\(empty.stderr)")
        let zero = await runTool(Scenario.arguments(server, ["--format", "csv", "--product", "short-term"]), environment: Scenario.environment.merging(["KMA_MAX_REQUESTS": "0"]) { $1 }, now: Scenario.now)
        #expect(zero.status == 1 && zero.stderr.contains("budget"), "\(zero.stderr)")
    }

    @Test("Options: --max-requests, --rate, --hours, --days, --delay refused with exit 64 naming the option and the form", arguments: [
        (["--nx", "60", "--ny", "127", "--max-requests", "1e3"], "'--max-requests <n>'", "digits only"),
        (["--nx", "60", "--ny", "127", "--max-requests", "-5"], "'--max-requests <n>'", "must be in 0...2147483647"),
        (["--nx", "60", "--ny", "127", "--rate", "1e2"], "'--rate <n>'", "digits with an optional decimal point"),
        (["--nx", "60", "--ny", "127", "--rate", "0"], "'--rate <n>'", "above 0"),
        (["--nx", "60", "--ny", "127", "--rate", "30 "], "'--rate <n>'", "digits with an optional decimal point"),
        (["--nx", "60", "--ny", "127", "--hours", "+5"], "'--hours <n>'", "digits only"),
        (["--place", "서울", "--days", "1e1"], "'--days <n>'", "digits only"),
        (["base-time", "--product", "short-term", "--delay", "10 "], "'--delay <minutes>'", "digits only"),
    ])
    func options(arguments: [String], name: String, form: String) async throws {
        let result = await runTool(arguments, environment: Scenario.environment)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(name) && result.stderr.contains(form), "\(result.stderr)")
    }

    @Test("COLUMNS that is not a whole number is refused by name (exit 64); empty is unset, narrow counts as 20", arguments: ["abc", "80 ", "-1", "0", "1e2"])
    func columns(value: String) async throws {
        let result = await runTool(["help"], environment: ["COLUMNS": value])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: The value '\(value)' is invalid for COLUMNS"), "\(result.stderr)")
        let empty = await runTool(["help"], environment: ["COLUMNS": ""])
        #expect(empty.status == 0)
        let narrow = await runTool(["help"], environment: ["COLUMNS": "5"])
        #expect(narrow.status == 0, "\(narrow.stderr)")
    }
}
