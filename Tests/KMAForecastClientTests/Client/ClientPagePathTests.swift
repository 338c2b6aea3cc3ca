import Foundation
import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// Issue 10, item 5: the client decodes each page straight into rows (the fused path) instead
/// of into an item array that it then checked and pivoted again. Everything it did must hold:
/// the same rows, the same refusals in the same order, the HH00 label, the key redacted.
@Suite("The client's page path: decoded straight into rows, checked as before")
struct ClientPagePathTests {
    /// A client that is never asked to fetch (no request is made by these tests).
    static func client() throws -> ForecastClient {
        try ForecastClient(configuration: ClientConfiguration(
            serviceKey: try ServiceKey(testKey), baseURL: "http://127.0.0.1:9/1360000/VilageFcstInfoService_2.0", cache: .disabled
        ))
    }

    /// The cell and run a page's first item is for, and its product.
    static func target(of bytes: [UInt8]) throws -> (ForecastProduct, GridCell, ForecastBase) {
        let first = try #require(try ForecastPageDecoder.decode(bytes).items.first)
        let product: ForecastProduct = first.isObservation ? .nowcast : first.category == .t1h ? .ultraShort : .shortTerm
        return (product, try GridCell(nx: first.nx, ny: first.ny), first.base)
    }

    /// Both paths' outcome, for comparison: the rows, completeness and page facts, or the error.
    static func outcomes(_ bytes: [UInt8], _ product: ForecastProduct, _ cell: GridCell, _ base: ForecastBase) throws
        -> (fused: Result<ForecastRowBuilder, ForecastClientError>, items: Result<ForecastRowBuilder, ForecastClientError>) {
        let client = try client()
        func fused() throws(ForecastClientError) -> ForecastRowBuilder { try client.pageRows(bytes, product: product, cell: cell, base: base) }
        func items() throws(ForecastClientError) -> ForecastRowBuilder { try client.pageRowsThroughItems(bytes, product: product, cell: cell, base: base) }
        return (Result(catching: fused), Result(catching: items))
    }

    static func expectSame(_ bytes: [UInt8], _ product: ForecastProduct, _ cell: GridCell, _ base: ForecastBase, _ label: String) throws {
        let (fused, items) = try outcomes(bytes, product, cell, base)
        switch (fused, items) {
        case (.success(let a), .success(let b)):
            let sameRows = a.rows() == b.rows()
            #expect(sameRows, "\(label): rows differ")
            #expect(a.rows().map(\.base) == b.rows().map(\.base), "\(label)")
            #expect(a.completeness == b.completeness && a.pages == b.pages && a.itemCount == b.itemCount, "\(label)")
        case (.failure(let a), .failure(let b)):
            #expect(a.description == b.description, "\(label): '\(a)' vs '\(b)'")
        default:
            Issue.record("\(label): the fused path gave \(fused), the item path \(items)")
        }
    }

    static let recorded = [
        "api/getVilageFcst_20221120_0500_nx60_ny120.json",
        "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json",
        "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json",
        "api/variants/variant_page1_of_2.json",
        "api/variants/variant_page2_of_2.json",
        "api/variants/variant_shuffled_pretty.json",
        "api/variants/variant_escaped_strings.json",
        "api/variants/variant_numbers_as_strings.json",
        "api/variants/variant_body_before_header.json",
        "api/variants/variant_single_item_object.json",
    ]

    @Test("Every recorded page makes the same rows as through an item array", arguments: recorded)
    func sameRows(fixture: String) throws {
        let bytes = try Fixtures.bytes(fixture)
        let (product, cell, base) = try Self.target(of: bytes)
        try Self.expectSame(bytes, product, cell, base, fixture)
        let rows = try Self.client().pageRows(bytes, product: product, cell: cell, base: base).rows()
        #expect(!rows.isEmpty && rows.allSatisfy { $0.cell == cell && $0.base == base })
    }

