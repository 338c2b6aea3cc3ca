import KMAForecast

/// The paging of one run: which pages to ask for and whether each page that came back is the
/// page it should be. Pure and synchronous; the client drives it with each page's facts, in
/// page order.
///
/// ```swift
/// var paging = PageStateMachine(pageSize: 1000)
/// let more = try paging.accept(pageNo: 1, info: firstPage.info)   // e.g. 2...2 for 1,190 items
/// for pageNo in more { … fetch (concurrently) … }
/// try paging.accept(pageNo: 2, info: secondPage.info)             // pages accepted in order
/// paging.isComplete                                               // true
/// ```
///
/// Page 1 fixes `totalCount`; every page must then echo its `pageNo` and `numOfRows` (when
/// present), repeat the same `totalCount`, and hold exactly
/// `min(pageSize, totalCount − (pageNo − 1) × pageSize)` items. Anything else is a
/// ``PagingError``: a short page or a run that changed between requests is an error, never
/// a partial result.
struct PageStateMachine: Hashable, Sendable {
    /// `numOfRows` sent with every request, ≥ 1.
    let pageSize: Int
    /// `totalCount` from page 1, once it is in.
    private(set) var totalCount: Int?
    /// The page that must be accepted next.
    private(set) var nextPage = 1
    /// Items accepted so far.
    private(set) var itemCount = 0

    /// The most pages a run may have. A run of one cell has about 1,200 items at most; a
    /// `totalCount` that needs more pages than this is not a forecast run.
    static let maximumPages = 1000

    /// A machine for requests of `pageSize` items (`numOfRows`).
    init(pageSize: Int) {
        precondition(pageSize >= 1, "the page size must be at least 1")
        self.pageSize = pageSize
    }

    /// The number of pages, once page 1 is in.
    var pageCount: Int? {
        totalCount.map { max(1, Self.pages(for: $0, pageSize: pageSize)) }
    }

    /// ⌈`total` / `pageSize`⌉ without overflow, for any `total` ≥ 0 (a response's `totalCount`
    /// can be `Int.max`, where `total + pageSize − 1` would trap).
    static func pages(for total: Int, pageSize: Int) -> Int {
        total / pageSize + (total % pageSize == 0 ? 0 : 1)
    }

    /// Whether every page has been accepted.
    var isComplete: Bool {
        guard let pageCount else { return false }
        return nextPage > pageCount
    }

    /// How many items page `pageNo` must hold, once page 1 is in.
    func expectedItems(onPage pageNo: Int) -> Int? {
        guard let totalCount, let pageCount, pageNo >= 1, pageNo <= pageCount else { return nil }
        return min(pageSize, totalCount - (pageNo - 1) * pageSize)
    }

    /// Checks the next page and records it.
    ///
    /// - Parameters:
    ///   - pageNo: The page number that was requested; must be ``nextPage``.
    ///   - info: The page's facts as decoded.
    /// - Returns: After page 1, the further pages to fetch; `nil` when one page holds the
    ///   run, and after any later page.
    /// - Throws: ``PagingError`` when the page is not the page it should be.
    mutating func accept(pageNo: Int, info: PageInfo) throws(PagingError) -> ClosedRange<Int>? {
        guard pageNo == nextPage, !isComplete else {
            throw .unexpectedPage(requested: pageNo, next: nextPage)
        }
        if let echoed = info.pageNo, echoed != pageNo {
            throw .pageNumberMismatch(requested: pageNo, received: echoed)
        }
        // Another numOfRows than asked for means the pages are cut differently than planned,
        // which matters only when more pages follow: page 1 holding the whole run (as recorded
        // pages and some proxies echo their own numOfRows) is complete whatever it echoes.
        if let echoed = info.numOfRows, echoed != pageSize,
           !(pageNo == 1 && info.totalCount == info.itemCount && info.itemCount <= pageSize) {
            throw .pageSizeMismatch(requested: pageSize, received: echoed)
        }
        guard let total = info.totalCount else { throw .missingTotalCount(pageNo: pageNo) }
        if let known = totalCount {
            guard total == known else { throw .totalCountChanged(pageNo: pageNo, first: known, now: total) }
        } else {
            guard total >= 0 else { throw .implausibleTotalCount(total) }
            guard total >= 1 else { throw .emptyRun }
            guard Self.pages(for: total, pageSize: pageSize) <= Self.maximumPages else {
                throw .implausibleTotalCount(total)
            }
            totalCount = total
        }
        let expected = expectedItems(onPage: pageNo) ?? 0
        guard info.itemCount == expected else {
            throw .itemCountMismatch(pageNo: pageNo, expected: expected, received: info.itemCount, totalCount: total)
        }
        itemCount += info.itemCount
        nextPage += 1
        if pageNo == 1, let pageCount, pageCount > 1 { return 2...pageCount }
        return nil
    }
}

/// Why a page is not the page it should be.
public enum PagingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Page 1 reported `totalCount` 0: the run has no items (treated as NO_DATA).
    case emptyRun
    /// A page without `totalCount`, so completeness cannot be checked.
    case missingTotalCount(pageNo: Int)
    /// A `totalCount` no forecast run has (negative, or more pages than
    /// ``PageStateMachine/maximumPages``).
    case implausibleTotalCount(Int)
    /// The page echoed another `pageNo` than was asked for.
    case pageNumberMismatch(requested: Int, received: Int)
    /// The page echoed another `numOfRows` than was asked for (the server capped it).
    case pageSizeMismatch(requested: Int, received: Int)
    /// A later page reported another `totalCount` than page 1: the run changed in between.
    case totalCountChanged(pageNo: Int, first: Int, now: Int)
    /// The page held more or fewer items than its position in the run implies.
    case itemCountMismatch(pageNo: Int, expected: Int, received: Int, totalCount: Int)
    /// A page out of order (a bug in the caller).
    case unexpectedPage(requested: Int, next: Int)
    /// Fewer items arrived in all than `totalCount` promised.
    case incomplete(received: Int, expected: Int)

    /// A sentence for a person.
    public var description: String {
        switch self {
        case .emptyRun:
            "the run has no items (totalCount 0)"
        case .missingTotalCount(let pageNo):
            "page \(pageNo) has no totalCount, so it cannot be checked for completeness"
        case .implausibleTotalCount(let total):
            total < 0
                ? "totalCount \(total) is negative"
                : "totalCount \(total) is far more than a forecast run of one cell has"
        case .pageNumberMismatch(let requested, let received):
            "page \(requested) was requested but page \(received) came back"
        case .pageSizeMismatch(let requested, let received):
            "numOfRows \(requested) was requested but the page says \(received) (the server may cap the page size)"
        case .totalCountChanged(let pageNo, let first, let now):
            "page \(pageNo) reports totalCount \(now) but page 1 reported \(first): the run changed between requests"
        case .itemCountMismatch(let pageNo, let expected, let received, let total):
            "page \(pageNo) holds \(received) items but should hold \(expected) of totalCount \(total)"
        case .unexpectedPage(let requested, let next):
            "page \(requested) arrived while page \(next) was expected"
        case .incomplete(let received, let expected):
            "only \(received) of totalCount \(expected) items arrived"
        }
    }
}
