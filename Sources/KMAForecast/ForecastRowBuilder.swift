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
    /// Each row's packed key (see ``key(nx:ny:date:time:)``), parallel to `storage`.
    internal var keys: [UInt64] = []
    /// Whether `keys` is strictly increasing. KMA sends a run's items ordered by hour, so rows
    /// usually arrive in order and need neither hashing nor sorting; the first row that arrives
    /// out of order builds `index` and switches to dictionary lookups.
    internal var inOrder = true
    /// Row position by key, once rows have arrived out of order.
    internal var index: [UInt64: Int] = [:]
    /// The key and position of the row the last item went to: the items of one hour come
    /// together, so most items find their row here.
    internal var lastKey: UInt64 = .max
    internal var lastPosition: Int = 0

    /// Items added so far.
    public internal(set) var itemCount = 0
    /// The pages added with ``add(page:)``, in the order they were added.
    public private(set) var pages: [PageInfo] = []

    /// An empty builder.
    public init() {}

    /// Packs a row key so that sorting keys sorts rows by nx, ny, fcstDate, fcstTime.
    ///
    /// Layout (most significant first): nx 16 bits, ny 16 bits, days since 1970-01-01 20 bits,
    /// HHMM 12 bits. The caller guarantees the ranges (see ``fitsKey(nx:ny:date:time:)``).
    internal static func key(nx: Int, ny: Int, date: Int, time: Int) -> UInt64 {
        let days = KSTDateTime.daysFromCivil(year: Int64(date / 10_000), month: Int64(date / 100 % 100), day: Int64(date % 100))
        return key(nx: nx, ny: ny, days: days, time: time)
    }

    @inline(__always)
    internal static func key(nx: Int, ny: Int, days: Int64, time: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: nx) << 48 | UInt64(truncatingIfNeeded: ny) << 32
            | UInt64(truncatingIfNeeded: days) << 12 | UInt64(truncatingIfNeeded: time)
    }

    /// Whether an item's numbers fit the packed key (nx, ny 0...65535; a real date from 1970 to
    /// 4839; a time of day).
    internal static func fitsKey(nx: Int, ny: Int, date: Int, time: Int) -> Bool {
        let year = date / 10_000, month = date / 100 % 100, day = date % 100
        return nx >= 0 && nx < 65_536 && ny >= 0 && ny < 65_536
            && (1970...4839).contains(year) && (1...12).contains(month) && day >= 1
            && day <= KSTDateTime.daysInMonth(year: year, month: month)
            && time >= 0 && time % 100 < 60 && time / 100 < 24
    }

    /// Adds one item to its row.
    ///
    /// - Throws: ``RowBuilderError/duplicate(_:existing:)`` when the row already has a value
    ///   for the item's category (nothing is overwritten silently),
    ///   ``RowBuilderError/mixedRuns(_:rowBase:)`` when the row's other values come from another
    ///   run, or ``RowBuilderError/outOfRange(_:)`` for numbers no real item has.
    public mutating func add(_ item: ForecastItem) throws(RowBuilderError) {
        guard Self.fitsKey(nx: item.nx, ny: item.ny, date: item.forecastDate, time: item.forecastTime) else {
            throw .outOfRange(item)
        }
        try add(
            base: item.base, category: item.category, forecastDate: item.forecastDate, forecastTime: item.forecastTime,
            text: item.text, isObservation: item.isObservation, nx: item.nx, ny: item.ny,
            key: Self.key(nx: item.nx, ny: item.ny, date: item.forecastDate, time: item.forecastTime)
        )
    }

    /// Adds an item given as fields, its key already computed (the decoder's path).
    @inline(__always)
    internal mutating func add(
        base: ForecastBase, category: ForecastCategory, forecastDate: Int, forecastTime: Int,
        text: InlineText, isObservation: Bool, nx: Int, ny: Int, key: UInt64
    ) throws(RowBuilderError) {
        let position: Int
        if key == lastKey {
            position = lastPosition
        } else {
            position = rowPosition(
                key: key, nx: nx, ny: ny, forecastDate: forecastDate, forecastTime: forecastTime,
                base: base, isObservation: isObservation
            )
            lastKey = key
            lastPosition = position
        }
        let outcome = storage[position].insert(category, text: text, base: base)
        guard case .inserted = outcome else {
            let item = ForecastItem(
                base: base, category: category, forecastDate: forecastDate, forecastTime: forecastTime,
                text: text, isObservation: isObservation, nx: nx, ny: ny
            )
            switch outcome {
            case .duplicate(let existing): throw .duplicate(item, existing: existing)
            case .otherRun(let rowBase): throw .mixedRuns(item, rowBase: rowBase)
            case .tooManyCategories: throw .tooManyCategories(item, limit: ForecastRow.maximumUndocumentedCategories)
            case .inserted: return
            }
        }
        itemCount += 1
    }

    /// The position of the row for `key`, creating the row if it is new.
    private mutating func rowPosition(
        key: UInt64, nx: Int, ny: Int, forecastDate: Int, forecastTime: Int, base: ForecastBase, isObservation: Bool
    ) -> Int {
        if inOrder {
            if let last = keys.last, key <= last {
                if let found = Self.binarySearch(keys, key) { return found }
                // A new row before existing ones: from now on, look rows up by hashing.
                inOrder = false
                index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
            } else {
                return appendRow(key: key, nx: nx, ny: ny, forecastDate: forecastDate, forecastTime: forecastTime, base: base, isObservation: isObservation)
            }
        }
        if let found = index[key] { return found }
        let position = appendRow(key: key, nx: nx, ny: ny, forecastDate: forecastDate, forecastTime: forecastTime, base: base, isObservation: isObservation)
        index[key] = position
        return position
    }

    private mutating func appendRow(
        key: UInt64, nx: Int, ny: Int, forecastDate: Int, forecastTime: Int, base: ForecastBase, isObservation: Bool
    ) -> Int {
        if storage.isEmpty {
            // A 1000-item short-term page makes about 84 rows: grow once, not seven times.
            storage.reserveCapacity(96)
            keys.reserveCapacity(96)
        }
        storage.append(ForecastRow(nx: nx, ny: ny, forecastDate: forecastDate, forecastTime: forecastTime, base: base, isObservation: isObservation))
        keys.append(key)
        return storage.count - 1
    }

    private static func binarySearch(_ keys: [UInt64], _ key: UInt64) -> Int? {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? low : nil
    }

    /// Records a page's facts (call once per page, after its items).
    public mutating func add(page: PageInfo) {
        pages.append(page)
    }

    /// The rows, sorted by nx, ny, fcstDate, fcstTime.
    ///
    /// - Complexity: O(1) when the rows arrived in order (the usual case), else O(*n* log *n*).
    public func rows() -> [ForecastRow] {
        if inOrder { return storage }
        return keys.indices.sorted { keys[$0] < keys[$1] }.map { storage[$0] }
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
    /// The item's row (hour) already has `limit` categories this library does not know
    /// (``ForecastRow/maximumUndocumentedCategories``): not a forecast KMA sends.
    case tooManyCategories(ForecastItem, limit: Int)

    /// A message for a person.
    public var description: String {
        switch self {
        case .duplicate(let item, let existing):
            return "\(item.category) for \(item.forecastDateString) \(item.forecastTimeString) at nx \(item.nx), ny \(item.ny) appears twice ('\(existing)' and '\(item.value)'): the pages overlap or repeat"
        case .mixedRuns(let item, let rowBase):
            return "\(item.category) for \(item.forecastDateString) \(item.forecastTimeString) at nx \(item.nx), ny \(item.ny) is from run \(item.base), but the rest of that hour is from run \(rowBase): the pages come from different runs"
        case .tooManyCategories(let item, let limit):
            return "\(item.forecastDateString) \(item.forecastTimeString) at nx \(item.nx), ny \(item.ny) has more than \(limit) categories KMA does not document (the forecast has 17): not an answer KMA sends, so it was not used"
        case .outOfRange(let item):
            return "an item has numbers outside any real range (nx \(item.nx), ny \(item.ny), fcstDate \(item.forecastDate), fcstTime \(item.forecastTime))"
        }
    }
}
