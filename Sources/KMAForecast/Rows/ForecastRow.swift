import KMAGrid

/// One hour at one grid cell: every category's value for that cell and hour, with the run it
/// came from.
///
/// The cell and the hour are typed, and computed once when the row is made: ``cell`` is a
/// ``GridCell`` (always on the grid) and ``validTime`` a ``KSTDateTime`` (always a real minute).
/// ``nx``, ``ny``, ``forecastDate`` and ``forecastTime`` give the same as the API's numbers.
///
/// Values are kept exactly as KMA sent them (``subscript(_:)``); ``ForecastValue`` gives their
/// meaning. The 17 documented categories live inline in the row as plain words (no allocation
/// and no reference counting per value); undocumented codes, and the rare value longer than
/// 15 UTF-8 bytes, are kept in a small side list.
public struct ForecastRow: Sendable {
    /// The hour the values are for, KST: `fcstDate` and `fcstTime` (for a nowcast, the
    /// observation's own `baseDate` and `baseTime`). Seconds are 0.
    public var validTime: KSTDateTime
    /// The run this row came from.
    public var base: ForecastBase
    /// The grid cell: `nx` 1...149, `ny` 1...253.
    public var cell: GridCell
    /// Whether the values are observations (nowcast) rather than forecasts.
    public var isObservation: Bool

    /// Bit `i` is set when documented category `i` (``ForecastCategory/documentedIndex``) has a value.
    @usableFromInline internal var present: UInt32 = 0
    /// The documented categories' texts, as ``InlineText`` words.
    @usableFromInline internal var slots: Slots
    /// Undocumented categories, and documented values too long for a slot, in arrival order.
    @usableFromInline internal var extras: [(ForecastCategory, String)] = []

    /// The two words of an inline text: bytes 0–7, and bytes 8–14 with the length in the top
    /// byte. A top byte of ``SlotWords/longMarker`` means the text is in `extras`.
    @usableFromInline
    internal struct SlotWords: Sendable {
        @usableFromInline var low: UInt64
        @usableFromInline var high: UInt64
        @inlinable init(low: UInt64, high: UInt64) { self.low = low; self.high = high }
        @usableFromInline static let empty = SlotWords(low: 0, high: 0)
        @usableFromInline static let longMarker: UInt64 = 0xFF
    }

    @usableFromInline
    internal typealias Slots = (
        SlotWords, SlotWords, SlotWords, SlotWords, SlotWords, SlotWords, SlotWords, SlotWords, SlotWords,
        SlotWords, SlotWords, SlotWords, SlotWords, SlotWords, SlotWords, SlotWords, SlotWords
    )

    /// An empty row for a cell and hour.
    ///
    /// - Parameters:
    ///   - cell: The grid cell.
    ///   - validTime: The hour the values are for, KST (`fcstDate`/`fcstTime`); seconds are
    ///     dropped.
    ///   - base: The run.
    ///   - isObservation: `true` for a nowcast row (observed values).
    @inlinable
    public init(cell: GridCell, validTime: KSTDateTime, base: ForecastBase, isObservation: Bool = false) {
        self.cell = cell
        self.validTime = validTime.second == 0 ? validTime : ForecastBase(validTime).dateTime
        self.base = base
        self.isObservation = isObservation
        let e = SlotWords.empty
        self.slots = (e, e, e, e, e, e, e, e, e, e, e, e, e, e, e, e, e)
    }

    /// An empty row from the API's numbers, checked.
    ///
    /// - Parameters:
    ///   - nx: Grid column, 1...149.
    ///   - ny: Grid row, 1...253.
    ///   - forecastDate: `fcstDate` as `YYYYMMDD`, a real date.
    ///   - forecastTime: `fcstTime` as `HHMM` (e.g. `600`), 0...2359 with minutes 0...59.
    ///   - base: The run.
    ///   - isObservation: `true` for a nowcast row.
    /// - Throws: ``GridError`` for a cell off the grid, ``KSTDateTimeError`` for a date or time
    ///   that is not a real one.
    public init(nx: Int, ny: Int, forecastDate: Int, forecastTime: Int, base: ForecastBase, isObservation: Bool = false) throws {
        let cell = try GridCell(nx: nx, ny: ny)
        guard forecastTime >= 0 else {
            throw KSTDateTimeError.fieldOutOfRange(field: "fcstTime", value: forecastTime, range: 0...2359)
        }
        let validTime = try KSTDateTime(
            year: forecastDate / 10_000, month: forecastDate / 100 % 100, day: forecastDate % 100,
            hour: forecastTime / 100, minute: forecastTime % 100
        )
        self.init(cell: cell, validTime: validTime, base: base, isObservation: isObservation)
    }

