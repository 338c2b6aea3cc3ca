import Testing
@testable import KMAForecast
import KMAForecastText

/// A value and how it reads for people.
struct TextCase: Sendable, CustomTestStringConvertible {
    var category: ForecastCategory
    var raw: String
    var context: ForecastValue.Context
    var units: UnitSystem
    var ko: String
    var en: String

    init(_ category: ForecastCategory, _ raw: String, ko: String, en: String, units: UnitSystem = .metric, _ context: ForecastValue.Context = .init()) {
        self.category = category
        self.raw = raw
        self.context = context
        self.units = units
        self.ko = ko
        self.en = en
    }

    var testDescription: String { "\(category) '\(raw)' \(units.rawValue)" }
}

@Suite("ForecastValue.text: Korean and English, metric and imperial")
struct ForecastValueTextTests {
    static let extended = ForecastValue.Context(product: .shortTerm, isExtendedDay: true)

    static let cases: [TextCase] = [
        TextCase(.tmp, "10", ko: "10°C", en: "10°C"),
        TextCase(.tmp, "10", ko: "50°F", en: "50°F", units: .imperial),
        TextCase(.tmn, "7.0", ko: "7°C", en: "7°C"),
        TextCase(.t1h, "-3.5", ko: "25.7°F", en: "25.7°F", units: .imperial),
        TextCase(.reh, "85", ko: "85%", en: "85%"),
        TextCase(.pop, "30", ko: "30%", en: "30%", units: .imperial),
        TextCase(.wsd, "2.1", ko: "2.1m/s", en: "2.1 m/s"),
        TextCase(.wsd, "2.1", ko: "4.7mph", en: "4.7 mph", units: .imperial),
        TextCase(.uuu, "-1.3", ko: "-1.3m/s", en: "-1.3 m/s"),
        TextCase(.wav, "1.5", ko: "4.9ft", en: "4.9 ft", units: .imperial),
        TextCase(.tmp, "-999", ko: "결측", en: "missing"),
        // Regression (issue 16): a value its category does not allow was shown as data.
        TextCase(.tmp, "abc", ko: "오류 (abc)", en: "invalid (abc)"),
        TextCase(.reh, "abc", ko: "오류 (abc)", en: "invalid (abc)"),
        TextCase(.tmp, "\u{1B}]0;pwned\u{07}\u{1B}[2J", ko: "오류 (\\u{1B}]0;pwned\\u{7}\\u{1B}[2J)", en: "invalid (\\u{1B}]0;pwned\\u{7}\\u{1B}[2J)"),
        TextCase(ForecastCategory("XYZ"), "a\u{1B}[2Jb\u{202E}c", ko: "a\\u{1B}[2Jb\\u{202E}c", en: "a\\u{1B}[2Jb\\u{202E}c"),
        TextCase(.tmp, String(repeating: "x", count: 100), ko: "오류 (" + String(repeating: "x", count: 24) + "…)", en: "invalid (" + String(repeating: "x", count: 24) + "…)"),
        TextCase(ForecastCategory("T3H"), "10", ko: "10", en: "10"),
        TextCase(.sky, "1", ko: "맑음", en: "clear"),
        TextCase(.sky, "3", ko: "구름많음", en: "mostly cloudy"),
        TextCase(.sky, "4", ko: "흐림", en: "overcast"),
        TextCase(.pty, "0", ko: "없음", en: "none"),
        TextCase(.pty, "2", ko: "비/눈", en: "rain and snow"),
        TextCase(.pty, "4", ko: "소나기", en: "shower", .init(product: .shortTerm)),
        TextCase(.pty, "6", ko: "빗방울눈날림", en: "drizzle and snow flurries", .init(product: .ultraShort)),
        TextCase(.pty, "7", ko: "눈날림", en: "snow flurries", .init(product: .nowcast)),
        TextCase(.pcp, "강수없음", ko: "강수없음", en: "none"),
        TextCase(.pcp, "1mm 미만", ko: "1mm 미만", en: "under 1 mm"),
        TextCase(.pcp, "1.0mm 미만", ko: "1mm 미만", en: "under 1 mm"),
        TextCase(.pcp, "1mm 미만", ko: "0.04in 미만", en: "under 0.04 in", units: .imperial),
        TextCase(.pcp, "2.0mm", ko: "2mm", en: "2 mm"),
        TextCase(.pcp, "29.9mm", ko: "29.9mm", en: "29.9 mm"),
        TextCase(.pcp, "30.0~50.0mm", ko: "30~50mm", en: "30–50 mm"),
        TextCase(.pcp, "30.0~50.0mm", ko: "1.18~1.97in", en: "1.18–1.97 in", units: .imperial),
        TextCase(.pcp, "50.0mm이상", ko: "50mm 이상", en: "50 mm or more"),
        TextCase(.rn1, "3.5", ko: "3.5mm", en: "3.5 mm", .init(product: .nowcast)),
        TextCase(.sno, "적설없음", ko: "적설없음", en: "none"),
        TextCase(.sno, "0.5cm 미만", ko: "0.5cm 미만", en: "under 0.5 cm"),
        TextCase(.sno, "0.5cm 미만", ko: "0.2in 미만", en: "under 0.2 in", units: .imperial),
        TextCase(.sno, "5.0cm 이상", ko: "5cm 이상", en: "5 cm or more"),
        TextCase(.pcp, "3", ko: "강한 비", en: "heavy rain", extended),
        TextCase(.sno, "1", ko: "보통 눈", en: "moderate snow", extended),
        TextCase(.wsd, "2", ko: "약간 강한 바람", en: "moderately strong wind", extended),
        TextCase(.wsd, "2", ko: "2m/s", en: "2 m/s"),
        TextCase(.vec, "241", ko: "서남서 241°", en: "WSW 241°"),
        TextCase(.vec, "0", ko: "북 0°", en: "N 0°", units: .imperial),
    ]

    @Test("Text for people", arguments: cases)
    func text(_ c: TextCase) {
        let value = ForecastValue(category: c.category, raw: c.raw, context: c.context)
        #expect(value.text(.ko, units: c.units) == c.ko)
        #expect(value.text(.en, units: c.units) == c.en)
    }

    @Test("Names of every code in both languages")
    func names() {
        #expect(SkyCondition.allCases.map { $0.name(in: .ko) } == ["맑음", "구름많음", "흐림"])
        #expect(PrecipitationType.allCases.map { $0.name(in: .ko) } == ["없음", "비", "비/눈", "눈", "소나기", "빗방울", "빗방울눈날림", "눈날림"])
        #expect(PrecipitationType.allCases.map { $0.name(in: .en) } == [
            "none", "rain", "rain and snow", "snow", "shower", "drizzle", "drizzle and snow flurries", "snow flurries",
        ])
        #expect(RainIntensity.allCases.map { $0.name(in: .en) } == ["light rain", "moderate rain", "heavy rain"])
        #expect(SnowIntensity.allCases.map { $0.name(in: .en) } == ["moderate snow", "heavy snow"])
        #expect(WindStrength.allCases.map { $0.name(in: .en) } == ["light wind", "moderately strong wind", "strong wind"])
    }
}
