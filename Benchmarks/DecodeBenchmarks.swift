// decode.page, decode-pivot.page, pivot.page, client.page: a 1000-item short-term page in KMA's layout.

import Foundation
import KMAForecast
import KMAForecastClient
import KMAGrid
import _KMATestSupport

/// Pages per timed run of the fast paths, and of the (much slower) JSONDecoder baseline.
private let pagesPerRun = 200
private let baselinePagesPerRun = 5

/// The page: 1000 short-term items written exactly in the recorded page's layout (compact
/// JSON, KMA's key order and value formats, the text categories), from a fixed seed.
private let base = (try? ForecastBase(baseDate: "20261121", baseTime: "0500")) ?? ForecastBase(KSTDateTime(unixSeconds: 0))
private let items = PageGenerator.shortTermItems(count: 1000, base: base, nx: 60, ny: 127, seed: 2026)
private let page = PageGenerator.page(items)

/// A service key shaped like data.go.kr's (88 base64 characters, `+`, `/` and `==`; random,
/// not a real one): the key scan's cost depends on the key, and a short key with few distinct
/// letters would flatter it.
private let benchmarkKey = "pU3KGCUwux1tEyze1iN7LtkeP3IfyxlxF0SU1kk8nVw0YL4xIB5p/tqg7ui5mX9cfCmZ/a/lkyU81lSvTfrXFA=="

/// The pivot "what nearly every client does": a dictionary per hour of category → value,
/// keyed by cell and time, sorted at the end.
private struct NaivePivot {
    struct Key: Hashable, Comparable {
        var nx: Int, ny: Int, date: String, time: String
        static func < (a: Key, b: Key) -> Bool { (a.nx, a.ny, a.date, a.time) < (b.nx, b.ny, b.date, b.time) }
    }
    static func rows(_ items: [ReferenceDecoder.Item]) -> [(Key, [String: String])] {
        var rows: [Key: [String: String]] = [:]
        for item in items {
            rows[Key(nx: item.nx, ny: item.ny, date: item.fcstDate ?? item.baseDate, time: item.fcstTime ?? item.baseTime), default: [:]][item.category] = item.value
        }
        return rows.sorted { $0.key < $1.key }
    }
}

