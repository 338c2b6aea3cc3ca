import KMAGrid

/// What every item of a page must be for a client that asked for one cell and one run.
///
/// Items carrying ``alias`` are taken as the run asked for and go into the rows under
/// ``base`` (KMA has answered ultra-short requests for HH30 with items labelled HH00: see
/// `ForecastRun.labelledBase` in KMAForecastClient).
package struct PageExpectation: Sendable {
    /// The cell asked for.
    package var cell: GridCell
    /// The run asked for.
    package var base: ForecastBase
    /// Another label accepted for the run, or `nil`.
    package var alias: ForecastBase?

    package init(cell: GridCell, base: ForecastBase, alias: ForecastBase?) {
        self.cell = cell
        self.base = base
        self.alias = alias
    }
}

/// A page decoded straight into rows against a ``PageExpectation``, and what the checks found.
///
/// The page is decoded whole before any finding is reported, so a decoding error always wins
/// over them; the findings are in item order, as a check after decoding would have them.
package struct ExpectedPage: Sendable {
    /// The page's facts (also added to ``rows``).
    package var info: PageInfo
    /// The page's rows, every one for the expected cell and labelled with the expected base.
    /// Only meaningful when ``foreignItem`` and ``rowError`` are `nil` and not both labels
    /// were seen.
    package var rows: ForecastRowBuilder
    /// The first item for another cell, or for a run other than the base and its alias.
    package var foreignItem: ForecastItem?
    /// Whether an item carried the expected base.
    package var sawBase = false
    /// Whether an item carried the alias.
    package var sawAlias = false
    /// The first item the rows refused (it repeats one of the page, or has too many unknown
    /// categories).
    package var rowError: RowBuilderError?
}

extension ForecastPageDecoder {
    /// Decodes a page into rows in one pass (no item array), checking every item against
    /// `expectation` on the way: the client's page path.
    ///
    /// - Throws: ``ForecastResponseError`` when the page does not decode; what the checks find
    ///   is in the result.
    package static func decode(_ bytes: [UInt8], expecting expectation: PageExpectation) throws(ForecastResponseError) -> ExpectedPage {
        try withBytes(bytes) { (raw: UnsafeRawBufferPointer) throws(ForecastResponseError) -> ExpectedPage in
            var walker = PageWalker(raw, sink: ExpectingSink(expectation: expectation))
            let info = try walker.run()
            var page = walker.sink.page
            page.info = info
            page.rows.add(page: info)
            return page
        }
    }
}

/// Checks each item against a ``PageExpectation`` and pivots the good ones into rows.
struct ExpectingSink: ItemSink {
    let expectation: PageExpectation
    var page: ExpectedPage
    /// Whether the page has a foreign item or a row error, and whether it has a foreign item:
    /// flags, because testing the two optionals for `nil` on every item went through their
    /// value witnesses (about a tenth of the page's time).
    var failed = false
    var hasForeignItem = false

    init(expectation: PageExpectation) {
        self.expectation = expectation
        self.page = ExpectedPage(
            info: PageInfo(resultCode: ResultCode(rawValue: "00"), resultMessage: "", pageNo: nil, numOfRows: nil, totalCount: nil, itemCount: 0),
            rows: ForecastRowBuilder()
        )
    }

    @inline(__always)
    mutating func accept(
        base: ForecastBase, category: ForecastCategory, forecastDate: Int, forecastTime: Int,
        text: InlineText, isObservation: Bool, nx: Int, ny: Int, key: UInt64
    ) throws(ForecastResponseError) {
        let isBase = base == expectation.base
        guard nx == expectation.cell.nx, ny == expectation.cell.ny, isBase || base == expectation.alias else {
            if !hasForeignItem {
                hasForeignItem = true
                failed = true
                page.foreignItem = ForecastItem(
                    base: base, category: category, forecastDate: forecastDate, forecastTime: forecastTime,
                    text: text, isObservation: isObservation, nx: nx, ny: ny
                )
            }
            return
        }
        if isBase { page.sawBase = true } else { page.sawAlias = true }
        // Once the page has failed, its rows do not matter; the labels still do.
        guard !failed else { return }
        do {
            try page.rows.add(
                base: expectation.base, category: category, forecastDate: forecastDate, forecastTime: forecastTime,
                text: text, isObservation: isObservation, nx: nx, ny: ny, key: key
            )
        } catch {
            failed = true
            page.rowError = error
        }
    }
}
