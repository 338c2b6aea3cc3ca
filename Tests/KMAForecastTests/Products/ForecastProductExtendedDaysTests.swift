import Testing
@testable import KMAForecast

@Suite("ForecastProduct.isExtendedDay: the short-term run's added days since 2024-11-28 14:00")
struct ForecastProductExtendedDaysTests {
    /// (product, base, fcstDate, expected)
    static let cases: [(ForecastProduct, String, Int, Bool)] = [
        (.shortTerm, "20241128 1400", 20_241_201, true),   // the first run with extended days
        (.shortTerm, "20241128 1400", 20_241_130, false),  // day +2
        (.shortTerm, "20241128 1100", 20_241_201, false),  // the run before
        (.shortTerm, "20241127 2300", 20_241_201, false),
        (.shortTerm, "20250110 0500", 20_250_113, true),
        (.shortTerm, "20250110 0500", 20_250_112, false),
        (.shortTerm, "20250110 1400", 20_250_113, true),   // 02–14 h runs: day +3 (글피) is added
        (.shortTerm, "20250110 2300", 20_250_114, true),   // 17–23 h runs: day +4 (그글피) is added
        (.shortTerm, "20250110 2300", 20_250_113, false),  // …and their day +3 is ordinary hourly data
        (.shortTerm, "20250110 1700", 20_250_113, false),
        (.shortTerm, "20250110 1700", 20_250_114, true),
        (.shortTerm, "20250110 2300", 20_250_111, false),
        (.shortTerm, "20241230 0500", 20_250_102, true),   // across the year
        (.shortTerm, "20241230 0500", 20_250_101, false),
        (.shortTerm, "20250226 0200", 20_250_301, true),   // across February
        (.shortTerm, "20221120 0500", 20_221_123, false),  // the 2022 fixture's last day
        (.ultraShort, "20250110 0530", 20_250_113, false),
        (.nowcast, "20250110 0500", 20_250_113, false),
        (.shortTerm, "20250110 0500", 20_250_230, false),  // not a date
        (.shortTerm, "20250110 0500", 0, false),
    ]

    @Test("Decided from product, run and date", arguments: cases)
    func decides(_ product: ForecastProduct, _ base: String, _ date: Int, _ expected: Bool) throws {
        let parts = base.split(separator: " ")
        let run = try ForecastBase(baseDate: parts[0], baseTime: parts[1])
        #expect(product.isExtendedDay(base: run, forecastDate: date) == expected)
        #expect(ForecastValue.Context(product: product, base: run, forecastDate: date).isExtendedDay == expected)
    }

    @Test("The start is 2024-11-28 14:00 KST")
    func start() {
        #expect(ForecastProduct.extendedDaysStart.baseDate == "20241128")
        #expect(ForecastProduct.extendedDaysStart.baseTime == "1400")
    }
}