    /// The grid column, 1...149 (``cell``'s `nx`).
    @inlinable public var nx: Int { cell.nx }
    /// The grid row, 1...253 (``cell``'s `ny`).
    @inlinable public var ny: Int { cell.ny }
    /// `fcstDate` as the number `YYYYMMDD` (``validTime``'s date; the observation's base date
    /// for a nowcast).
    @inlinable public var forecastDate: Int { validTime.yyyymmdd }
    /// `fcstTime` as the number `HHMM`, e.g. `600` (``validTime``'s time; the observation's
    /// base time for a nowcast).
    @inlinable public var forecastTime: Int { validTime.hhmm }

    /// The value of a category exactly as KMA sent it, or `nil` when KMA sent none for this hour.
    public subscript(category: ForecastCategory) -> String? {
        get { text(for: category)?.string }
        set { setText(newValue.map(InlineText.init), for: category) }
    }

    /// Whether the row has a value for a category.
    public func contains(_ category: ForecastCategory) -> Bool {
        if let index = category.documentedIndex { return present & (1 << UInt32(index)) != 0 }
        return extras.contains { $0.0 == category }
    }

    /// The stored text of a category.
    @usableFromInline
    internal func text(for category: ForecastCategory) -> InlineText? {
        guard let index = category.documentedIndex else {
            return extras.first { $0.0 == category }.map { InlineText($0.1) }
        }
        return documentedText(at: index)
    }

    /// The stored text of documented category `index`.
    @usableFromInline
    internal func documentedText(at index: Int) -> InlineText? {
        guard present & (1 << UInt32(index)) != 0 else { return nil }
        let words = slot(index)
        if words.high >> 56 == SlotWords.longMarker {
            let category = ForecastCategory.documented[index]
            return extras.first { $0.0 == category }.map { .heap($0.1) }
        }
        return .inline(low: words.low, high: words.high)
    }

    /// Stores (or, with `nil`, removes) a category's text.
    @usableFromInline
    internal mutating func setText(_ text: InlineText?, for category: ForecastCategory) {
        if let index = category.documentedIndex {
            extras.removeAll { $0.0 == category }
            guard let text else {
                present &= ~(1 << UInt32(index))
                setSlot(index, .empty)
                return
            }
            setDocumented(index, category: category, text: text)
            return
        }
        extras.removeAll { $0.0 == category }
        if let text { extras.append((category, text.string)) }
    }

    /// Stores documented category `index`'s text; the slot must be empty (the builder checks).
    @inline(__always)
    internal mutating func setDocumented(_ index: Int, category: ForecastCategory, text: InlineText) {
        present |= 1 << UInt32(index)
        switch text {
        case .inline(let low, let high):
            setSlot(index, SlotWords(low: low, high: high))
        case .heap(let string):
            setSlot(index, SlotWords(low: 0, high: SlotWords.longMarker << 56))
            extras.append((category, string))
        }
    }

    /// What ``insert(_:text:base:)`` did.
    internal enum Insertion {
        case inserted
        /// The row already has a value for the category (the text it has).
        case duplicate(String)
        /// The row's other values come from another run (that run).
        case otherRun(ForecastBase)
        /// The row already has ``ForecastRow/maximumUndocumentedCategories`` categories this
        /// library does not know.
        case tooManyCategories
    }

    /// The most categories outside ``ForecastCategory/documented`` one row (one hour) takes:
    /// 32. KMA documents 17 and has added a few over the years; thousands of new names in one
    /// hour are a hostile or broken answer, and would make every insertion search a long list
    /// (20,000 names took 29 s), so the item is refused instead.
    public static let maximumUndocumentedCategories = 32

    /// Adds a category's text if the row has none yet and the run matches (the builder's path:
    /// one mutating access per item).
    @inline(__always)
    internal mutating func insert(_ category: ForecastCategory, text: InlineText, base: ForecastBase) -> Insertion {
        guard self.base == base else { return .otherRun(self.base) }
        if let index = category.documentedIndex {
            guard present & (1 << UInt32(index)) == 0 else { return .duplicate(documentedText(at: index)?.string ?? "") }
            setDocumented(index, category: category, text: text)
            return .inserted
        }
        if let existing = extras.first(where: { $0.0 == category }) { return .duplicate(existing.1) }
        // `extras` also holds documented categories' long texts (at most 17), which do not count.
        guard extras.count < Self.maximumUndocumentedCategories
            || extras.lazy.filter({ $0.0.documentedIndex == nil }).count < Self.maximumUndocumentedCategories else {
            return .tooManyCategories
        }
        extras.append((category, text.string))
        return .inserted
    }

