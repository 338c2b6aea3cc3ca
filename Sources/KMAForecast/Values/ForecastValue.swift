/// One value of one category, with what it means — and the text KMA sent, always kept.
///
/// KMA sends every value as a string. The meaning depends on the category, the product (the
/// `PTY` codes differ) and the day (on the short-term forecast's extended days a bare `"2"`
/// in `PCP`, `SNO` or `WSD` is a code):
///
/// ```swift
/// ForecastValue(category: .tmp, raw: "10").meaning            // .number(10), in °C
/// ForecastValue(category: .pcp, raw: "30.0~50.0mm").meaning   // .precipitation(.range(30, 50))
/// ForecastValue(category: .tmp, raw: "-999").meaning          // .missing
/// ForecastValue(category: .pty, raw: "4", context: .init(product: .shortTerm)).meaning
///                                                             // .precipitationType(.shower)
/// ForecastValue(category: .pcp, raw: "2", context: .init(product: .shortTerm, isExtendedDay: true)).meaning
///                                                             // .rainIntensity(.moderate)
/// ```
///
/// Nothing is dropped and nothing traps: an undocumented category, or text that does not fit
/// its category (`"abc"` in `TMP`), is ``Meaning/unparsed`` with its ``raw`` text.
public struct ForecastValue: Hashable, Sendable {
    /// The category, e.g. ``ForecastCategory/tmp``.
    public let category: ForecastCategory
    /// The value exactly as KMA sent it.
    public let raw: String
    /// What the value means.
    public let meaning: Meaning

    /// Reads a value.
    ///
    /// - Parameters:
    ///   - category: The category the value belongs to.
    ///   - raw: The text KMA sent (`fcstValue` or `obsrValue`).
    ///   - context: The product and whether the value is on an extended day; the default
    ///     knows neither (every `PTY` code of either table is accepted, no extended-day codes).
    public init(category: ForecastCategory, raw: String, context: Context = Context()) {
        var text = raw
        let meaning = text.withUTF8 { Self.meaning(of: UnsafeRawBufferPointer($0), category: category, context: context) }
        self.init(category: category, raw: raw, meaning: meaning)
    }

    /// A value whose meaning is already known (internal: a public one could contradict `raw`).
    internal init(category: ForecastCategory, raw: String, meaning: Meaning) {
        self.category = category
        self.raw = raw
        self.meaning = meaning
    }

    /// Reads a row's stored text.
    internal init(category: ForecastCategory, text: InlineText, context: Context) {
        let meaning = text.withBytes { Self.meaning(of: $0, category: category, context: context) }
        self.init(category: category, raw: text.string, meaning: meaning)
    }

    /// What a value means. Numbers are in the category's unit (``ForecastValue/unit``).
    public enum Meaning: Hashable, Sendable {
        /// A measurement in the category's unit: `TMP`, `TMN`, `TMX`, `T1H` °C; `POP`, `REH` %;
        /// `UUU`, `VVV`, `WSD` m/s; `WAV` m; `LGT` kA/km².
        case number(Double)
        /// KMA's marker for no data: a number of 900 or more, or -900 or less (`999`, `-999`).
        case missing
        /// `SKY`.
        case sky(SkyCondition)
        /// `PTY`, read with the product's table.
        case precipitationType(PrecipitationType)
        /// `PCP`, or `RN1`, in mm.
        case precipitation(AmountRange)
        /// `SNO`, in cm.
        case snow(AmountRange)
        /// `PCP` on an extended day: a code 1–3.
        case rainIntensity(RainIntensity)
        /// `SNO` on an extended day: a code 1–2.
        case snowIntensity(SnowIntensity)
        /// `WSD` on an extended day: a code 1–3.
        case windStrength(WindStrength)
        /// `VEC`: degrees and compass point.
        case windDirection(WindDirection)
        /// Text that does not fit its category, or a category this library does not know.
        /// The text is kept in ``ForecastValue/raw``.
        case unparsed

        /// The name of the case as written in JSON (`"kind"`): `number`, `missing`, `sky`,
        /// `precipitationType`, `precipitation`, `snow`, `rainIntensity`, `snowIntensity`,
        /// `windStrength`, `windDirection`, `unparsed`.
        public var kind: String {
            switch self {
            case .number: "number"
            case .missing: "missing"
            case .sky: "sky"
            case .precipitationType: "precipitationType"
            case .precipitation: "precipitation"
            case .snow: "snow"
            case .rainIntensity: "rainIntensity"
            case .snowIntensity: "snowIntensity"
            case .windStrength: "windStrength"
            case .windDirection: "windDirection"
            case .unparsed: "unparsed"
            }
        }
    }

    /// What a value is read against: its product, and whether its date is an extended day.
    public struct Context: Hashable, Sendable {
        /// The product, or `nil` if not known (then `PTY` accepts the codes of both tables).
        public var product: ForecastProduct?
        /// Whether the value is on an extended day of the short-term forecast, where `PCP`,
        /// `SNO` and `WSD` carry codes (see ``ForecastProduct/isExtendedDay(base:forecastDate:)``).
        public var isExtendedDay: Bool

