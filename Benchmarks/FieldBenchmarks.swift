// decode.field: a whole-country grid field (149 × 253 = 37,697 numbers, API Hub's layout),
// built by _KMATestSupport.BuiltGridField (not KMA data): land from KMA's place table, -99.00
// over the sea. decode.field.dense: the same layout with a value in every cell (no -99.00),
// the worst case for the decoder, whose missing-mark path is the fast one.

import KMAForecast
import _KMATestSupport

/// Fields per timed run of the decoder, and of the (slower) Double(String) baseline.
private let fieldsPerRun = 20
private let baselineFieldsPerRun = 2

/// What most scripts do with such a body: split into lines, drop `#` lines, split on commas,
/// `Double(String)` per token.
private func doublePerToken(_ bytes: [UInt8]) -> [Double]? {
    let text = String(decoding: bytes, as: UTF8.self)
    var values: [Double] = []
    for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) where !line.hasPrefix("#") {
        for token in line.split(whereSeparator: { $0 == "," || $0 == " " }) {
            guard let value = Double(String(token)) else { return nil }
            values.append(value)
        }
    }
    return values.count == GridField.count ? values : nil
}

@MainActor
func addFieldBenchmarks(_ suite: BenchmarkSuite) {
    guard let built = try? BuiltGridField.temperature() else {
        print("decode.field: skipped, Fixtures/grid/kma_grid_2510.csv could not be read")
        return
    }
    let body = built.body()
    let expected = built.rawValues
    let dense = BuiltGridField(hundredths: (0..<GridField.count).map { Optional(($0 &* 37) % 4_000 - 1_500) })
    let denseBody = dense.body()
    let denseExpected = dense.rawValues
    let land = built.hundredths.filter { $0 != nil }.count
    print("decode.field: \(body.count) bytes, \(land) of \(GridField.count) cells with data; decode.field.dense: \(denseBody.count) bytes, every cell")

    suite.add(
        "decode.field", per: "field", items: fieldsPerRun,
        check: {
            let values = try GridFieldDecoder.values(body)
            try expect(values == expected, "the decoder does not give the built field's numbers")
            try expect(doublePerToken(body) == expected, "the Double(String) baseline does not give the built field's numbers")
        },
        baseline: Baseline("decode.field.double-per-token", items: baselineFieldsPerRun) {
            for _ in 0..<baselineFieldsPerRun { blackHole(doublePerToken(body)?.count ?? 0) }
        },
        microseconds: true, throughput: (body.count, GridField.count)
    ) {
        for _ in 0..<fieldsPerRun { blackHole((try? GridFieldDecoder.values(body))?.count ?? 0) }
    }

    suite.add(
        "decode.field.dense", per: "field", items: fieldsPerRun,
        check: {
            try expect(try GridFieldDecoder.values(denseBody) == denseExpected, "the decoder does not give the dense field's numbers")
            try expect(doublePerToken(denseBody) == denseExpected, "the Double(String) baseline does not give the dense field's numbers")
        },
        baseline: Baseline("decode.field.dense.double-per-token", items: baselineFieldsPerRun) {
            for _ in 0..<baselineFieldsPerRun { blackHole(doublePerToken(denseBody)?.count ?? 0) }
        },
        microseconds: true, throughput: (denseBody.count, GridField.count)
    ) {
        for _ in 0..<fieldsPerRun { blackHole((try? GridFieldDecoder.values(denseBody))?.count ?? 0) }
    }
}