    /// Adds every value of another row of the same cell and hour (the builder's merge).
    ///
    /// - Throws: ``RowBuilderError`` for a value this row already has, another run, or too many
    ///   unknown categories; the row may then hold some of `other`'s values (callers work on a
    ///   copy).
    internal mutating func absorb(_ other: ForecastRow) throws(RowBuilderError) {
        func item(_ category: ForecastCategory, _ text: InlineText) -> ForecastItem {
            ForecastItem(
                base: other.base, category: category, forecastDate: other.forecastDate, forecastTime: other.forecastTime,
                text: text, isObservation: other.isObservation, nx: other.nx, ny: other.ny
            )
        }
        func put(_ category: ForecastCategory, _ text: InlineText) throws(RowBuilderError) {
            switch insert(category, text: text, base: other.base) {
            case .inserted: return
            case .duplicate(let existing): throw .duplicate(item(category, text), existing: existing)
            case .otherRun(let rowBase): throw .mixedRuns(item(category, text), rowBase: rowBase)
            case .tooManyCategories: throw .tooManyCategories(item(category, text), limit: Self.maximumUndocumentedCategories)
            }
        }
        for index in 0..<ForecastCategory.documented.count {
            if let text = other.documentedText(at: index) { try put(ForecastCategory.documented[index], text) }
        }
        for (category, text) in other.extras where category.documentedIndex == nil {
            try put(category, InlineText(text))
        }
    }

    /// The categories that have a value in this row: documented ones in
    /// ``ForecastCategory/documented`` order, then the others in arrival order.
    public var categories: [ForecastCategory] {
        var result: [ForecastCategory] = []
        for (index, category) in ForecastCategory.documented.enumerated() where present & (1 << UInt32(index)) != 0 {
            result.append(category)
        }
        for (category, _) in extras where category.documentedIndex == nil { result.append(category) }
        return result
    }

    /// The number of values in the row.
    public var count: Int {
        present.nonzeroBitCount + extras.lazy.filter { $0.0.documentedIndex == nil }.count
    }

    /// `fcstDate` as KMA writes it: `YYYYMMDD`.
    public var forecastDateString: String { String(forecastDate) }

    /// `fcstTime` as KMA writes it: `HHMM`, zero-padded (`0600`).
    public var forecastTimeString: String { forecastTime.zeroPadded(toWidth: 4) }

    /// The forecast hour as a KST date and time: ``validTime``, which rows now always have.
    @available(*, deprecated, renamed: "validTime", message: "a row's hour is always a real one: use validTime")
    public var forecastDateTime: KSTDateTime? { validTime }

    // MARK: Slot access by index, without copying the tuple

    @inline(__always)
    internal func slot(_ index: Int) -> SlotWords {
        switch index {
        case 0: slots.0
        case 1: slots.1
        case 2: slots.2
        case 3: slots.3
        case 4: slots.4
        case 5: slots.5
        case 6: slots.6
        case 7: slots.7
        case 8: slots.8
        case 9: slots.9
        case 10: slots.10
        case 11: slots.11
        case 12: slots.12
        case 13: slots.13
        case 14: slots.14
        case 15: slots.15
        default: slots.16
        }
    }

    @inline(__always)
    internal mutating func setSlot(_ index: Int, _ words: SlotWords) {
        switch index {
        case 0: slots.0 = words
        case 1: slots.1 = words
        case 2: slots.2 = words
        case 3: slots.3 = words
        case 4: slots.4 = words
        case 5: slots.5 = words
        case 6: slots.6 = words
        case 7: slots.7 = words
        case 8: slots.8 = words
        case 9: slots.9 = words
        case 10: slots.10 = words
        case 11: slots.11 = words
        case 12: slots.12 = words
        case 13: slots.13 = words
        case 14: slots.14 = words
        case 15: slots.15 = words
        default: slots.16 = words
        }
    }
}

extension ForecastRow: Equatable {
    /// Rows are equal when their cell, hour, run and every value are equal.
    public static func == (lhs: ForecastRow, rhs: ForecastRow) -> Bool {
        guard lhs.cell == rhs.cell, lhs.validTime == rhs.validTime, lhs.base == rhs.base,
              lhs.isObservation == rhs.isObservation, lhs.present == rhs.present,
              lhs.extras.count == rhs.extras.count else { return false }
        for index in 0..<ForecastCategory.documented.count where lhs.documentedText(at: index) != rhs.documentedText(at: index) {
            return false
        }
        for (category, text) in lhs.extras where !rhs.extras.contains(where: { $0.0 == category && $0.1 == text }) {
            return false
        }
        return true
    }
}

extension ForecastRow: Hashable {
    /// Hashes the cell, hour and run.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(cell)
        hasher.combine(validTime)
        hasher.combine(base)
    }
}
