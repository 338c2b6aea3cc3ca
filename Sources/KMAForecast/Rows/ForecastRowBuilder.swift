import KMAGrid

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

    /// Whether an item's numbers fit the packed key and make a row: a cell on the grid (nx
    /// 1...149, ny 1...253), a real date from 1970 to 4839, a time of day.
    internal static func fitsKey(nx: Int, ny: Int, date: Int, time: Int) -> Bool {
        let year = date / 10_000, month = date / 100 % 100, day = date % 100
        return GridCell.nxRange.contains(nx) && GridCell.nyRange.contains(ny)
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
        func item() -> ForecastItem {
            ForecastItem(
                base: base, category: category, forecastDate: forecastDate, forecastTime: forecastTime,
                text: text, isObservation: isObservation, nx: nx, ny: ny
            )
        }
        if key == lastKey {
            position = lastPosition
        } else {
            // A new row needs a cell on the grid (the decoder only checks that nx and ny fit
            // the key).
            guard let found = rowPosition(key: key, nx: nx, ny: ny, base: base, isObservation: isObservation) else {
                throw .outOfRange(item())
            }
            position = found
            lastKey = key
            lastPosition = position
        }
        let outcome = storage[position].insert(category, text: text, base: base)
        guard case .inserted = outcome else {
            let item = item()
            switch outcome {
            case .duplicate(let existing): throw .duplicate(item, existing: existing)
            case .otherRun(let rowBase): throw .mixedRuns(item, rowBase: rowBase)
            case .tooManyCategories: throw .tooManyCategories(item, limit: ForecastRow.maximumUndocumentedCategories)
            case .inserted: return
            }
        }
        itemCount += 1
    }

    /// The position of the row for `key`, creating the row if it is new; `nil` when the row
    /// is new and `nx`, `ny` are not a cell of the grid.
    private mutating func rowPosition(key: UInt64, nx: Int, ny: Int, base: ForecastBase, isObservation: Bool) -> Int? {
        if inOrder {
            if let last = keys.last, key <= last {
                if let found = Self.binarySearch(keys, key) { return found }
                // A new row before existing ones: from now on, look rows up by hashing.
                indexRows()
            } else {
                return appendRow(key: key, nx: nx, ny: ny, base: base, isObservation: isObservation)
            }
        }
        if let found = index[key] { return found }
        guard let position = appendRow(key: key, nx: nx, ny: ny, base: base, isObservation: isObservation) else { return nil }
        index[key] = position
        return position
    }

    /// Appends the row of `key` (its date and time are read from the key, computed once here).
    private mutating func appendRow(key: UInt64, nx: Int, ny: Int, base: ForecastBase, isObservation: Bool) -> Int? {
        guard let cell = try? GridCell(nx: nx, ny: ny) else { return nil }
        if storage.isEmpty {
            // A 1000-item short-term page makes about 84 rows: grow once, not seven times.
            storage.reserveCapacity(96)
            keys.reserveCapacity(96)
        }
        storage.append(ForecastRow(cell: cell, validTime: Self.validTime(ofKey: key), base: base, isObservation: isObservation))
        keys.append(key)
        return storage.count - 1
    }

    /// The hour a packed key holds: its days since 1970-01-01 and its `HHMM`.
    @inline(__always)
    internal static func validTime(ofKey key: UInt64) -> KSTDateTime {
        let days = Int64(truncatingIfNeeded: key >> 12 & 0xF_FFFF)
        let hhmm = Int64(truncatingIfNeeded: key & 0xFFF)
        return KSTDateTime(wallSeconds: days * 86_400 + hhmm / 100 * 3600 + hhmm % 100 * 60)
    }

    /// Leaves key order for the dictionary index: a key arrived that is not after the last.
    private mutating func indexRows() {
        inOrder = false
        index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
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

    /// Adds another builder's rows and pages, as if its items had been added here: rows of the
    /// same cell and hour are merged value by value (a page boundary can fall inside an hour).
    ///
    /// Pages decoded separately, even concurrently, into builders of their own are put
    /// together this way without decoding or pivoting them again.
    ///
    /// ```swift
    /// var run = ForecastRowBuilder()
    /// for page in decodedPages { try run.add(contentsOf: page) }   // in page order
    /// ```
    ///
    /// The builder takes all of `other` or nothing: if it throws, it is as it was.
    ///
    /// - Throws: ``RowBuilderError/duplicate(_:existing:)`` when both have a value for the same
    ///   category of an hour, ``RowBuilderError/mixedRuns(_:rowBase:)`` when an hour's values
    ///   come from different runs, ``RowBuilderError/tooManyCategories(_:limit:)``.
    /// - Complexity: O(*m*) for *m* rows of `other` that come after this builder's rows (the
    ///   usual case: pages in order); O(*m* log *n*) otherwise.
    public mutating func add(contentsOf other: ForecastRowBuilder) throws(RowBuilderError) {
        if storage.isEmpty, pages.isEmpty, itemCount == 0 {
            self = other
            return
        }
        // Check every shared hour first, on copies, so that a failure changes nothing.
        var merged: [(position: Int, row: ForecastRow)] = []
        var fresh: [Int] = []
        for offset in other.keys.indices {
            if let position = existingPosition(of: other.keys[offset]) {
                var row = storage[position]
                try row.absorb(other.storage[offset])
                merged.append((position, row))
            } else {
                fresh.append(offset)
            }
        }
        for (position, row) in merged { storage[position] = row }
        if !fresh.isEmpty { storage.reserveCapacity(storage.count + fresh.count) }
        for offset in fresh { appendRow(other.storage[offset], key: other.keys[offset]) }
        itemCount += other.itemCount
        pages += other.pages
        lastKey = .max
    }

    /// The position of the row with `key`, if there is one.
    private func existingPosition(of key: UInt64) -> Int? {
        if inOrder {
            guard let last = keys.last, key <= last else { return nil }
            return Self.binarySearch(keys, key)
        }
        return index[key]
    }

    /// Appends a whole row known to be new.
    private mutating func appendRow(_ row: ForecastRow, key: UInt64) {
        if inOrder, let last = keys.last, key <= last { indexRows() }
        storage.append(row)
        keys.append(key)
        if !inOrder { index[key] = storage.count - 1 }
    }

    /// Replaces every value with `transform(value)` (the client removes a service key that a
    /// gateway echoed into the values).
    package mutating func rewriteValues(_ transform: (String) -> String) {
        for position in storage.indices {
            for category in storage[position].categories {
                guard let text = storage[position][category] else { continue }
                let rewritten = transform(text)
                if rewritten != text { storage[position][category] = rewritten }
            }
        }
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

    /// A message for a person; the values and category KMA sent are shown by the one rule for
    /// network text (``PrintableText/excerpt(_:)``).
    public var description: String {
        switch self {
        case .duplicate(let item, let existing):
            return "\(PrintableText.excerpt(item.category.code)) for \(item.forecastDateString) \(item.forecastTimeString) at nx \(item.nx), ny \(item.ny) appears twice ('\(PrintableText.excerpt(existing))' and '\(PrintableText.excerpt(item.value))'): the pages overlap or repeat"
        case .mixedRuns(let item, let rowBase):
            return "\(PrintableText.excerpt(item.category.code)) for \(item.forecastDateString) \(item.forecastTimeString) at nx \(item.nx), ny \(item.ny) is from run \(item.base), but the rest of that hour is from run \(rowBase): the pages come from different runs"
        case .tooManyCategories(let item, let limit):
            return "\(item.forecastDateString) \(item.forecastTimeString) at nx \(item.nx), ny \(item.ny) has more than \(limit) categories KMA does not document (the forecast has 17): not an answer KMA sends, so it was not used"
        case .outOfRange(let item):
            return "an item has numbers outside any real range (nx \(item.nx), ny \(item.ny), fcstDate \(item.forecastDate), fcstTime \(item.forecastTime))"
        }
    }
}
