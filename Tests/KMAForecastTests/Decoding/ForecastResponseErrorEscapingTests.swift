import Testing
@testable import KMAForecast

/// What KMA, a gateway or a proxy sends reaches ``ForecastResponseError/description`` through
/// the package's one rule for network text (`PrintableText`), also for an app that uses the
/// decoder without the client. Regression: the description quoted `resultMsg` as it came (an
/// ESC sequence cleared the terminal of whoever printed the error, a U+202E reversed the
/// rest of the line, a CR/LF started a line of its own, 10,000 characters buried the
/// advice), and the gateway's and API Hub's messages had a second rule of their own
/// (controls became spaces, bidirectional overrides passed).
@Suite("ForecastResponseError: text from the network is escaped and cut by the one rule")
struct ForecastResponseErrorEscapingTests {
    /// ESC sequences (retitle, clear), a bidi override, NUL, CR/LF, BEL, a C1 CSI.
    static let hostile = "LIMITED \u{1B}]0;pwned\u{07}\u{1B}[2J \u{202E}gnp.exe\u{202C} a\u{0}b\r\nError: fake \u{9B}31m"
    static let hostileShown = #"LIMITED \u{1B}]0;pwned\u{7}\u{1B}[2J \u{202E}gnp.exe\u{202C} a\u{0}b\u{D}\u{A}Error: fake \u{9B}31m"#

    /// No scalar of `text` may act on a terminal, and it is one line.
    static func isPrintable(_ text: String) -> Bool {
        !text.unicodeScalars.contains { PrintableText.isControl($0) }
    }

    /// `text` as a JSON string literal's contents (every scalar below U+0020 and the
    /// overrides as `\uXXXX`), so the page carries them the way a server would.
    static func json(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x202E || scalar.value == 0x202C || scalar == "\"" || scalar == "\\" {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test("A resultMsg with ESC sequences, U+202E, NUL and CR/LF: kept as sent, shown escaped")
    func hostileResultMessage() throws {
        let page = #"{"response":{"header":{"resultCode":"22","resultMsg":"\#(Self.json(Self.hostile))"}}}"#
        guard case .failure(let error) = decodePage(page) else { Issue.record("no error"); return }
        #expect(error == .resultCode(.quotaExceeded, message: Self.hostile))
        #expect(error.description == "KMA answered resultCode 22 LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR (\"\(Self.hostileShown)\"). \(ResultCode.quotaExceeded.advice)")
        #expect(Self.isPrintable(error.description))
    }

    @Test("A 10,000-character resultMsg is cut to the rule's length, and the advice after it stays")
    func longResultMessage() {
        let message = String(repeating: "x", count: 10_000)
        let error = ForecastResponseError.resultCode(.invalidRequestParameter, message: message)
        let kept = String(repeating: "x", count: PrintableText.maximumExcerptLength)
        let cut = "… (\(10_000 - PrintableText.maximumExcerptLength) more characters)"
        #expect(error.description == "KMA answered resultCode 10 INVALID_REQUEST_PARAMETER_ERROR (\"\(kept)\(cut)\"). \(ResultCode.invalidRequestParameter.advice)")
        // The whole description fits the line a terminal view prints whole (the CLI cuts there).
        #expect(error.description.unicodeScalars.count < PrintableText.maximumLineLength)
    }

    @Test("Every case that quotes a peer: gateway, API Hub, HTML title, legacy, shape, JSON, an unknown code", arguments: [
        ForecastResponseError.gateway(reasonCode: ResultCode(rawValue: "3\u{1B}[2J0"), authMessage: hostile, errorMessage: hostile + "2"),
        .gateway(reasonCode: .serviceKeyNotRegistered, authMessage: "", errorMessage: hostile),
        .apiHubRefusal(status: 401, message: hostile),
        .html(title: hostile),
        .legacyFormat(hostile),
        .unexpectedShape(hostile),
        .malformedJSON(offset: 3, reason: hostile),
        .resultCode(ResultCode(rawValue: "\u{1B}[2J\u{202E}"), message: ""),
    ])
    func everyCase(error: ForecastResponseError) {
        #expect(Self.isPrintable(error.description), "\(error.description)")
        #expect(!error.description.contains("\n") && !error.description.contains("\r"))
    }

    @Test("The gateway's and API Hub's messages are kept as sent (trimmed) and shown escaped")
    func gatewayAndAPIHub() {
        let xml = "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg> SERVICE\u{1B}[2J\u{202E}ERROR\r\n</errMsg><returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"
        let gateway = ForecastResponseError.gateway(reasonCode: .serviceKeyNotRegistered, authMessage: "", errorMessage: "SERVICE\u{1B}[2J\u{202E}ERROR")
        #expect(decodePage(xml) == .failure(gateway))
        #expect(gateway.description.contains(#"("SERVICE\u{1B}[2J\u{202E}ERROR")"#))
        let apiHub = #"{"status":401,"message":"\u001b[31m인증키\u202e 오류\r\n"}"#
        let refusal = ForecastResponseError.apiHubRefusal(status: 401, message: "\u{1B}[31m인증키\u{202E} 오류")
        #expect(decodePage(apiHub) == .failure(refusal))
        #expect(refusal.description.hasPrefix(#"KMA API Hub refused the request (status 401: "\u{1B}[31m인증키\u{202E} 오류")."#))
    }

    @Test("A key in a long message is redacted before the cut, so no part of it shows")
    func redactedBeforeTheCut() {
        let message = String(repeating: "가", count: 280) + " serviceKey=TESTKEY%2Bfake%2Fkey%3D%3D tail"
        let error = ForecastResponseError.resultCode(.serviceKeyNotRegistered, message: message)
        #expect(!error.description.contains("TESTKEY"))
        #expect(!error.description.contains("fake%2Fkey"))
    }

    @Test("GridFieldError quotes an API Hub error line and a token by the same rule")
    func gridField() {
        let said = "input variable error\u{1B}[2J\u{202E} (-1)"   // 30 characters
        let line = GridFieldError.serviceMessage(said + String(repeating: "!", count: 1_000))
        #expect(line.description.contains(#"input variable error\u{1B}[2J\u{202E} (-1)"#))
        #expect(line.description.contains("… (\(said.unicodeScalars.count + 1_000 - PrintableText.maximumExcerptLength) more characters)"))
        #expect(Self.isPrintable(line.description))
        let token = GridFieldError.invalidNumber(line: 2, text: "1\u{0}2\u{9B}")
        #expect(token.description == #"the grid field has '1\u{0}2\u{9B}' on line 2, which is not a number: the body is not a KMA grid field."#)
    }
}
