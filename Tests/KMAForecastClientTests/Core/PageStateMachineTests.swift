import KMAForecast
import Testing
@testable import KMAForecastClient

/// Page facts as KMA sends them.
func info(page: Int?, rows: Int?, total: Int?, items: Int) -> PageInfo {
    PageInfo(resultCode: .normalService, resultMessage: "NORMAL_SERVICE", pageNo: page, numOfRows: rows, totalCount: total, itemCount: items)
}

@Suite("PageStateMachine: pageNo, numOfRows and totalCount")
struct PageStateMachineTests {
    @Test("One page holds the run")
    func onePage() throws {
        var machine = PageStateMachine(pageSize: 1000)
        #expect(try machine.accept(pageNo: 1, info: info(page: 1, rows: 1000, total: 809, items: 809)) == nil)
        #expect(machine.isComplete && machine.itemCount == 809 && machine.pageCount == 1)
    }

    @Test("Exactly one full page")
    func exactlyFull() throws {
        var machine = PageStateMachine(pageSize: 100)
        #expect(try machine.accept(pageNo: 1, info: info(page: 1, rows: 100, total: 100, items: 100)) == nil)
        #expect(machine.isComplete)
    }

    @Test("Three pages: 300 + 300 + 209 of 809, in order")
    func threePages() throws {
        var machine = PageStateMachine(pageSize: 300)
        #expect(try machine.accept(pageNo: 1, info: info(page: 1, rows: 300, total: 809, items: 300)) == 2...3)
        #expect(machine.expectedItems(onPage: 3) == 209)
        #expect(machine.expectedItems(onPage: 4) == nil)
        #expect(!machine.isComplete)
        #expect(try machine.accept(pageNo: 2, info: info(page: 2, rows: 300, total: 809, items: 300)) == nil)
        #expect(try machine.accept(pageNo: 3, info: info(page: 3, rows: 300, total: 809, items: 209)) == nil)
        #expect(machine.isComplete && machine.itemCount == 809)
    }