        /// A context given directly.
        public init(product: ForecastProduct? = nil, isExtendedDay: Bool = false) {
            self.product = product
            self.isExtendedDay = isExtendedDay
        }

        /// The context of a value of a run, with the extended day decided from the run and date.
        ///
        /// - Parameters:
        ///   - product: The product.
        ///   - base: The run.
        ///   - forecastDate: `fcstDate` as the number `YYYYMMDD`.
        public init(product: ForecastProduct, base: ForecastBase, forecastDate: Int) {
            self.init(product: product, isExtendedDay: product.isExtendedDay(base: base, forecastDate: forecastDate))
        }
    }

    /// The unit of the value's numbers: the category's for ``Meaning/number(_:)``, mm or cm
    /// for amounts, mm/h, cm/h or m/s for the extended-day codes' bounds, degrees for a
    /// direction; `nil` for the rest.
    public var unit: ForecastUnit? {
        switch meaning {
        case .number: ForecastUnit(category: category)
        case .precipitation: .millimeters
        case .snow: .centimeters
        case .rainIntensity: .millimetersPerHour
        case .snowIntensity: .centimetersPerHour
        case .windStrength: .metersPerSecond
        case .windDirection: .degrees
        case .missing, .sky, .precipitationType, .unparsed: nil
        }
    }

    // MARK: Reading

    /// The meaning of a category's text.
    internal static func meaning(of bytes: UnsafeRawBufferPointer, category: ForecastCategory, context: Context) -> Meaning {
        switch category {
        case .tmp, .tmn, .tmx, .t1h, .pop, .reh, .uuu, .vvv, .wav, .lgt:
            return number(bytes)
        case .wsd:
            if context.isExtendedDay, let code = ValueText.code(bytes) {
                if let strength = WindStrength(code: code) { return .windStrength(strength) }
                // A bare number there is a code; 0 can only mean calm, anything else is no code.
                if code != 0 { return extendedDayNonCode(code) }
            }
            return number(bytes)
        case .vec:
            guard let degrees = ValueText.number(bytes) else { return .unparsed }
            if ValueText.isMissing(degrees) { return .missing }
            return WindDirection(degrees: degrees).map(Meaning.windDirection) ?? .unparsed
        case .sky:
            if let code = ValueText.code(bytes), let sky = SkyCondition(code: code) { return .sky(sky) }
            return missingOrUnparsed(bytes)
        case .pty:
            if let code = ValueText.code(bytes), let type = PrecipitationType(code: code, product: context.product) {
                return .precipitationType(type)
            }
            return missingOrUnparsed(bytes)
        case .pcp, .rn1:
            if context.isExtendedDay, category == .pcp, let code = ValueText.code(bytes) {
                if code == 0 { return .precipitation(.zero) }
                if let intensity = RainIntensity(code: code) { return .rainIntensity(intensity) }
                return extendedDayNonCode(code)
            }
            return amount(bytes, unit: "mm", none: "강수없음", as: Meaning.precipitation)
        case .sno:
            if context.isExtendedDay, let code = ValueText.code(bytes) {
                if code == 0 { return .snow(.zero) }
                if let intensity = SnowIntensity(code: code) { return .snowIntensity(intensity) }
                return extendedDayNonCode(code)
            }
            return amount(bytes, unit: "cm", none: "적설없음", as: Meaning.snow)
        default:
            return .unparsed
        }
    }

    /// A bare whole number on an extended day that is not one of the category's codes: KMA's
    /// missing marker, or unparsed — never an amount, which is the misreading the codes invite.
    private static func extendedDayNonCode(_ code: Int) -> Meaning {
        ValueText.isMissing(Double(code)) ? .missing : .unparsed
    }

    /// A measurement, the missing marker, or unparsed.
    private static func number(_ bytes: UnsafeRawBufferPointer) -> Meaning {
        guard let value = ValueText.number(bytes) else { return .unparsed }
        return ValueText.isMissing(value) ? .missing : .number(value)
    }

    /// The missing marker if the text is one, otherwise unparsed (for codes).
    private static func missingOrUnparsed(_ bytes: UnsafeRawBufferPointer) -> Meaning {
        guard let value = ValueText.number(bytes), ValueText.isMissing(value) else { return .unparsed }
        return .missing
    }

    /// The missing marker, an amount, or unparsed.
    private static func amount(
        _ bytes: UnsafeRawBufferPointer, unit: StaticString, none: StaticString, as meaning: (AmountRange) -> Meaning
    ) -> Meaning {
        if let value = ValueText.number(bytes), ValueText.isMissing(value) { return .missing }
        return ValueText.amount(bytes, unit: unit, none: none).map(meaning) ?? .unparsed
    }
}
