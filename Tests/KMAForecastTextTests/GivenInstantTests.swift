import KMAForecast
import KMAForecastText
import Testing

/// The one reader of an instant a person or an agent gives (`--at`, `--valid`, the MCP tools):
/// its rule at the edges of the years 1000 and 9999 (KST), and its words by case.
@Suite("GivenInstant: one rule for every face, the years 1000 to 9999 in KST")
struct GivenInstantTests {
    @Test("Every instant of the years 1000 to 9999 in KST is read, whatever offset writes it", arguments: [
        ("1000-01-01T00:00:00+09:00", "1000-01-01T00:00:00+09:00"),
        ("1000-01-01", "1000-01-01T00:00:00+09:00"),
        ("0999-12-31T15:00:00Z", "1000-01-01T00:00:00+09:00"),
        ("9999-12-31T23:59:59+09:00", "9999-12-31T23:59:59+09:00"),
        ("9999-12-31", "9999-12-31T00:00:00+09:00"),
        ("9999-12-31T14:59:59Z", "9999-12-31T23:59:59+09:00"),
        ("2026-11-21T02:09", "2026-11-21T02:09:00+09:00"),
    ])
    func inside(_ text: String, _ expected: String) throws {
        #expect(try GivenInstant.read(text).iso8601 == expected)
    }

    @Test("An instant of another year in KST is refused with the rule, in English and Korean", arguments: [
        "0999-12-31T23:59:59+09:00", "0999-12-31T14:59:59Z", "9999-12-31T15:00:00Z", "9999-12-31T23:59:59-01:00", "0001-01-01",
    ])
    func outside(_ text: String) {
        #expect(throws: GivenInstantError.self) { try GivenInstant.read(text) }
        do {
            _ = try GivenInstant.read(text)
        } catch {
            guard case .outsideYears(let given, _) = error else {
                Issue.record("\(text): \(error)")
                return
            }
            #expect(given == text)
            #expect(error.reason == "give an instant between the years 1000 and 9999 in KST, from 1000-01-01T00:00:00+09:00 to 9999-12-31T23:59:59+09:00")
            #expect(KoreanMessages.givenInstant(error) == "1000년부터 9999년까지의 시각을 주세요 (한국 시각, 1000-01-01T00:00:00+09:00부터 9999-12-31T23:59:59+09:00까지)")
        }
    }

    @Test("Text that is not an instant says which field or that the form is unknown")
    func unreadable() {
        func error(_ text: String) -> GivenInstantError? {
            do { _ = try GivenInstant.read(text) } catch { return error }
            return nil
        }
        #expect(error("tomorrow") == .unreadable(text: "tomorrow"))
        #expect(error("tomorrow")?.reason.hasPrefix("expected ISO 8601 such as 2026-11-21T02:09:59+09:00") == true)
        #expect(error("2026-13-01T10:00")?.reason == "month 13 is outside 1...12")
        #expect(error("2026-02-30T10:00").map(KoreanMessages.givenInstant) == "일 30은(는) 1...28 밖입니다")
        #expect(error("10000-01-01") == .unreadable(text: "10000-01-01"))
    }
}
