import KMAForecast
import Testing

/// Which runs and valid times the API Hub grid-field operations have.
@Suite struct GridFieldScheduleTests {
    static func time(_ text: String) -> KSTDateTime {
        // yyyyMMddHHmm test constants.
        let digits = Array(text.utf8).map { Int($0) - 48 }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        guard let time = try? KSTDateTime(year: number(0..<4), month: number(4..<6), day: number(6..<8), hour: number(8..<10), minute: number(10..<12)) else {
            preconditionFailure("invalid test time \(text)")
        }
        return time
    }

    @Test("operations and variables per product")
    func operations() {
        #expect(ForecastProduct.shortTerm.gridOperation == "nph-dfs_shrt_grd")
        #expect(ForecastProduct.ultraShort.gridOperation == "nph-dfs_vsrt_grd")
        #expect(ForecastProduct.nowcast.gridOperation == "nph-dfs_odam_grd")
        #expect(ForecastProduct.shortTerm.gridVariables.map(\.code).joined(separator: " ") == "TMP TMX TMN UUU VVV VEC WSD SKY PTY POP PCP SNO REH WAV")
        #expect(ForecastProduct.ultraShort.gridVariables.map(\.code).joined(separator: " ") == "T1H UUU VVV VEC WSD SKY LGT PTY RN1 REH")
        #expect(ForecastProduct.nowcast.gridVariables.map(\.code).joined(separator: " ") == "T1H UUU VVV VEC WSD PTY RN1 REH")
    }

    @Test("the newest run at an instant", arguments: [
        (ForecastProduct.shortTerm, "202611210509", "202611210200"),
        (.shortTerm, "202611210510", "202611210500"),
        (.shortTerm, "202611210209", "202611202300"),
        (.nowcast, "202611211419", "202611211400"),
        (.nowcast, "202611211420", "202611211410"),
        (.nowcast, "202611210009", "202611202350"),
        (.ultraShort, "202611211424", "202611211400"),
        (.ultraShort, "202611211425", "202611211410"),
    ])
    func newestRun(product: ForecastProduct, at: String, expected: String) {
        #expect(product.gridSchedule.latestBase(at: Self.time(at)) == ForecastBase(Self.time(expected)))
    }

    @Test("a short-term run's valid times: hourly, then every third hour on the extended day")
    func shortTermTimes() {
        let morning = ForecastBase(Self.time("202611210500"))
        let times = ForecastProduct.shortTerm.gridValidTimes(run: morning)
        #expect(times.first == Self.time("202611210600"))
        // 06:00 of day 0 to 00:00 of day +3 hourly (67), day +3 every third hour to 00:00 of day +4 (8).
        #expect(times.count == 67 + 8)
        #expect(times.last == Self.time("202611250000"))
        #expect(times.contains(Self.time("202611242100")))
        #expect(!times.contains(Self.time("202611242200")))
        #expect(times.contains(Self.time("202611232200")))
        let evening = ForecastProduct.shortTerm.gridValidTimes(run: ForecastBase(Self.time("202611212000")))
        #expect(evening.last == Self.time("202611260000"))
        #expect(evening.contains(Self.time("202611242200")))   // day +3 of an evening run is hourly
        #expect(!evening.contains(Self.time("202611252200")))
        let before = ForecastProduct.shortTerm.gridValidTimes(run: ForecastBase(Self.time("202301010500")))
        #expect(before.last == Self.time("202301040000"))
        #expect(before.count == 67)
    }

    @Test("ultra-short: six whole hours after the run; nowcast: the run itself")
    func shortRuns() {
        let run = ForecastBase(Self.time("202611211410"))
        #expect(ForecastProduct.ultraShort.gridValidTimes(run: run) == (15...20).map { Self.time("20261121\($0)00") })
        #expect(ForecastProduct.nowcast.gridValidTimes(run: run) == [Self.time("202611211410")])
    }

    @Test("TMN only at 06:00 and TMX only at 15:00")
    func extremes() {
        #expect(ForecastProduct.shortTerm.gridHasVariable(.tmn, at: Self.time("202611220600")))
        #expect(!ForecastProduct.shortTerm.gridHasVariable(.tmn, at: Self.time("202611220700")))
        #expect(ForecastProduct.shortTerm.gridHasVariable(.tmx, at: Self.time("202611221500")))
        #expect(ForecastProduct.shortTerm.gridHasVariable(.tmp, at: Self.time("202611220700")))
    }
}
