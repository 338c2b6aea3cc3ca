import Testing
@testable import KMAForecast

/// One value to read and what it must mean.
struct ValueCase: Sendable, CustomTestStringConvertible {
    var category: ForecastCategory
    var raw: String
    var context: ForecastValue.Context
    var expected: ForecastValue.Meaning

    init(_ category: ForecastCategory, _ raw: String, _ expected: ForecastValue.Meaning, _ context: ForecastValue.Context = .init()) {
        self.category = category
        self.raw = raw
        self.expected = expected
        self.context = context
    }

    var testDescription: String {
        let product = context.product?.rawValue ?? "any product"
        return "\(category) '\(raw)' (\(product)\(context.isExtendedDay ? ", extended day" : ""))"
    }
}

private let shortTerm = ForecastValue.Context(product: .shortTerm)
private let extended = ForecastValue.Context(product: .shortTerm, isExtendedDay: true)
private let ultraShort = ForecastValue.Context(product: .ultraShort)
private let nowcast = ForecastValue.Context(product: .nowcast)

@Suite("ForecastValue: reading KMA's value text")
struct ForecastValueTests {
    static let numbers: [ValueCase] = [
        ValueCase(.tmp, "10", .number(10)),
        ValueCase(.tmp, "-3", .number(-3)),
        ValueCase(.tmn, "7.0", .number(7)),
        ValueCase(.tmx, "19.0", .number(19)),
        ValueCase(.t1h, "9.1", .number(9.1)),
        ValueCase(.uuu, "-1.3", .number(-1.3)),
        ValueCase(.vvv, "0.4", .number(0.4)),
        ValueCase(.uuu, "0", .number(0)),
        ValueCase(.pop, "30", .number(30)),
        ValueCase(.reh, "85", .number(85)),
        ValueCase(.wav, "0.5", .number(0.5)),
        ValueCase(.lgt, "0", .number(0)),
        ValueCase(.wsd, "2.1", .number(2.1)),
        ValueCase(.tmp, " 12 ", .number(12)),
        ValueCase(.tmp, "+3", .number(3)),
        ValueCase(.tmp, ".5", .number(0.5)),
        ValueCase(.tmp, "5.", .number(5)),
        ValueCase(.tmp, "899.9", .number(899.9)),
        ValueCase(.tmp, "-899.9", .number(-899.9)),
    ]

    static let missing: [ValueCase] = [
        ValueCase(.tmp, "999", .missing),
        ValueCase(.tmp, "-999", .missing),
        ValueCase(.tmp, "900", .missing),
        ValueCase(.tmp, "-900", .missing),
        ValueCase(.tmn, "999.0", .missing),
        ValueCase(.reh, "+900", .missing),
        ValueCase(.wsd, "-999", .missing),
        ValueCase(.wsd, "999", .missing, extended),
        ValueCase(.vec, "999", .missing),
        ValueCase(.vec, "-999", .missing),
        ValueCase(.sky, "-999", .missing),
        ValueCase(.pty, "999", .missing),
        ValueCase(.pcp, "999", .missing),
        ValueCase(.pcp, "-999", .missing, extended),
        ValueCase(.sno, "-999", .missing),
        ValueCase(.rn1, "-999", .missing, nowcast),
    ]

    static let junk: [ValueCase] = [
        ValueCase(.tmp, "", .unparsed),
        ValueCase(.tmp, " ", .unparsed),
        ValueCase(.tmp, "abc", .unparsed),
        ValueCase(.tmp, "12abc", .unparsed),
        ValueCase(.tmp, "1.2.3", .unparsed),
        ValueCase(.tmp, "-", .unparsed),
        ValueCase(.tmp, ".", .unparsed),
        ValueCase(.tmp, "1e3", .unparsed),
        ValueCase(.tmp, "NaN", .unparsed),
        ValueCase(.tmp, "inf", .unparsed),
        ValueCase(.tmp, "１０", .unparsed),
        ValueCase(.tmp, "1 0", .unparsed),
        ValueCase(.tmp, "123456789012345678", .unparsed),
        ValueCase(.pop, "강수없음", .unparsed),
        ValueCase(.reh, "null", .unparsed),
        ValueCase(ForecastCategory("T3H"), "10", .unparsed),
        ValueCase(ForecastCategory("XYZ"), "강수없음", .unparsed),
    ]

