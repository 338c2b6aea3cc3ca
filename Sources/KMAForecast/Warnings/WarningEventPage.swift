/// One decoded page of `getPwnCd`: its events and its paging numbers.
public struct WarningEventPage: Hashable, Sendable {
    /// The events on the page, in KMA's order (newest first, as recorded).
    public var events: [WarningEvent]
    /// `pageNo`.
    public var pageNo: Int
    /// `numOfRows`.
    public var numOfRows: Int
    /// `totalCount`: the events of the whole query, on every page.
    public var totalCount: Int

    /// A page.
    public init(events: [WarningEvent], pageNo: Int, numOfRows: Int, totalCount: Int) {
        self.events = events
        self.pageNo = pageNo
        self.numOfRows = numOfRows
        self.totalCount = totalCount
    }

    /// How many pages of `numOfRows` the query has.
    public var pageCount: Int { numOfRows > 0 ? max(1, (totalCount + numOfRows - 1) / numOfRows) : 1 }
}