    @Test("Missing pageNo and numOfRows are tolerated; totalCount is not")
    func optionalEchoes() throws {
        var machine = PageStateMachine(pageSize: 10)
        #expect(try machine.accept(pageNo: 1, info: info(page: nil, rows: nil, total: 8, items: 8)) == nil)
        var other = PageStateMachine(pageSize: 10)
        #expect(throws: PagingError.missingTotalCount(pageNo: 1)) {
            try other.accept(pageNo: 1, info: info(page: 1, rows: 10, total: nil, items: 8))
        }
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        let label: String
        let second: PageInfo
        let error: PagingError
        var testDescription: String { label }
    }

    static let badSecondPages: [Bad] = [
        Bad(label: "short page", second: info(page: 2, rows: 300, total: 809, items: 299),
            error: .itemCountMismatch(pageNo: 2, expected: 300, received: 299, totalCount: 809)),
        Bad(label: "long page", second: info(page: 2, rows: 300, total: 809, items: 301),
            error: .itemCountMismatch(pageNo: 2, expected: 300, received: 301, totalCount: 809)),
        Bad(label: "totalCount changed", second: info(page: 2, rows: 300, total: 810, items: 300),
            error: .totalCountChanged(pageNo: 2, first: 809, now: 810)),
        Bad(label: "another page came back", second: info(page: 1, rows: 300, total: 809, items: 300),
            error: .pageNumberMismatch(requested: 2, received: 1)),
        Bad(label: "page size capped", second: info(page: 2, rows: 100, total: 809, items: 100),
            error: .pageSizeMismatch(requested: 300, received: 100)),
    ]

    @Test(arguments: badSecondPages)
    func rejectsSecondPage(_ c: Bad) throws {
        var machine = PageStateMachine(pageSize: 300)
        _ = try machine.accept(pageNo: 1, info: info(page: 1, rows: 300, total: 809, items: 300))
        #expect(throws: c.error) { try machine.accept(pageNo: 2, info: c.second) }
        #expect(!machine.isComplete)
    }

    @Test("Page 1 problems", arguments: [
        (info(page: 1, rows: 300, total: 0, items: 0), PagingError.emptyRun),
        (info(page: 1, rows: 300, total: 809, items: 200), .itemCountMismatch(pageNo: 1, expected: 300, received: 200, totalCount: 809)),
        (info(page: 1, rows: 300, total: 300_001, items: 300), .implausibleTotalCount(300_001)),
        // Regression: `(total + pageSize − 1) / pageSize` trapped for a totalCount of Int.max.
        (info(page: 1, rows: 300, total: Int.max, items: 300), .implausibleTotalCount(Int.max)),
        (info(page: 1, rows: 300, total: -1, items: 0), .implausibleTotalCount(-1)),
    ])
    func rejectsFirstPage(_ first: PageInfo, _ error: PagingError) {
        var machine = PageStateMachine(pageSize: 300)
        #expect(throws: error) { try machine.accept(pageNo: 1, info: first) }
    }

    @Test("Page counts never overflow, whatever the numbers", arguments: [
        (809, 300, 3), (900, 300, 3), (1, 1, 1), (0, 300, 0), (809, Int.max, 1), (Int.max, 1, Int.max), (Int.max, Int.max, 1),
    ])
    func pageArithmetic(_ total: Int, _ pageSize: Int, _ pages: Int) throws {
        #expect(PageStateMachine.pages(for: total, pageSize: pageSize) == pages)
    }

    @Test("A page size as large as Int.max: one page holds the run")
    func hugePageSize() throws {
        var machine = PageStateMachine(pageSize: .max)
        #expect(try machine.accept(pageNo: 1, info: info(page: 1, rows: nil, total: 809, items: 809)) == nil)
        #expect(machine.isComplete && machine.pageCount == 1 && machine.expectedItems(onPage: 1) == 809)
    }

    @Test("Another numOfRows on page 1 is fine when page 1 holds the whole run, and an error when pages follow")
    func pageSizeEcho() throws {
        // A recorded page asked for with numOfRows=10 that holds its whole run of 8 items.
        var whole = PageStateMachine(pageSize: 1000)
        #expect(try whole.accept(pageNo: 1, info: info(page: 1, rows: 10, total: 8, items: 8)) == nil)
        #expect(whole.isComplete)
        // Capped at 100 rows while 809 are due: the pages would not line up.
        var capped = PageStateMachine(pageSize: 1000)
        #expect(throws: PagingError.pageSizeMismatch(requested: 1000, received: 100)) {
            try capped.accept(pageNo: 1, info: info(page: 1, rows: 100, total: 809, items: 100))
        }
    }

    @Test("Pages must be accepted in order, and not after the last")
    func order() throws {
        var machine = PageStateMachine(pageSize: 300)
        #expect(throws: PagingError.unexpectedPage(requested: 2, next: 1)) {
            try machine.accept(pageNo: 2, info: info(page: 2, rows: 300, total: 809, items: 300))
        }
        var done = PageStateMachine(pageSize: 1000)
        _ = try done.accept(pageNo: 1, info: info(page: 1, rows: 1000, total: 8, items: 8))
        #expect(throws: PagingError.unexpectedPage(requested: 2, next: 2)) {
            try done.accept(pageNo: 2, info: info(page: 2, rows: 1000, total: 8, items: 0))
        }
    }

    @Test("Errors read as sentences")
    func wording() {
        #expect(PagingError.itemCountMismatch(pageNo: 2, expected: 300, received: 299, totalCount: 809).description
            == "page 2 holds 299 items but should hold 300 of totalCount 809")
        #expect(PagingError.totalCountChanged(pageNo: 2, first: 809, now: 810).description
            == "page 2 reports totalCount 810 but page 1 reported 809: the run changed between requests")
        #expect(PagingError.implausibleTotalCount(-3).description == "totalCount -3 is negative")
    }
}