    static let codes: [ValueCase] = [
        ValueCase(.sky, "1", .sky(.clear)),
        ValueCase(.sky, "3", .sky(.mostlyCloudy)),
        ValueCase(.sky, "4", .sky(.overcast)),
        ValueCase(.sky, " 4", .sky(.overcast)),
        ValueCase(.sky, "2", .unparsed),
        ValueCase(.sky, "0", .unparsed),
        ValueCase(.sky, "1.0", .unparsed),
        ValueCase(.sky, "맑음", .unparsed),
        // Short-term table.
        ValueCase(.pty, "0", .precipitationType(.noPrecipitation), shortTerm),
        ValueCase(.pty, "1", .precipitationType(.rain), shortTerm),
        ValueCase(.pty, "2", .precipitationType(.rainAndSnow), shortTerm),
        ValueCase(.pty, "3", .precipitationType(.snow), shortTerm),
        ValueCase(.pty, "4", .precipitationType(.shower), shortTerm),
        ValueCase(.pty, "5", .unparsed, shortTerm),
        ValueCase(.pty, "6", .unparsed, shortTerm),
        ValueCase(.pty, "7", .unparsed, shortTerm),
        // Ultra-short and nowcast table.
        ValueCase(.pty, "0", .precipitationType(.noPrecipitation), ultraShort),
        ValueCase(.pty, "1", .precipitationType(.rain), ultraShort),
        ValueCase(.pty, "2", .precipitationType(.rainAndSnow), nowcast),
        ValueCase(.pty, "3", .precipitationType(.snow), nowcast),
        ValueCase(.pty, "4", .unparsed, ultraShort),
        ValueCase(.pty, "4", .unparsed, nowcast),
        ValueCase(.pty, "5", .precipitationType(.drizzle), ultraShort),
        ValueCase(.pty, "6", .precipitationType(.drizzleAndSnowFlurries), nowcast),
        ValueCase(.pty, "7", .precipitationType(.snowFlurries), ultraShort),
        // No product: the tables never disagree, so every code of either is read.
        ValueCase(.pty, "4", .precipitationType(.shower)),
        ValueCase(.pty, "5", .precipitationType(.drizzle)),
        ValueCase(.pty, "8", .unparsed),
        ValueCase(.pty, "-1", .unparsed),
        ValueCase(.pty, "비", .unparsed),
    ]

    static let precipitation: [ValueCase] = [
        ValueCase(.pcp, "강수없음", .precipitation(.zero), shortTerm),
        ValueCase(.pcp, " 강수없음 ", .precipitation(.zero), shortTerm),
        ValueCase(.pcp, "1mm 미만", .precipitation(.lessThan(1)), shortTerm),
        ValueCase(.pcp, "1.0mm 미만", .precipitation(.lessThan(1)), shortTerm),
        ValueCase(.pcp, "1mm미만", .precipitation(.lessThan(1)), shortTerm),
        ValueCase(.pcp, "1 mm 미만", .precipitation(.lessThan(1)), shortTerm),
        ValueCase(.pcp, "2.0mm", .precipitation(.exactly(2)), shortTerm),
        ValueCase(.pcp, "29.9mm", .precipitation(.exactly(29.9)), shortTerm),
        ValueCase(.pcp, "30.0~50.0mm", .precipitation(.range(30, 50)), shortTerm),
        ValueCase(.pcp, "30.0 ~ 50.0 mm", .precipitation(.range(30, 50)), shortTerm),
        ValueCase(.pcp, "30.0mm~50.0mm", .precipitation(.range(30, 50)), shortTerm),
        ValueCase(.pcp, "30.0～50.0mm", .precipitation(.range(30, 50)), shortTerm),
        ValueCase(.pcp, "50.0mm 이상", .precipitation(.atLeast(50)), shortTerm),
        ValueCase(.pcp, "50.0mm이상", .precipitation(.atLeast(50)), shortTerm),
        ValueCase(.pcp, "50.0 mm 이상", .precipitation(.atLeast(50)), shortTerm),
        ValueCase(.pcp, "50.0mm\u{00A0}이상", .precipitation(.atLeast(50)), shortTerm),
        ValueCase(.pcp, "50.0mm\u{3000}이상", .precipitation(.atLeast(50)), shortTerm),
        ValueCase(.pcp, "0", .precipitation(.zero), shortTerm),
        ValueCase(.pcp, "0.0mm", .precipitation(.zero), shortTerm),
        ValueCase(.pcp, "2", .precipitation(.exactly(2)), shortTerm),  // not a code on a normal day
        ValueCase(.pcp, "-1", .unparsed, shortTerm),
        ValueCase(.pcp, "1cm 미만", .unparsed, shortTerm),
        ValueCase(.pcp, "50~30mm", .unparsed, shortTerm),
        ValueCase(.pcp, "30~30mm", .unparsed, shortTerm),
        ValueCase(.pcp, "0mm 미만", .unparsed, shortTerm),
        ValueCase(.pcp, "mm", .unparsed, shortTerm),
        ValueCase(.pcp, "30.0~", .unparsed, shortTerm),
        ValueCase(.pcp, "~50.0mm", .unparsed, shortTerm),
        ValueCase(.pcp, "1mm 미만 이상", .unparsed, shortTerm),
        ValueCase(.pcp, "강수없음1", .unparsed, shortTerm),
        ValueCase(.pcp, "적설없음", .unparsed, shortTerm),
        ValueCase(.pcp, "1mm 미", .unparsed, shortTerm),
        // RN1: the nowcast sends mm as a plain number; the ultra-short forecast, PCP's text.
        ValueCase(.rn1, "0", .precipitation(.zero), nowcast),
        ValueCase(.rn1, "3.5", .precipitation(.exactly(3.5)), nowcast),
        ValueCase(.rn1, "1mm 미만", .precipitation(.lessThan(1)), ultraShort),
        ValueCase(.rn1, "강수없음", .precipitation(.zero), ultraShort),
        ValueCase(.rn1, "50.0mm이상", .precipitation(.atLeast(50)), ultraShort),
        ValueCase(.rn1, "2", .precipitation(.exactly(2)), extended),  // only PCP carries codes
    ]

