import Testing
import _KMATestSupport

/// Issue 22: `--at tomorrow` was ignored without a key (the sample shown, exit 0) and refused
/// with one. It is refused both ways, naming the forms accepted.
@Suite("--at: refused when unreadable, with or without a key")
struct AtOptionTests {
    static let environments: [[String: String]] = [[:], ["KMA_SERVICE_KEY": "test-key-0123456789"]]

    @Test("An unreadable --at is a usage error whether or not a key is set", arguments: [
        ["--lat", "37.56", "--lon", "126.97", "--at", "tomorrow"],
        ["--demo", "--at", "tomorrow"],
        ["--place", "서울", "--at", "tomorrow", "--format", "svg"],
        ["--input", "-", "--at", "tomorrow"],
        ["--place", "Busan", "--days", "10", "--at", "tomorrow"],
    ], [0, 1])
    func refused(_ arguments: [String], _ environment: Int) async {
        let result = await runTool(["--no-cache"] + arguments, stdin: "37.5,127\n", environment: Self.environments[environment])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Error: The value 'tomorrow' is invalid for '--at <instant>': expected ISO 8601 such as 2026-11-21T02:09:59+09:00"), "\(result.stderr)")
        #expect(!result.stderr.contains("sample data"))
    }

    @Test("A readable --at without a key is refused too: the sample is one recorded instant, so --at would be silently ignored")
    func readableWithoutKey() async {
        let result = await runTool(["--lat", "37.56", "--lon", "126.97", "--at", "2026-11-21T02:30+09:00"], environment: ["COLUMNS": "80"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Give a key (KMA_SERVICE_KEY) to use --at"))
    }
}
