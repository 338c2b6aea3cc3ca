/// A day's total of an hourly amount (precipitation in mm, new snow in cm), kept as the range
/// the hourly categories allow.
///
/// Hourly amounts are bins (`1mm 미만` is 0 to under 1, `30.0~50.0mm` is 30 to under 50), so
/// the total is too: the lower bounds add up to its lower bound, the upper bounds to its upper
/// bound, and one unbounded hour (`50.0mm 이상`) leaves it without one. The sum is expressed
/// as an ``AmountRange``: ``AmountRange/zero`` when every hour had none,
/// ``AmountRange/exactly(_:)`` when every hour was exact, ``AmountRange/lessThan(_:)`` when
/// the lower bound is 0, ``AmountRange/atLeast(_:)`` when unbounded, otherwise
/// ``AmountRange/range(_:_:)``. Sums are rounded to 6 decimals, so 0.1 + 0.2 is 0.3.
public struct AmountTotal: Hashable, Sendable {
    /// The total of the counted hours, or `nil` if no hour had an amount.
    public var amount: AmountRange?
    /// The unit: ``ForecastUnit/millimeters`` or ``ForecastUnit/centimeters``.
    public var unit: ForecastUnit
    /// The hours whose amount is in the total.
    public var hoursCounted: Int
    /// The hours that had a value for the category but no amount: missing, unparsed, or an
    /// extended day's code (3-hourly, a rate rather than an amount).
    public var hoursNotCounted: Int

    /// Creates a total.
    public init(amount: AmountRange?, unit: ForecastUnit, hoursCounted: Int, hoursNotCounted: Int) {
        self.amount = amount
        self.unit = unit
        self.hoursCounted = hoursCounted
        self.hoursNotCounted = hoursNotCounted
    }

    /// Whether every hour with a value was counted.
    public var isComplete: Bool { hoursNotCounted == 0 && hoursCounted > 0 }

    /// Adds up hourly amounts.
    ///
    /// - Parameters:
    ///   - amounts: One entry per hour that had a value: its amount, or `nil` if it had none.
    ///   - unit: The amounts' unit.
    public init(summing amounts: some Sequence<AmountRange?>, unit: ForecastUnit) {
        var lower = 0.0, upper: Double? = 0
        var counted = 0, notCounted = 0
        for amount in amounts {
            guard let amount else {
                notCounted += 1
                continue
            }
            counted += 1
            lower += amount.lowerBound
            if let bound = amount.upperBound, let sum = upper { upper = sum + bound } else { upper = nil }
        }
        let total: AmountRange?
        if counted == 0 {
            total = nil
        } else {
            let low = Self.rounded(lower)
            switch upper.map(Self.rounded) {
            case nil: total = .atLeast(low)
            case let high? where high == low: total = low == 0 ? .zero : .exactly(low)
            case let high? where low == 0: total = .lessThan(high)
            case let high?: total = .range(low, high)
            }
        }
        self.init(amount: total, unit: unit, hoursCounted: counted, hoursNotCounted: notCounted)
    }

    /// `value` rounded to 6 decimals (binary noise of the sums removed).
    private static func rounded(_ value: Double) -> Double {
        (value * 1_000_000).rounded() / 1_000_000
    }
}