    static let snow: [ValueCase] = [
        ValueCase(.sno, "적설없음", .snow(.zero), shortTerm),
        ValueCase(.sno, "0.5cm 미만", .snow(.lessThan(0.5)), shortTerm),
        ValueCase(.sno, "1cm 미만", .snow(.lessThan(1)), shortTerm),
        ValueCase(.sno, "0.5cm미만", .snow(.lessThan(0.5)), shortTerm),
        ValueCase(.sno, "0.5cm", .snow(.exactly(0.5)), shortTerm),
        ValueCase(.sno, "4.9cm", .snow(.exactly(4.9)), shortTerm),
        ValueCase(.sno, "5.0cm 이상", .snow(.atLeast(5)), shortTerm),
        ValueCase(.sno, "5.0cm이상", .snow(.atLeast(5)), shortTerm),
        ValueCase(.sno, "0", .snow(.zero), shortTerm),
        ValueCase(.sno, "2", .snow(.exactly(2)), shortTerm),
        ValueCase(.sno, "강수없음", .unparsed, shortTerm),
        ValueCase(.sno, "1mm 미만", .unparsed, shortTerm),
    ]

    static let extendedDays: [ValueCase] = [
        ValueCase(.pcp, "1", .rainIntensity(.light), extended),
        ValueCase(.pcp, "2", .rainIntensity(.moderate), extended),
        ValueCase(.pcp, "3", .rainIntensity(.heavy), extended),
        ValueCase(.pcp, "0", .precipitation(.zero), extended),
        // A bare number that is no code is unparsed, never read as an amount.
        ValueCase(.pcp, "4", .unparsed, extended),
        ValueCase(.pcp, "999", .missing, extended),
        ValueCase(.pcp, "강수없음", .precipitation(.zero), extended),
        ValueCase(.pcp, "1mm 미만", .precipitation(.lessThan(1)), extended),
        ValueCase(.pcp, "2.0mm", .precipitation(.exactly(2)), extended),
        ValueCase(.sno, "1", .snowIntensity(.moderate), extended),
        ValueCase(.sno, "2", .snowIntensity(.heavy), extended),
        ValueCase(.sno, "0", .snow(.zero), extended),
        ValueCase(.sno, "적설없음", .snow(.zero), extended),
        ValueCase(.sno, "3", .unparsed, extended),
        ValueCase(.wsd, "1", .windStrength(.light), extended),
        ValueCase(.wsd, "2", .windStrength(.moderate), extended),
        ValueCase(.wsd, "3", .windStrength(.strong), extended),
        ValueCase(.wsd, "4", .unparsed, extended),
        ValueCase(.wsd, "999", .missing, extended),
        ValueCase(.wsd, "2.0", .number(2), extended),
        ValueCase(.wsd, "0", .number(0), extended),
        // The same text on a normal day: numbers (real pages send integer WSD).
        ValueCase(.wsd, "2", .number(2), shortTerm),
        ValueCase(.wsd, "2", .number(2), ultraShort),
        ValueCase(.wsd, "3", .number(3)),
    ]

    static let directions: [ValueCase] = [
        ValueCase(.vec, "241", .windDirection(WindDirection(degrees: 241)!)),
        ValueCase(.vec, "0", .windDirection(WindDirection(degrees: 0)!)),
        ValueCase(.vec, "360", .windDirection(WindDirection(degrees: 360)!)),
        ValueCase(.vec, "348.75", .windDirection(WindDirection(degrees: 348.75)!)),
        ValueCase(.vec, "-1", .unparsed),
        ValueCase(.vec, "361", .unparsed),
        ValueCase(.vec, "NNE", .unparsed),
    ]

