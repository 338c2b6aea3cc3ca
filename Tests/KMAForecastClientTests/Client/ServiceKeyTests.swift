import Testing
@testable import KMAForecastClient

struct KeyCase: Sendable, CustomTestStringConvertible {
    let label: String
    let pasted: String
    let encoded: String
    var testDescription: String { label }
}

@Suite("ServiceKey: either portal form in, encoded exactly once out")
struct ServiceKeyTests {
    static let forms: [KeyCase] = [
        KeyCase(label: "Decoding key", pasted: "TESTKEY+abc/def==", encoded: "TESTKEY%2Babc%2Fdef%3D%3D"),
        KeyCase(label: "Encoding key", pasted: "TESTKEY%2Babc%2Fdef%3D%3D", encoded: "TESTKEY%2Babc%2Fdef%3D%3D"),
        KeyCase(label: "Encoding key, lower-case hex", pasted: "TESTKEY%2babc%2fdef%3d%3d", encoded: "TESTKEY%2Babc%2Fdef%3D%3D"),
        KeyCase(label: "encoded twice by hand", pasted: "TESTKEY%252Babc%252Fdef%253D%253D", encoded: "TESTKEY%2Babc%2Fdef%3D%3D"),
        KeyCase(label: "pasted with a newline and spaces", pasted: "  TESTKEY+abc/def==\n", encoded: "TESTKEY%2Babc%2Fdef%3D%3D"),
        KeyCase(label: "API Hub key (unreserved characters only)", pasted: "aB3-_x.~Z9", encoded: "aB3-_x.~Z9"),
    ]

    @Test(arguments: forms)
    func encodesOnce(_ c: KeyCase) throws {
        let key = try ServiceKey(c.pasted)
        #expect(key.percentEncoded == c.encoded)
    }

    @Test("Both portal forms are the same key")
    func formsAreEqual() throws {
        #expect(try ServiceKey("TESTKEY+abc/def==") == ServiceKey("TESTKEY%2Babc%2Fdef%3D%3D"))
    }

    @Test("A literal '+' is a plus, never a space")
    func plusStaysPlus() throws {
        #expect(try ServiceKey("a+b").percentEncoded == "a%2Bb")
    }

    static let invalid: [KeyCase] = [
        KeyCase(label: "empty", pasted: "", encoded: "the key is empty"),
        KeyCase(label: "only whitespace", pasted: " \n\t", encoded: "the key is empty"),
        KeyCase(label: "space inside", pasted: "TESTKEY abc", encoded: "space"),
        KeyCase(label: "non-ASCII", pasted: "TESTKEY키", encoded: "non-ASCII"),
        KeyCase(label: "'%' without hex digits", pasted: "TESTKEY%zz", encoded: "'%'"),
        KeyCase(label: "'%' at the end", pasted: "TESTKEY%2", encoded: "'%'"),
        KeyCase(label: "decodes to a control character", pasted: "TESTKEY%0A", encoded: "decodes to"),
    ]

    @Test(arguments: invalid)
    func rejects(_ c: KeyCase) {
        #expect {
            _ = try ServiceKey(c.pasted)
        } throws: { error in
            guard let error = error as? ForecastClientError, case .invalidServiceKey = error.reason else { return false }
            return error.stage == .request && error.description.contains(c.encoded) && !error.description.contains("TESTKEY")
        }
    }

    @Test("Printing, debug-printing and dumping a key never show it")
    func neverPrinted() throws {
        let key = try ServiceKey(testKey)
        var dumped = ""
        dump(key, to: &dumped)
        for text in ["\(key)", String(reflecting: key), dumped] {
            #expect(!text.contains("TESTKEY"), "\(text)")
        }
        #expect("\(key)" == "ServiceKey(REDACTED)")
    }

    @Test("Redaction removes every form of the key")
    func redaction() throws {
        let key = try ServiceKey(testKey)
        let text = "a TESTKEY+abc/def== b TESTKEY%2Babc%2Fdef%3D%3D c TESTKEY%2babc%2fdef%3d%3d d serviceKey=anything&x=1"
        let redacted = key.redact(text)
        #expect(!redacted.contains("TESTKEY"))
        #expect(!redacted.contains("anything"))
        #expect(redacted.contains("x=1"))
    }
}

@Suite("ServiceKey: finding the key in bytes")
struct ServiceKeyOccurrenceTests {
    @Test("Any form is found; near misses are not", arguments: [
        ("…TESTKEY+abc/def==…", true), ("x TESTKEY%2Babc%2Fdef%3D%3D", true), ("TESTKEY%2babc%2fdef%3d%3d", true),
        // A piece of 12 normal characters or more is the key too (issue 16): `=` dropped,
        // `+` as a space, encoded twice; shorter pieces are not.
        ("TESTKEY+abc/def=", true), ("testkey abc/def", true), ("TESTKEY%252Babc%252Fdef", true),
        ("TESTKEY+abc/d", false), ("", false), ("TESTKEY", false),
    ])
    func occurs(_ text: String, _ found: Bool) throws {
        #expect(try ServiceKey(testKey).occurs(in: Array(text.utf8)) == found)
    }
}