    @Test("An ultra-short page labelled HH00 for HH30: the rows carry HH30, as before")
    func hourLabel() throws {
        let text = try Fixtures.text("api/getUltraSrtFcst_20210328_1530_nx56_ny125.json")
        let bytes = Array(text.replacingOccurrences(of: #""baseTime": "1530""#, with: #""baseTime": "1500""#).utf8)
        #expect(bytes != Array(text.utf8), "the fixture's layout changed: nothing was relabelled")
        let cell = try GridCell(nx: 56, ny: 125)
        let b1530 = try ForecastBase(baseDate: "20210328", baseTime: "1530")
        try Self.expectSame(bytes, .ultraShort, cell, b1530, "HH00")
        let rows = try Self.client().pageRows(bytes, product: .ultraShort, cell: cell, base: b1530).rows()
        #expect(rows.count == 6 && rows.allSatisfy { $0.base == b1530 })
    }

    /// The recorded short-term page with the n-th occurrence of `old` replaced.
    static func shortTerm(replacing old: String, with new: String, occurrence: Int = 0) throws -> [UInt8] {
        var text = try Fixtures.text("api/getVilageFcst_20221120_0500_nx60_ny120.json")
        var range = text.range(of: old)
        for _ in 0..<occurrence { range = range.flatMap { text.range(of: old, range: $0.upperBound..<text.endIndex) } }
        let found = try #require(range, "'\(old)' not in the fixture")
        text.replaceSubrange(found, with: new)
        return Array(text.utf8)
    }

    static let cell: GridCell = {
        guard let cell = try? GridCell(nx: 60, ny: 120) else { preconditionFailure("a valid test cell") }
        return cell
    }()
    static let b0500: ForecastBase = {
        guard let base = try? ForecastBase(baseDate: "20221120", baseTime: "0500") else { preconditionFailure("a valid test base") }
        return base
    }()

    @Test("Foreign items are refused through the fused path with the same errors", arguments: [
        (#""nx":60"#, #""nx":61"#, 0),
        (#""ny":120"#, #""ny":121"#, 400),
        (#""baseTime":"0500""#, #""baseTime":"0200""#, 808),
    ])
    func foreign(old: String, new: String, occurrence: Int) throws {
        let bytes = try Self.shortTerm(replacing: old, with: new, occurrence: occurrence)
        let (fused, _) = try Self.outcomes(bytes, .shortTerm, Self.cell, Self.b0500)
        guard case .failure(let error) = fused, case .foreignItem(_, let found) = error.reason else {
            Issue.record("not refused as a foreign item: \(fused)")
            return
        }
        #expect(found.contains(new.contains("nx") ? "nx 61" : new.contains("ny") ? "ny 121" : "run 20221120 0200"))
        try Self.expectSame(bytes, .shortTerm, Self.cell, Self.b0500, "foreign \(new)")
    }

    @Test("A decoding error wins over a foreign item earlier in the page, as before")
    func decodingFirst() throws {
        let foreign = try Self.shortTerm(replacing: #""nx":60"#, with: #""nx":61"#)
        let truncated = Array(foreign.prefix(foreign.count - 40))
        let (fused, _) = try Self.outcomes(truncated, .shortTerm, Self.cell, Self.b0500)
        guard case .failure(let error) = fused, case .response = error.reason else {
            Issue.record("expected the decoder's error: \(fused)")
            return
        }
        try Self.expectSame(truncated, .shortTerm, Self.cell, Self.b0500, "truncated")
    }

    @Test("An ultra-short page with both labels mixes runs and is refused")
    func mixedLabels() throws {
        let text = try Fixtures.text("api/getUltraSrtFcst_20210328_1530_nx56_ny125.json")
        let range = try #require(text.range(of: #""baseTime": "1530""#))
        let bytes = Array(text.replacingCharacters(in: range, with: #""baseTime": "1500""#).utf8)
        let cell = try GridCell(nx: 56, ny: 125)
        let b1530 = try ForecastBase(baseDate: "20210328", baseTime: "1530")
        let (fused, _) = try Self.outcomes(bytes, .ultraShort, cell, b1530)
        guard case .failure(let error) = fused, case .mixedBaseLabels = error.reason else {
            Issue.record("not refused as mixed labels: \(fused)")
            return
        }
        try Self.expectSame(bytes, .ultraShort, cell, b1530, "mixed labels")
    }

    @Test("A repeated item in a page is the rows' error, as before")
    func repeatedItem() throws {
        // The second item (UUU of the first hour) made a second TMP of that hour.
        let bytes = try Self.shortTerm(replacing: #""category":"UUU""#, with: #""category":"TMP""#)
        let (fused, _) = try Self.outcomes(bytes, .shortTerm, Self.cell, Self.b0500)
        guard case .failure(let error) = fused, case .rows(.duplicate) = error.reason else {
            Issue.record("not refused as a repeated item: \(fused)")
            return
        }
        try Self.expectSame(bytes, .shortTerm, Self.cell, Self.b0500, "repeat")
    }

    @Test("A key echoed in a value is redacted in the rows, and in a row error that quotes it")
    func echoedKey() throws {
        let escaped = testKey.replacingOccurrences(of: "/", with: "\\/")
        let echo = try Self.shortTerm(replacing: #""fcstValue":"10""#, with: #""fcstValue":"echo \#(escaped)""#)
        let rows = try Self.client().pageRows(echo, product: .shortTerm, cell: Self.cell, base: Self.b0500).rows()
        let values = rows.flatMap { row in row.categories.compactMap { row[$0] } }
        #expect(values.contains("echo REDACTED"))
        #expect(!values.contains { $0.contains("TESTKEY") })
        try Self.expectSame(echo, .shortTerm, Self.cell, Self.b0500, "echo")

        // The echo repeated as the first hour's UUU: a duplicate whose message quotes both values.
        let twice = Array(String(decoding: echo, as: UTF8.self)
            .replacingOccurrences(of: #""category":"UUU""#, with: #""category":"TMP""#).utf8)
        let (fused, _) = try Self.outcomes(twice, .shortTerm, Self.cell, Self.b0500)
        guard case .failure(let error) = fused, case .rows(.duplicate) = error.reason else {
            Issue.record("not refused as a repeated item: \(fused)")
            return
        }
        #expect(!error.description.contains("TESTKEY") && error.description.contains("REDACTED"), "\(error)")
    }
}
