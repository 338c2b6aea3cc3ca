/// One hour at one grid cell: every category's value for that (nx, ny, fcstDate, fcstTime),
/// with the run it came from.
///
/// Values are kept exactly as KMA sent them (``subscript(_:)``); ``ForecastValue`` gives their
/// meaning. The 17 documented categories live inline in the row as plain words (no allocation
/// and no reference counting per value); undocumented codes, and the rare value longer than
/// 15 UTF-8 bytes, are kept in a small side list.
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
    public init(nx: Int, ny: Int, forecastDate: Int, forecastTime: Int, base: ForecastBase, isObservation: Bool = false) {
        self.nx = nx
        self.ny = ny
        self.forecastDate = forecastDate
        self.forecastTime = forecastTime
        self.base = base
        self.isObservation = isObservation
        let e = SlotWords.empty
        self.slots = (e, e, e, e, e, e, e, e, e, e, e, e, e, e, e, e, e)
    }

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

    /// The forecast hour as a KST date and time, or `nil` if the date or time is not a real one.
    public var forecastDateTime: KSTDateTime? {
        try? KSTDateTime(
            year: forecastDate / 10_000, month: forecastDate / 100 % 100, day: forecastDate % 100,
            hour: forecastTime / 100, minute: forecastTime % 100
        )
    }

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
        guard lhs.nx == rhs.nx, lhs.ny == rhs.ny, lhs.forecastDate == rhs.forecastDate,
              lhs.forecastTime == rhs.forecastTime, lhs.base == rhs.base,
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
        hasher.combine(nx)
        hasher.combine(ny)
        hasher.combine(forecastDate)
        hasher.combine(forecastTime)
        hasher.combine(base)
    }
}
