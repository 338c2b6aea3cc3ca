// decode.page, decode-pivot.page, pivot.page: a 1000-item short-term page in KMA's layout.

import Foundation
import KMAForecast
import _KMATestSupport

/// Pages per timed run of the fast paths, and of the (much slower) JSONDecoder baseline.
private let pagesPerRun = 200
private let baselinePagesPerRun = 5

/// The page: 1000 short-term items written exactly in the recorded page's layout (compact
/// JSON, KMA's key order and value formats, the text categories), from a fixed seed.
private let base = (try? ForecastBase(baseDate: "20261121", baseTime: "0500")) ?? ForecastBase(KSTDateTime(unixSeconds: 0))
private let items = PageGenerator.shortTermItems(count: 1000, base: base, nx: 60, ny: 127, seed: 2026)
private let page = PageGenerator.page(items)

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
}
