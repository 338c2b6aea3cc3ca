import Testing
@testable import KMAForecastText
import KMAForecast

/// `--lang ko` quotes what KMA sent with the one rule (`ForecastResponseError.quote`): redacted,
/// every control escaped, cut. The decoders keep a peer's text as sent, so the Korean
/// sentences must not quote it raw.
@Suite("Korean messages quote KMA's words with the one rule")
struct KoreanQuotingTests {
    @Test("A hostile 10,000-character resultMsg is escaped and cut in the Korean sentence")
    func hostileMessage() {
        let message = "\u{1B}[2J\u{202E}가\r\n" + String(repeating: "x", count: 10_000)
        let text = KoreanMessages.text(ForecastResponseError.resultCode(.invalidRequestParameter, message: message))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}" }, "\(text.prefix(80))")
        #expect(text.contains("more characters"), "\(text.count)")
        #expect(text.count < 1_000, "\(text.count)")
    }
}
