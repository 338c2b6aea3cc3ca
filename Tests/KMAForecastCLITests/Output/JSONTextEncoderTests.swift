import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecast
import _KMATestSupport

/// The CLI's one JSON writer (issue 10, item 5): `JSONText` escapes and formats numbers for
/// both the hand-built JSON Lines and the typed documents, which `JSONTextEncoder` writes.
/// The documents were `JSONEncoder([.sortedKeys, .withoutEscapingSlashes])`'s before; these
/// tests hold the writer to that byte for byte on the CLI's real documents, and pin the
/// few places it now follows JSONText instead.
@Suite("JSONTextEncoder: one JSON writer for every CLI output")
struct JSONTextEncoderTests {
    static func foundationJSON(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("The forecast documents are byte-identical to what JSONEncoder wrote", arguments: [
        [ForecastProduct.shortTerm], [.nowcast, .ultraShort], [.ultraShort], [.nowcast, .ultraShort, .shortTerm],
    ])
    func forecastDocument(products: [ForecastProduct]) throws {
        let document = try ForecastTextViewTests.report(products: products)
        #expect(try JSONTextEncoder.encode(document) == Self.foundationJSON(document))
    }

    @Test("The parse documents (rows and days) are byte-identical to what JSONEncoder wrote", arguments: ForecastProduct.allCases)
    func rowsDocument(product: ForecastProduct) throws {
        let fixtures: [ForecastProduct: String] = [
            .shortTerm: "api/getVilageFcst_20221120_0500_nx60_ny120.json",
            .ultraShort: "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json",
            .nowcast: "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json",
        ]
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes(try #require(fixtures[product])), into: &builder)
        let rows = builder.rows()
        let document = ForecastRowsJSON.Document(
            product: product.rawValue, completeness: builder.completeness, rows: rows.map { ForecastRowsJSON.Row($0, product: product) },
            days: DailySummary.summaries(of: rows, product: product)
        )
        #expect(try JSONTextEncoder.encode(document) == Self.foundationJSON(document))
    }

    struct Sample: Encodable {
        var keys: [String: Int]
        var strings: [String]
        var numbers: [Double]
        var integers: [Int64]
        var flags: [Bool]
        var missing: String?
        var nested: [[String: [Int]]]
    }

    /// Key order, integers, plain strings, nesting and absent optionals, as JSONEncoder. (DEL,
    /// the C1 controls and the bidirectional marks are escaped where JSONEncoder writes them
    /// raw: issue 38, `JSONTextEscapeTests`.)
    @Test func agreesWithJSONEncoderOnTheCommonCases() throws {
        let sample = Sample(
            keys: ["b": 1, "B": 2, "a": 3, "A": 4, "a10": 5, "a9": 6, "a09": 7, "_x": 8, "Z": 9, "z": 10, "T1H": 11, "TMN": 12, "tmp": 13, "TMP": 14, "": 15, "서울": 16],
            strings: ["", "m/s", "\"quoted\"", "back\\slash", "tab\tnew\nline\rreturn", "\u{1}\u{1F}", "서울 ☀️"],
            numbers: [0, 1, -1, 10, 0.5, -1.3, 37.5665, 126.978, 1e-7, 123_456_789.125, 0.1 + 0.2, 999_999_999_999_999, 1e20, 1e15, 9_007_199_254_740_992, .leastNonzeroMagnitude],
            integers: [0, -5, Int64.max, Int64.min], flags: [true, false], missing: nil,
            nested: [["x": [1, 2]], [:]]
        )
        let mine = try JSONTextEncoder.encode(sample), theirs = try Self.foundationJSON(sample)
        #expect(mine == theirs, "\n\(mine)\n\(theirs)")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var value: Double
        var json: String
        var testDescription: String { name }
    }

    /// Numbers as JSONText writes them everywhere: whole numbers without a point, the
    /// shortest round-trip form otherwise, `null` where JSON has no number. Two differ from
    /// JSONEncoder, deliberately: negative zero is `0` (JSONEncoder wrote `-0`), and NaN or
    /// infinity is `null` (JSONEncoder refused the whole document). Neither can come from
    /// KMA's data, whose numbers are parsed decimals.
    @Test(arguments: [
        Case(name: "whole", value: 10, json: "10"),
        Case(name: "negative fraction", value: -1.3, json: "-1.3"),
        Case(name: "negative zero", value: -0.0, json: "0"),
        Case(name: "large whole", value: 1e20, json: "1e+20"),
        // Regression: JSONText wrote whole numbers from 1e15 to 2^53 with a needless ".0".
        Case(name: "whole from 1e15", value: 1e15, json: "1000000000000000"),
        Case(name: "tiny", value: 1e-7, json: "1e-07"),
        Case(name: "NaN", value: .nan, json: "null"),
        Case(name: "infinity", value: .infinity, json: "null"),
    ])
    func numbers(_ c: Case) throws {
        #expect(try JSONTextEncoder.encode(c.value) == c.json)
        #expect(try JSONTextEncoder.encode([c.value]) == "[\(c.json)]")
    }

    /// Escaping is JSONText's: `"`, `\`, `\n`, `\r`, `\t` by name, other controls as
    /// `\u00XX`, `/` and non-ASCII as they are. The one difference from JSONEncoder, which
    /// wrote backspace and form feed as `\b` and `\f`: both spellings are the same JSON
    /// string, and the JSON Lines outputs already wrote `\u0008`/`\u000c`.
    @Test func strings() throws {
        #expect(try JSONTextEncoder.encode("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(try JSONTextEncoder.encode("\n\r\t") == #""\n\r\t""#)
        #expect(try JSONTextEncoder.encode("\u{8}\u{C}\u{0}") == #""\u0008\u000c\u0000""#)
        #expect(try JSONTextEncoder.encode("강수없음") == "\"강수없음\"")
    }

    @Test func keyOrder() {
        let keys = ["b", "B", "a10", "a9", "A", "a", "tmp", "TMP", "T1H", "TMN"]
        #expect(keys.sorted(by: JSONTextEncoder.keyOrder) == ["A", "B", "T1H", "TMN", "TMP", "a", "a10", "a9", "b", "tmp"])
        #expect(JSONTextEncoder.keyOrder("Z", "_x") && JSONTextEncoder.keyOrder("_x", "a") && JSONTextEncoder.keyOrder("z", "서울"))
    }
}
