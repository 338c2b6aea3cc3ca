import Testing
import KMAForecast

/// Every form a gateway, proxy or log can echo a key in is redacted (issue 16, item 2).
@Suite("KeyRedaction: the key in every echoed form, and any long piece of it")
struct KeyRedactionTests {
    /// A key as long as a real data.go.kr key, with `+`, `/` and `==`.
    static let key = "Xy7+Qp9/Lm3Kd8Rt2+Vb6Wn4/Zc1Hs5Jf0Ga9Te3Ub7Yi2Op6As4Dg8Fh1Jk5Lz0Xc3Vb7Nm2Qw6Er9Ty4Ui8Op1As5Dd=="

    static func encoded(_ text: String, times: Int = 1) -> String {
        var out = text
        for _ in 0..<times {
            var next = ""
            for byte in out.utf8 {
                let scalar = Unicode.Scalar(byte)
                if scalar.properties.isASCIIHexDigit || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) {
                    next.unicodeScalars.append(scalar)
                } else {
                    next += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            }
            out = next
        }
        return out
    }

    static let forms: [(String, String)] = {
        let key = KeyRedactionTests.key
        let once = encoded(key)
        let slice = String(key.dropFirst(30).prefix(12))
        return [
            ("decoded", key),
            ("encoded, upper-case hex", once),
            ("encoded, lower-case hex", once.replacingAll("%2B", "%2b").replacingAll("%2F", "%2f").replacingAll("%3D", "%3d")),
            ("encoded, lower-cased whole", once.lowercased()),
            ("decoded, upper-cased whole", key.uppercased()),
            ("+ read as a space", key.replacingAll("+", " ")),
            ("encoded twice (%252B)", encoded(key, times: 2)),
            ("encoded three times (%25252B)", encoded(key, times: 3)),
            ("+ and / dropped", key.replacingAll("+", "").replacingAll("/", "")),
            ("+, / and = dropped", key.replacingAll("+", "").replacingAll("/", "").replacingAll("=", "")),
            ("/ escaped as JSON does", key.replacingAll("/", "\\/")),
            ("a 40-character prefix", String(key.prefix(40))),
            ("a 12-character slice", slice),
            ("a 12-character slice, encoded and lower-cased", encoded(String(key.dropFirst(2).prefix(14))).lowercased()),
            ("a slice encoded twice", encoded(String(key.dropFirst(20).prefix(30)), times: 2)),
        ]
    }()

    // Regression: only the exact decoded and once-encoded forms were redacted.
    @Test("Each form is replaced, and the text around it kept", arguments: forms)
    func form(_ label: String, _ form: String) {
        let text = "resultMsg: key <\(form)> refused"
        #expect(KeyRedaction.redact(text, keys: [Self.key]) == "resultMsg: key <REDACTED> refused", "\(label)")
        #expect(KeyRedaction.contains(Self.key, in: Array(text.utf8)), "\(label)")
    }

    @Test("The key given in its encoded form finds the decoded form too")
    func encodedKeyGiven() {
        #expect(KeyRedaction.redact("x \(Self.key) y", keys: [Self.encoded(Self.key)]) == "x REDACTED y")
    }

    @Test("Two echoes in one text, and padding after the key, are all removed")
    func severalEchoes() {
        let text = "a \(Self.key) b \(Self.encoded(Self.key).lowercased()) c"
        #expect(KeyRedaction.redact(text, keys: [Self.key]) == "a REDACTED b REDACTED c")
    }

    @Test("Text that holds no piece of 12 characters is left alone", arguments: [
        "NORMAL_SERVICE", String(key.prefix(11)), "Xy7 Qp9 and then something else", "",
        String(key.dropFirst(10).prefix(11)) + " " + String(key.dropFirst(40).prefix(11)),
    ])
    func untouched(_ text: String) {
        #expect(KeyRedaction.redact(text, keys: [Self.key]) == text)
        #expect(!KeyRedaction.contains(Self.key, in: Array(text.utf8)))
    }

    @Test("Query values are still redacted without a key")
    func queryValues() {
        #expect(KeyRedaction.redact("https://h/x?serviceKey=abc%2B&pageNo=1") == "https://h/x?serviceKey=REDACTED&pageNo=1")
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
