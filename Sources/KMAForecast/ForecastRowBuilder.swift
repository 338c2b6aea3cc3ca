/// Pivots items into per-hour rows: one ``ForecastRow`` per (nx, ny, fcstDate, fcstTime),
/// whatever order items and pages arrive in.
///
/// ```swift
/// var builder = ForecastRowBuilder()
/// let info = try ForecastPageDecoder.decode(page, into: &builder)
/// if builder.completeness.isComplete { print(builder.rows()) }
/// ```
///
/// Rows are complete only when every page is in: the builder counts items against the
/// pages' `totalCount` and says whether they match (``completeness``).
public struct ForecastRowBuilder: Sendable {
    /// The rows so far, in first-seen order.
    internal var storage: [ForecastRow] = []
    /// Row position by packed key (see ``key(nx:ny:date:time:)``).
    internal var index: [UInt64: Int] = [:]
    /// The key and position of the row the last item went to: items of one hour usually come
    /// together, so most items skip the dictionary.
    internal var lastKey: UInt64 = .max
    internal var lastPosition: Int = 0

    /// Items added so far.
    public private(set) var itemCount = 0
    /// The pages added with ``add(page:)``, by page number.
    public private(set) var pages: [PageInfo] = []

    /// An empty builder.
    public init() {}

    /// Packs a row key so that sorting keys sorts rows by nx, ny, fcstDate, fcstTime.
    ///
    /// Layout (most significant first): nx 16 bits, ny 16 bits, days since 1970-01-01 20 bits,
    /// HHMM 12 bits. The caller guarantees the ranges (the decoder checks them).
    internal static func key(nx: Int, ny: Int, date: Int, time: Int) -> UInt64 {
        let days = KSTDateTime.daysFromCivil(year: Int64(date / 10_000), month: Int64(date / 100 % 100), day: Int64(date % 100))
        return UInt64(truncatingIfNeeded: nx) << 48 | UInt64(truncatingIfNeeded: ny) << 32
            | UInt64(truncatingIfNeeded: days) << 12 | UInt64(truncatingIfNeeded: time)
    }

    /// Whether an item's numbers fit the packed key (nx, ny 0...65535; a date from 1970 to
    /// 4840; a time 0...4095).
    internal static func fitsKey(nx: Int, ny: Int, date: Int, time: Int) -> Bool {
        nx >= 0 && nx < 65_536 && ny >= 0 && ny < 65_536 && date >= 19_700_101 && date < 48_000_000
            && time >= 0 && time < 4096
    }

    /// Adds one item to its row.
    ///
    /// - Throws: ``RowBuilderError/duplicate(_:existing:)`` when the row already has a value
    ///   for the item's category (nothing is overwritten silently), or
    ///   ``RowBuilderError/outOfRange(_:)`` for numbers no real item has.
    public mutating func add(_ item: ForecastItem) throws(RowBuilderError) {
        guard Self.fitsKey(nx: item.nx, ny: item.ny, date: item.forecastDate, time: item.forecastTime) else {
            throw .outOfRange(item)
        }
        let key = Self.key(nx: item.nx, ny: item.ny, date: item.forecastDate, time: item.forecastTime)
        try add(item, key: key)
    }

    /// Adds an item whose key is already computed (the decoder's path).
    internal mutating func add(_ item: ForecastItem, key: UInt64) throws(RowBuilderError) {
        let position: Int
        if key == lastKey {
            position = lastPosition
        } else if let found = index[key] {
            position = found
        } else {
            position = storage.count
            storage.append(ForecastRow(
                nx: item.nx, ny: item.ny, forecastDate: item.forecastDate, forecastTime: item.forecastTime,
                base: item.base, isObservation: item.isObservation
            ))
            index[key] = position
        }
        lastKey = key
        lastPosition = position
        if let existing = storage[position].text(for: item.category) {
            throw .duplicate(item, existing: existing.string)
        }
        if storage[position].base != item.base {
            throw .mixedRuns(item, rowBase: storage[position].base)
        }
        storage[position].setText(item.text, for: item.category)
        itemCount += 1
    }

    /// Records a page's facts (call once per page, after its items).
    public mutating func add(page: PageInfo) {
        pages.append(page)
    }

    /// The rows, sorted by nx, ny, fcstDate, fcstTime.
    public func rows() -> [ForecastRow] {
        let order = index.sorted { $0.key < $1.key }
        return order.map { storage[$0.value] }
    }

    /// The number of rows so far.
    public var rowCount: Int { storage.count }

    /// Whether the items added match the pages' `totalCount`.
    public var completeness: Completeness {
        guard !pages.isEmpty else { return .unknown(received: itemCount) }
        let totals = Set(pages.compactMap(\.totalCount))
        guard let total = totals.first else { return .unknown(received: itemCount) }
        if totals.count > 1 { return .inconsistentTotals(totals.sorted()) }
        if itemCount == total { return .complete(itemCount) }
        return .incomplete(received: itemCount, expected: total)
    }

    /// Whether a set of rows has every item its pages promised.
    public enum Completeness: Hashable, Sendable, CustomStringConvertible {
        /// All `totalCount` items are in.
        case complete(Int)
        /// Fewer (or more) items than `totalCount`: some pages are missing or were cut short.
        case incomplete(received: Int, expected: Int)
        /// The pages disagree about `totalCount` (the run changed between requests).
        case inconsistentTotals([Int])
        /// No page facts were added, so completeness cannot be judged.
        case unknown(received: Int)

        /// Whether the rows are complete.
        public var isComplete: Bool {
            if case .complete = self { return true }
            return false
        }

        /// A sentence for a person.
        public var description: String {
            switch self {
            case .complete(let count):
                return "complete: all \(count) items of totalCount are in"
            case .incomplete(let received, let expected):
                return "incomplete: \(received) of totalCount \(expected) items are in; some pages are missing or were cut short"
            case .inconsistentTotals(let totals):
                return "inconsistent: the pages report different totalCount values (\(totals.map(String.init).joined(separator: ", "))); the run changed between requests"
            case .unknown(let received):
                return "unknown: \(received) items, but no page said how many to expect"
            }
        }
    }
}

/// Why an item could not go into a row.
public enum RowBuilderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The row already has a value for this category (the item came twice, or two pages overlap).
    case duplicate(ForecastItem, existing: String)
    /// The item is from a different run than the other items of its row.
    case mixedRuns(ForecastItem, rowBase: ForecastBase)
    /// The item's nx, ny, date or time is outside any real range.
    case outOfRange(ForecastItem)

    /// A message for a person.
    public var description: String {
        switch self {
        case .duplicate(let item, let existing):
            return "\(item.category) for \(item.forecastDateString) \(item.forecastTimeString) at nx \(item.nx), ny \(item.ny) appears twice ('\(existing)' and '\(item.value)'): the pages overlap or repeat"
        case .mixedRuns(let item, let rowBase):
            return "\(item.category) for \(item.forecastDateString) \(item.forecastTimeString) at nx \(item.nx), ny \(item.ny) is from run \(item.base), but the rest of that hour is from run \(rowBase): the pages come from different runs"
        case .outOfRange(let item):
            return "an item has numbers outside any real range (nx \(item.nx), ny \(item.ny), fcstDate \(item.forecastDate), fcstTime \(item.forecastTime))"
        }
    }
}
