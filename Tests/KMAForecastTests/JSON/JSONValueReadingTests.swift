import Testing
@testable import KMAForecast

/// ``JSONValue/read(_:maximumDepth:)``: the MCP server's JSON tree, read through the package's
/// one JSON reader (``JSONReader``). Each refusal's words are the ones the MCP server's own
/// parser (`MCP/JSONParser.swift`, deleted in issue 28) wrote, recorded from it: its -32700
/// replies stay byte for byte what they were.
@Suite("JSONValue.read: one reader, the MCP's words")
struct JSONValueReadingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        /// The old parser's error text, or `nil` when it read the text.
        var error: String?
        var testDescription: String { String(decoding: bytes.prefix(40), as: UTF8.self) + (bytes.count > 40 ? "…" : "") }
    }

    static let table: [([UInt8], String?)] = [
        (Array(#"not json"#.utf8), "unexpected character at byte 0"),
        (Array(#""#.utf8), "unexpected end of the text at byte 0"),
        (Array(#"   "#.utf8), "unexpected end of the text at byte 3"),
        (Array(#"{"#.utf8), "expected a member name at byte 1"),
        (Array(#"["#.utf8), "unexpected end of the text at byte 1"),
        (Array(#"{"a""#.utf8), "expected ':' at byte 4"),
        (Array(#"{"a":"#.utf8), "unexpected end of the text at byte 5"),
        (Array(#"{"a":1"#.utf8), "unexpected end of the text at byte 6"),
        (Array(#"{"a":1,"#.utf8), "expected a member name at byte 7"),
        (Array(#"{"a" 1}"#.utf8), "expected ':' at byte 5"),
        (Array(#"{1:2}"#.utf8), "expected a member name at byte 1"),
        (Array(#"{"a":1 "b":2}"#.utf8), "expected ',' or '}' at byte 7"),
        (Array(#"[1 2]"#.utf8), "expected ',' or ']' at byte 3"),
        (Array(#"[1,]"#.utf8), "unexpected character at byte 3"),
        (Array(#"{"a":1,}"#.utf8), "expected a member name at byte 7"),
        (Array(#"tru"#.utf8), "unexpected end of the text at byte 0"),
        (Array(#"trx"#.utf8), "unexpected end of the text at byte 0"),
        (Array(#"truex"#.utf8), "unexpected text after the JSON value at byte 4"),
        (Array(#"nul"#.utf8), "unexpected end of the text at byte 0"),
        (Array(#"nulL"#.utf8), "unexpected character at byte 0"),
        (Array(#"fals"#.utf8), "unexpected end of the text at byte 0"),
        (Array(#"01"#.utf8), "a number may not start with 0 at byte 2"),
        (Array(#"-"#.utf8), "expected a digit at byte 1"),
        (Array(#"-a"#.utf8), "expected a digit at byte 1"),
        (Array(#"1."#.utf8), "expected a digit after '.' at byte 2"),
        (Array(#"1.e3"#.utf8), "expected a digit after '.' at byte 2"),
        (Array(#"1e"#.utf8), "expected a digit in the exponent at byte 2"),
        (Array(#"1e+"#.utf8), "expected a digit in the exponent at byte 3"),
        (Array(#"-01"#.utf8), "a number may not start with 0 at byte 3"),
        (Array(#"00"#.utf8), "a number may not start with 0 at byte 2"),
        (Array(#"0.5.5"#.utf8), "unexpected text after the JSON value at byte 3"),
        (Array(#"1 2"#.utf8), "unexpected text after the JSON value at byte 2"),
        (Array(#""abc"#.utf8), "unterminated string at byte 4"),
        (Array(#""a\"#.utf8), "unterminated string at byte 3"),
        (Array(#""a\x""#.utf8), "an invalid escape at byte 4"),
        (Array(#""\u12""#.utf8), "an incomplete \\u escape at byte 3"),
        (Array(#""\u12G4""#.utf8), "an invalid \\u escape at byte 5"),
        (Array(#""\uD800""#.utf8), "a lone surrogate escape at byte 7"),
        (Array(#""\uD800\u0041""#.utf8), "a lone surrogate escape at byte 13"),
        (Array(#""\uDC00""#.utf8), "a lone surrogate escape at byte 7"),
        (Array(#""\uD800\"#.utf8), "a lone surrogate escape at byte 7"),
        ([0x22, 0x61, 0x09, 0x62, 0x22], "a control character in a string at byte 2"),
        (Array(#""\uD800x""#.utf8), "a lone surrogate escape at byte 7"),
        (Array(#"["\u00e9", "\ud83d\ude00"]"#.utf8), nil),
        (Array(#"{"a":1,"a":2}"#.utf8), nil),
        (Array(#"1.0"#.utf8), nil),
        (Array(#"12345678901234567890"#.utf8), nil),
        (Array(#"-0"#.utf8), nil),
        (Array(#"1E+2"#.utf8), nil),
        (Array(#"[]"#.utf8), nil),
        (Array(#"{}"#.utf8), nil),
        (Array(#""""#.utf8), nil),
        (Array(#"[[[]]] x"#.utf8), "unexpected text after the JSON value at byte 7"),
        ([0x22, 0xFF, 0x22], "a string that is not valid UTF-8 at byte 3"),
        ([0x22, 0xC3, 0x28, 0x22], "a string that is not valid UTF-8 at byte 4"),
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "a string that is not valid UTF-8 at byte 5"),
        ([0x22, 0xC0, 0xAF, 0x22], "a string that is not valid UTF-8 at byte 4"),
        ([0x22, 0xE2, 0x82, 0x22], "a string that is not valid UTF-8 at byte 4"),
        ([0x22, 0x61, 0xF4, 0x90, 0x80, 0x80, 0x22], "a string that is not valid UTF-8 at byte 7"),
        ([0x22, 0xFF, 0x5C, 0x78, 0x22], "an invalid escape at byte 4"),
        ([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], "a string that is not valid UTF-8 at byte 4"),
        ([0x22, 0x7F, 0x22], nil),
        ([0x22, 0xC3, 0xA9, 0x22], nil),
        (Array(repeating: UInt8(ascii: "["), count: 64) + Array(repeating: UInt8(ascii: "]"), count: 64), nil),
        (Array(repeating: UInt8(ascii: "["), count: 65) + Array(repeating: UInt8(ascii: "]"), count: 65), "nested deeper than 64 levels at byte 64"),
        (Array(String(repeating: #"{"a":"#, count: 65).utf8) + [0x31] + Array(repeating: UInt8(ascii: "}"), count: 65), "nested deeper than 64 levels at byte 320"),
        (Array(repeating: UInt8(ascii: "["), count: 10_000), "nested deeper than 64 levels at byte 64"),
        (Array(#""\uD800\u12"#.utf8), "a lone surrogate escape at byte 7"),
        (Array(#""\uD800\u1G34""#.utf8), "an invalid \\u escape at byte 10"),
        ([0x22, 0x5C, 0x09, 0x22], "an invalid escape at byte 3"),
        (Array(#""\uD800"#.utf8), "a lone surrogate escape at byte 7"),
        (Array(#""\uDC00\x""#.utf8), "a lone surrogate escape at byte 7"),
        (Array(#""\uD800\uDC00""#.utf8), nil),
        (Array(#""\\u""#.utf8), nil),
        (Array(#"[1,2"#.utf8), "unexpected end of the text at byte 4"),
        (Array(#"{"a":[1,{"b":tru}]}"#.utf8), "unexpected character at byte 13"),
        (Array(#"-1.5e-3"#.utf8), nil),
        (Array(#""\u00""#.utf8), "an incomplete \\u escape at byte 3"),
        (Array(#""\u"#.utf8), "an incomplete \\u escape at byte 3"),
        (Array(#""\uD83D\uDE00"#.utf8), "unterminated string at byte 13"),
        (Array(#""x\uD800\uD800""#.utf8), "a lone surrogate escape at byte 14"),
        (Array(#""\uD800\n""#.utf8), "a lone surrogate escape at byte 7"),
        (Array(#""\uZZZZ""#.utf8), "an invalid \\u escape at byte 3"),
        ([0x22, 0x61, 0x1F, 0x22], "a control character in a string at byte 2"),
        (Array(#" [ 1 , { "k" : null } ] "#.utf8), nil),
    ]

    static let cases: [Case] = table.map { Case(bytes: $0.0, error: $0.1) }

    @Test("Refused with the old parser's words and offset, or read", arguments: cases)
    func parity(_ c: Case) {
        do throws(JSONValue.ReadError) {
            let value = try JSONValue.read(c.bytes)
            #expect(c.error == nil, "read \(value.text), expected \(c.error ?? "")")
        } catch {
            #expect(error.description == c.error)
        }
    }

    @Test("Request ids are echoed byte for byte: 1.0, 12345678901234567890, -0, 1E+2 keep their text")
    func numbersKeepTheirText() throws {
        for id in ["1.0", "12345678901234567890", "-0", "1E+2", "-1.5e-3", "0"] {
            let message = try JSONValue.read(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#.utf8))
            #expect(message["id"] == .number(id))
            #expect(JSONValue.object([("id", message["id"] ?? .null)]).text == #"{"id":\#(id)}"#)
        }
    }

    @Test("Members keep their order, a duplicate key included; lookup takes the last")
    func duplicateKeys() throws {
        let value = try JSONValue.read(Array(#"{"b":1,"a":2,"b":3}"#.utf8))
        #expect(value.text == #"{"b":1,"a":2,"b":3}"#)
        #expect(value["b"] == .number("3"))
        #expect(value.objectValue?.map(\.0) == ["b", "a", "b"])
    }

    @Test("Nesting: 64 levels read, 65 refused; a line of 10,000 '[' refused without exhausting the stack")
    func depth() throws {
        #expect(throws: Never.self) { try JSONValue.read(Array(repeating: UInt8(ascii: "["), count: 64) + Array(repeating: UInt8(ascii: "]"), count: 64)) }
        #expect(throws: JSONValue.ReadError.self) { try JSONValue.read(Array(repeating: UInt8(ascii: "["), count: 65) + Array(repeating: UInt8(ascii: "]"), count: 65)) }
        #expect(throws: JSONValue.ReadError.self) { try JSONValue.read(Array(repeating: UInt8(ascii: "["), count: 10_000)) }
        #expect(throws: Never.self) { try JSONValue.read(Array(repeating: UInt8(ascii: "["), count: 65) + Array(repeating: UInt8(ascii: "]"), count: 65), maximumDepth: 65) }
    }

    @Test("Invalid UTF-8 is refused, never repaired; escapes decode to the text")
    func strings() throws {
        #expect(throws: JSONValue.ReadError.self) { try JSONValue.read([0x22, 0xFF, 0xFE, 0x22]) }
        let value = try JSONValue.read(Array(#"["\u00e9\ud83d\ude00\n\"\\\/", "해운대"]"#.utf8))
        #expect(value.arrayValue?.map(\.stringValue) == ["é😀\n\"\\/", "해운대"])
    }
}
