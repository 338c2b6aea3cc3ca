/// An amount KMA sends as a category rather than a number: precipitation (`PCP`, and `RN1`
/// of the ultra-short forecast) in mm, new snow (`SNO`) in cm.
///
/// | KMA text | amount |
/// |---|---|
/// | `강수없음`, `적설없음`, `0` | ``zero`` |
/// | `1mm 미만`, `1.0mm 미만`, `0.5cm 미만` | ``lessThan(_:)`` |
/// | `2.0mm`, `29.9mm`, `0.5cm`, a plain `3.5` (nowcast `RN1`) | ``exactly(_:)`` |
/// | `30.0~50.0mm` | ``range(_:_:)`` |
/// | `50.0mm 이상`, `50.0mm이상`, `5.0cm 이상` | ``atLeast(_:)`` |
///
/// KMA's categories are consecutive bins, so a range includes its lower bound and excludes
/// its upper one (`30.0~50.0mm` is 30 ≤ x < 50; 50 itself is `50.0mm 이상`). The unit is not
/// part of the value: it is the one of the category (see ``ForecastValue/Meaning``).
public enum AmountRange: Hashable, Sendable {
    /// Nothing: `강수없음`, `적설없음`, or `0`. (Not named `none`, which would be taken for
    /// `Optional.none` wherever an amount is optional.)
    case zero
    /// More than zero and less than the bound: `1mm 미만` is `lessThan(1)`.
    case lessThan(Double)
    /// This amount: `2.0mm` is `exactly(2)`.
    case exactly(Double)
    /// At least the first bound and less than the second: `30.0~50.0mm` is `range(30, 50)`.
    case range(Double, Double)
    /// The bound or more: `50.0mm 이상` is `atLeast(50)`.
    case atLeast(Double)

    /// The smallest amount this can be: 0 for ``zero`` and ``lessThan(_:)``.
    public var lowerBound: Double {
        switch self {
        case .zero, .lessThan: 0
        case .exactly(let value), .atLeast(let value): value
        case .range(let lower, _): lower
        }
    }

    /// The largest amount this can be (exclusive for ``lessThan(_:)`` and ``range(_:_:)``),
    /// or `nil` for ``atLeast(_:)``, which has no upper bound.
    public var upperBound: Double? {
        switch self {
        case .zero: 0
        case .lessThan(let value), .exactly(let value): value
        case .range(_, let upper): upper
        case .atLeast: nil
        }
    }

    /// The same amount in another unit, or `nil` if the units measure different things.
    public func convert(from unit: ForecastUnit, to target: ForecastUnit) -> AmountRange? {
        guard unit.convert(1, to: target) != nil else { return nil }
        func c(_ value: Double) -> Double { unit.convert(value, to: target) ?? value }
        switch self {
        case .zero: return .zero
        case .lessThan(let value): return .lessThan(c(value))
        case .exactly(let value): return .exactly(c(value))
        case .range(let lower, let upper): return .range(c(lower), c(upper))
        case .atLeast(let value): return .atLeast(c(value))
        }
    }

    /// The name of the case as written in JSON (`"form"`): `zero`, `lessThan`, `exactly`,
    /// `range`, `atLeast`.
    public var form: String {
        switch self {
        case .zero: "zero"
        case .lessThan: "lessThan"
        case .exactly: "exactly"
        case .range: "range"
        case .atLeast: "atLeast"
        }
    }
}