    @Test("Numbers", arguments: numbers)
    func readsNumbers(_ c: ValueCase) { check(c) }

    @Test("Missing values, both signs", arguments: missing)
    func readsMissing(_ c: ValueCase) { check(c) }

    @Test("Junk and unknown categories are unparsed, raw kept", arguments: junk)
    func keepsJunk(_ c: ValueCase) { check(c) }

    @Test("SKY and PTY codes, both PTY tables", arguments: codes)
    func readsCodes(_ c: ValueCase) { check(c) }

    @Test("Precipitation text, any spacing", arguments: precipitation)
    func readsPrecipitation(_ c: ValueCase) { check(c) }

    @Test("Snow text", arguments: snow)
    func readsSnow(_ c: ValueCase) { check(c) }

    @Test("Extended-day codes versus normal-day numbers", arguments: extendedDays)
    func readsExtendedDays(_ c: ValueCase) { check(c) }

    @Test("Wind direction", arguments: directions)
    func readsDirections(_ c: ValueCase) { check(c) }

    private func check(_ c: ValueCase) {
        let value = ForecastValue(category: c.category, raw: c.raw, context: c.context)
        #expect(value.meaning == c.expected)
        #expect(value.raw == c.raw)
        #expect(value.category == c.category)
    }

    @Test("Decimals read as the nearest double, like Swift's own literals")
    func decimalsAreCorrectlyRounded() {
        for (text, literal) in [("-1.3", -1.3), ("0.1", 0.1), ("29.9", 29.9), ("4.9", 4.9), ("2.1", 2.1), ("-0.7", -0.7)] {
            #expect(ForecastValue(category: .uuu, raw: text).meaning == .number(literal))
            #expect(Double(text) == literal)
        }
    }

    @Test("The unit of each kind of value")
    func units() {
        #expect(ForecastValue(category: .tmp, raw: "10").unit == .celsius)
        #expect(ForecastValue(category: .pop, raw: "30").unit == .percent)
        #expect(ForecastValue(category: .wav, raw: "0.5").unit == .meters)
        #expect(ForecastValue(category: .pcp, raw: "2.0mm").unit == .millimeters)
        #expect(ForecastValue(category: .sno, raw: "0.5cm").unit == .centimeters)
        #expect(ForecastValue(category: .pcp, raw: "2", context: extended).unit == .millimetersPerHour)
        #expect(ForecastValue(category: .sno, raw: "2", context: extended).unit == .centimetersPerHour)
        #expect(ForecastValue(category: .wsd, raw: "2", context: extended).unit == .metersPerSecond)
        #expect(ForecastValue(category: .vec, raw: "90").unit == .degrees)
        #expect(ForecastValue(category: .sky, raw: "1").unit == nil)
        #expect(ForecastValue(category: .tmp, raw: "999").unit == nil)
    }

    @Test("The extended-day codes' bounds")
    func codeBounds() {
        #expect(RainIntensity.allCases.map(\.rate) == [.lessThan(3), .range(3, 15), .atLeast(15)])
        #expect(SnowIntensity.allCases.map(\.rate) == [.lessThan(1), .atLeast(1)])
        #expect(WindStrength.allCases.map(\.speed) == [.lessThan(4), .range(4, 9), .atLeast(9)])
        #expect(RainIntensity.allCases.map(\.koreanName) == ["약한 비", "보통 비", "강한 비"])
        #expect(SnowIntensity.allCases.map(\.koreanName) == ["보통 눈", "많은 눈"])
        #expect(WindStrength.allCases.map(\.koreanName) == ["약한 바람", "약간 강한 바람", "강한 바람"])
        let speeds: [(Double, WindStrength?)] = [(0, .light), (3.9, .light), (4, .moderate), (8.9, .moderate), (9, .strong), (-1, nil), (.nan, nil)]
        for (speed, strength) in speeds {
            #expect(WindStrength(metersPerSecond: speed) == strength, "\(speed) m/s")
        }
    }

    @Test("Amount bounds")
    func amountBounds() {
        let cases: [(AmountRange, Double, Double?)] = [
            (.zero, 0, 0), (.lessThan(1), 0, 1), (.exactly(2), 2, 2), (.range(30, 50), 30, 50), (.atLeast(50), 50, nil),
        ]
        for (amount, lower, upper) in cases {
            #expect(amount.lowerBound == lower && amount.upperBound == upper, "\(amount)")
        }
        #expect(AmountRange.range(30, 50).convert(from: .millimeters, to: .centimeters) == .range(3, 5))
        #expect(AmountRange.zero.convert(from: .millimeters, to: .inches) == .zero)
        #expect(AmountRange.exactly(1).convert(from: .millimeters, to: .celsius) == nil)
    }
}
