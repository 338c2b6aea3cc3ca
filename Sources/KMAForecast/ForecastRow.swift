/// One hour at one grid cell: every category's value for that (nx, ny, fcstDate, fcstTime),
/// with the run it came from.
///
/// Values are kept exactly as KMA sent them (``subscript(_:)``); ``ForecastValue`` gives their
/// meaning. The 17 documented categories live inline in the row (no allocation per row);
/// undocumented codes are kept too, in a small side list.
public struct ForecastRow: Sendable {
    /// The grid column, 1...149.
    public var nx: Int
    /// The grid row, 1...253.
    public var ny: Int
    /// `fcstDate` as `YYYYMMDD` (the observation's base date for a nowcast).
    public var forecastDate: Int
    /// `fcstTime` as `HHMM`, e.g. `600` (the observation's base time for a nowcast).
    public var forecastTime: Int
    /// The run this row came from.
    public var base: ForecastBase
    /// Whether the values are observations (nowcast) rather than forecasts.
    public var isObservation: Bool

    /// Inline storage for the documented categories, indexed by ``ForecastCategory/documentedIndex``.
    @usableFromInline internal var slots: Slots
    /// Values of undocumented categories, in arrival order.
    @usableFromInline internal var others: [(ForecastCategory, InlineText)]

    @usableFromInline
    internal typealias Slots = (
        InlineText?, InlineText?, InlineText?, InlineText?, InlineText?, InlineText?, InlineText?, InlineText?,
        InlineText?, InlineText?, InlineText?, InlineText?, InlineText?, InlineText?, InlineText?, InlineText?,
        InlineText?
    )

    @usableFromInline static let emptySlots: Slots = (
        nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil
    )

    /// An empty row for a cell and hour.
    public init(nx: Int, ny: Int, forecastDate: Int, forecastTime: Int, base: ForecastBase, isObservation: Bool = false) {
        self.nx = nx
        self.ny = ny
        self.forecastDate = forecastDate
        self.forecastTime = forecastTime
        self.base = base
        self.isObservation = isObservation
        self.slots = Self.emptySlots
        self.others = []
    }

    /// The value of a category exactly as KMA sent it, or `nil` when KMA sent none for this hour.
    public subscript(category: ForecastCategory) -> String? {
        get { text(for: category)?.string }
        set { setText(newValue.map(InlineText.init), for: category) }
    }

    /// The stored text of a category.
    @inlinable
    internal func text(for category: ForecastCategory) -> InlineText? {
        if let index = category.documentedIndex {
            return withUnsafeBytes(of: slots) { raw in
                raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: InlineText?.self)[index]
            }
        }
        return others.first(where: { $0.0 == category })?.1
    }

    /// Stores (or, with `nil`, removes) a category's text.
    @inlinable
    internal mutating func setText(_ text: InlineText?, for category: ForecastCategory) {
        if let index = category.documentedIndex {
            withUnsafeMutableBytes(of: &slots) { raw in
                raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: InlineText?.self)[index] = text
            }
            return
        }
        if let position = others.firstIndex(where: { $0.0 == category }) {
            if let text { others[position].1 = text } else { others.remove(at: position) }
        } else if let text {
            others.append((category, text))
        }
    }

    /// The categories that have a value in this row: documented ones in
    /// ``ForecastCategory/documented`` order, then the others in arrival order.
    public var categories: [ForecastCategory] {
        var result: [ForecastCategory] = []
        for (index, category) in ForecastCategory.documented.enumerated() where documentedText(at: index) != nil {
            result.append(category)
        }
        result += others.map(\.0)
        return result
    }

    /// The number of values in the row.
    public var count: Int {
        var total = others.count
        for index in 0..<ForecastCategory.documented.count where documentedText(at: index) != nil { total += 1 }
        return total
    }

    @inlinable
    internal func documentedText(at index: Int) -> InlineText? {
        withUnsafeBytes(of: slots) { raw in
            raw.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: InlineText?.self)[index]
        }
    }

    /// `fcstDate` as KMA writes it: `YYYYMMDD`.
    public var forecastDateString: String { String(forecastDate) }

    /// `fcstTime` as KMA writes it: `HHMM`, zero-padded (`0600`).
    public var forecastTimeString: String { Self.fourDigits(forecastTime) }

    /// The forecast hour as a KST date and time, or `nil` if the date or time is not a real one.
    public var forecastDateTime: KSTDateTime? {
        try? KSTDateTime(
            year: forecastDate / 10_000, month: forecastDate / 100 % 100, day: forecastDate % 100,
            hour: forecastTime / 100, minute: forecastTime % 100
        )
    }

    /// `600` → `"0600"`.
    static func fourDigits(_ value: Int) -> String {
        let digits = String(value)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }
}

extension ForecastRow: Equatable {
    /// Rows are equal when their cell, hour, run and every value are equal.
    public static func == (lhs: ForecastRow, rhs: ForecastRow) -> Bool {
        guard lhs.nx == rhs.nx, lhs.ny == rhs.ny, lhs.forecastDate == rhs.forecastDate,
              lhs.forecastTime == rhs.forecastTime, lhs.base == rhs.base,
              lhs.isObservation == rhs.isObservation, lhs.others.count == rhs.others.count else { return false }
        for index in 0..<ForecastCategory.documented.count where lhs.documentedText(at: index) != rhs.documentedText(at: index) {
            return false
        }
        for (category, text) in lhs.others where rhs.text(for: category) != text { return false }
        return true
    }
}

extension ForecastRow: Hashable {
    /// Hashes the cell, hour and run.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(nx)
        hasher.combine(ny)
        hasher.combine(forecastDate)
        hasher.combine(forecastTime)
        hasher.combine(base)
    }
}