@MainActor
func addDecodeBenchmarks(_ suite: BenchmarkSuite) {
    let bytes = page
    let throughput: (bytes: Int?, records: Int) = (bytes.count, items.count)

    suite.add(
        "decode.page", per: "page", items: pagesPerRun,
        check: {
            let fast = try ForecastPageDecoder.decode(bytes)
            try expect(fast.items == items, "the fast decoder does not give the generated items")
            try expect(try ReferenceDecoder.decode(bytes) == fast, "the JSONDecoder reference disagrees")
        },
        baseline: Baseline("decode.page.jsondecoder", items: baselinePagesPerRun) {
            for _ in 0..<baselinePagesPerRun { blackHole((try? ReferenceDecoder.decodePlain(bytes))?.count ?? 0) }
        },
        microseconds: true, throughput: throughput
    ) {
        for _ in 0..<pagesPerRun { blackHole((try? ForecastPageDecoder.decode(bytes))?.items.count ?? 0) }
    }

    suite.add(
        "decode-pivot.page", per: "page", items: pagesPerRun,
        check: {
            var builder = ForecastRowBuilder()
            _ = try ForecastPageDecoder.decode(bytes, into: &builder)
            try expect(builder.completeness.isComplete, "the page is not complete: \(builder.completeness)")
            try expect(builder.rows() == (try ReferenceDecoder.decodeAndPivot(bytes)), "the rows differ from the JSONDecoder reference's")
        },
        baseline: Baseline("decode-pivot.page.jsondecoder", items: baselinePagesPerRun) {
            for _ in 0..<baselinePagesPerRun { blackHole((try? ReferenceDecoder.decodeAndPivot(bytes))?.count ?? 0) }
        },
        microseconds: true, throughput: throughput
    ) {
        for _ in 0..<pagesPerRun {
            var builder = ForecastRowBuilder()
            _ = try? ForecastPageDecoder.decode(bytes, into: &builder)
            blackHole(builder.rows().count)
        }
    }

    let plain = (try? ReferenceDecoder.decodePlain(bytes)) ?? []
    suite.add(
        "pivot.page", per: "page", items: pagesPerRun,
        check: {
            var builder = ForecastRowBuilder()
            for item in items { try builder.add(item) }
            try expect(builder.rows() == (try ReferenceDecoder.decodeAndPivot(bytes)), "the rows differ from the JSONDecoder reference's")
            try expect(builder.rows().count == NaivePivot.rows(plain).count, "the pivots disagree on the number of rows")
        },
        baseline: Baseline("pivot.page.dictionaries", items: pagesPerRun / 10) {
            for _ in 0..<(pagesPerRun / 10) { blackHole(NaivePivot.rows(plain).count) }
        },
        // The pivot reads items, not bytes: items/s only.
        microseconds: true, throughput: (nil, items.count)
    ) {
        for _ in 0..<pagesPerRun {
            var builder = ForecastRowBuilder()
            for item in items { try? builder.add(item) }
            blackHole(builder.rows().count)
        }
    }

    // The client's own work on a page: decoded straight into rows with every check a fetch
    // makes (cell, run, the HH00 label, an echoed key), then added to the run's rows. Baseline:
    // the path it replaced, an item array checked and then pivoted.
    let client = try? ForecastClient(configuration: ClientConfiguration(
        serviceKey: try ServiceKey(benchmarkKey), baseURL: "http://127.0.0.1:9/1360000/VilageFcstInfoService_2.0", cache: .disabled
    ))
    let cell = try? GridCell(nx: 60, ny: 127)
    func clientRows(_ throughItems: Bool) throws -> ForecastRowBuilder {
        guard let client, let cell else { throw CheckFailure("no client") }
        return throughItems
            ? try client.pageRowsThroughItems(bytes, product: .shortTerm, cell: cell, base: base)
            : try client.pageRows(bytes, product: .shortTerm, cell: cell, base: base)
    }
    suite.add(
        "client.page", per: "page", items: pagesPerRun,
        check: {
            let fused = try clientRows(false), items = try clientRows(true)
            var plain = ForecastRowBuilder()
            _ = try ForecastPageDecoder.decode(bytes, into: &plain)
            try expect(fused.completeness.isComplete, "the page is not complete: \(fused.completeness)")
            try expect(fused.rows() == items.rows(), "the client's rows differ from the item path's")
            try expect(fused.rows() == plain.rows() && fused.pages == items.pages, "the client's rows differ from decode(_:into:)'s")
        },
        baseline: Baseline("client.page.items-then-pivot", items: pagesPerRun) {
            for _ in 0..<pagesPerRun { blackHole((try? clientRows(true))?.rowCount ?? 0) }
        },
        microseconds: true, throughput: throughput
    ) {
        for _ in 0..<pagesPerRun { blackHole((try? clientRows(false))?.rowCount ?? 0) }
    }

    // What dominates client.page: looking for the service key, in any form it could be echoed
    // in, through the page's bytes (every page is scanned once, to redact and not cache it).
    // Baseline: what a client that looks at all does, one case-insensitive search for the
    // key as sent (percent-encoded), which finds none of the other forms.
    let encodedKey = Array(benchmarkKey.utf8).flatMap { byte -> [UInt8] in
        switch byte {
        case UInt8(ascii: "+"): Array("%2B".utf8)
        case UInt8(ascii: "/"): Array("%2F".utf8)
        case UInt8(ascii: "="): Array("%3D".utf8)
        default: [byte]
        }
    }
    suite.add(
        "client.page.key-scan", per: "page", items: pagesPerRun,
        check: {
            try expect(!KeyRedaction.contains(benchmarkKey, in: bytes), "the scan finds the key in a page without it")
            try expect(KeyRedaction.contains(benchmarkKey, in: bytes + encodedKey), "the scan misses the key")
            try expect(KeyRedaction.contains(benchmarkKey, in: Array(bytes[..<5000]) + Array(benchmarkKey.utf8.prefix(30)) + bytes), "the scan misses a piece of the key")
            try expect(ByteSearch.firstIndex(of: encodedKey, in: bytes + encodedKey, ignoringASCIICase: true) == bytes.count, "the baseline misses the key")
        },
        baseline: Baseline("client.page.key-scan.one-form-search", items: pagesPerRun) {
            for _ in 0..<pagesPerRun { blackHole(ByteSearch.firstIndex(of: encodedKey, in: bytes, ignoringASCIICase: true) ?? 0) }
        },
        microseconds: true, throughput: throughput
    ) {
        for _ in 0..<pagesPerRun { blackHole(KeyRedaction.contains(benchmarkKey, in: bytes) ? 1 : 0) }
    }
}
