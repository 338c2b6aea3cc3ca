import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecastText
import _KMATestSupport

/// `--lang ko`: Korean from the first line to the errors.
@Suite("--lang ko speaks Korean from the first line to the errors")
struct KoreanEverywhereTests {
    /// English left in a text: two English words in a row, once what is not prose is taken out
    /// (quoted values, options, placeholders, URLs, variable names, codes and units).
    static func english(in text: String) -> [String] {
        var prose = text
        for pattern in [
            #"'[^'\n]*'"#, #"https?://\S+"#, #"--[a-z][a-z0-9-]*"#, #"<[^>\n]*>"#, #"\b[A-Z][A-Z0-9_]{2,}\b"#,
            #"\bkma-forecast\b"#, #"\[options\]"#, #"\b(nx|ny|KST|m/s|mph|mm|cm|in|data\.go\.kr|apihub\.kma\.go\.kr|json|csv|text|svg|jsonl)\b"#,
        ] {
            prose = prose.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        guard let regex = try? NSRegularExpression(pattern: #"[A-Za-z]{2,}[ ,.;:()]+[A-Za-z]{2,}"#) else { return [] }
        let range = NSRange(prose.startIndex..., in: prose)
        return regex.matches(in: prose, range: range).compactMap { Range($0.range, in: prose).map { String(prose[$0]) } }
    }

    @Test("Every view and message a person reads with --lang ko", arguments: [
        ["--demo"], ["--demo", "--all"], ["--demo", "--hours", "5"], ["--demo", "--days", "10"], ["--demo", "--units", "imperial"],
        ["--lat", "37.56", "--lon", "126.97"], ["--place", "종로구"],
        ["--bogus"], ["--lat", "91", "--lon", "127"], ["--lat", "20", "--lon", "100"], ["--place", "없는곳"], ["--place", "중구"],
        ["--demo", "--hours", "0"], ["--demo", "--hours", "3", "--all"], ["--demo", "--hours", "3", "--format", "json"],
        ["--place", "부산", "--format", "json"], ["--demo", "--at", "2026-11-21T05:00:00+09:00"], ["--days", "30"],
        ["--demo", "--days", "5", "--product", "nowcast"], ["--demo", "--format", "jsonl"], ["--demo", "--product", "hourly"],
        ["--place", "부산", "--lat", "37", "--lon", "127"], ["--lat", "37"], ["--demo", "--lang"],
    ])
    func korean(arguments: [String]) async {
        let result = await runTool(["--lang", "ko"] + arguments, environment: ["COLUMNS": "80"])
        let shown = (arguments.contains("json") ? "" : result.stdout) + result.stderr
        #expect(!shown.isEmpty)
        #expect(Self.english(in: shown).isEmpty, "\(arguments): \(Self.english(in: shown)) in\n\(shown)")
    }

    @Test("The message table: a template keeps what was given; an unknown message stays as it is")
    func table() {
        #expect(KoreanMessages.translate("Unknown option '--bogus'") == "알 수 없는 옵션 '--bogus'")
        #expect(KoreanMessages.translate("Missing value for '--lat <lat>'") == "'--lat <lat>'에 값이 없습니다")
        #expect(KoreanMessages.translate("something else") == "something else")
    }
}
