import Testing
@testable import KMAForecast

/// Pages that would take time growing faster than their size (issue 16, item 7).
@Suite("Hostile rows: thousands of unknown categories in one hour are refused at once")
struct HostileRowsTests {
    static let base: ForecastBase = {
        guard let base = try? ForecastBase(baseDate: "20221120", baseTime: "0500") else { preconditionFailure("a valid base") }
        return base
    }()

    static func item(_ code: String, value: String = "1", time: Int = 600) -> ForecastItem {
        ForecastItem(base: base, category: ForecastCategory(code), forecastDate: 20221120, forecastTime: time, value: value, nx: 60, ny: 120)
    }

    // Regression: 20,000 distinct names in one hour took 29 s (each insertion searched the
    // row's list of unknown categories), 50,000 over 60 s.
    @Test("The first unknown category past the limit is a typed error", arguments: [20_000, 50_000])
    func tooManyCategories(_ count: Int) throws {
        var builder = ForecastRowBuilder()
        var added = 0
        var failure: RowBuilderError?
        for index in 0..<count {
            do {
                try builder.add(Self.item("X\(index)"))
                added += 1
            } catch {
                failure = error
                break
            }
        }
        #expect(added == ForecastRow.maximumUndocumentedCategories)
        guard case .tooManyCategories(let item, let limit)? = failure else {
            Issue.record("expected tooManyCategories, got \(String(describing: failure))")
            return
        }
        #expect(item.category.code == "X\(ForecastRow.maximumUndocumentedCategories)" && limit == 32)
        #expect(failure?.description.contains("more than 32 categories KMA does not document") == true)
    }

    @Test("Documented categories with long texts do not count against the limit")
    func documentedLongTexts() throws {
        var builder = ForecastRowBuilder()
        for category in ForecastCategory.documented {
            try builder.add(Self.item(category.code, value: String(repeating: "7", count: 40)))
        }
        for index in 0..<ForecastRow.maximumUndocumentedCategories { try builder.add(Self.item("Y\(index)")) }
        #expect(builder.rows().first?.count == ForecastCategory.documented.count + ForecastRow.maximumUndocumentedCategories)
        #expect(throws: RowBuilderError.self) { try builder.add(Self.item("ZZ")) }
        // Another hour has its own allowance.
        try builder.add(Self.item("ZZ", time: 700))
    }
}
