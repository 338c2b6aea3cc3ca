import KMAForecast
import KMAGrid

/// The client's work on one page, callable on its own, for the benchmarks (`client.page`) and
/// the tests that compare it with the path it replaced.
extension ForecastClient {
    /// One page's rows exactly as a fetch makes them: decoded straight into rows and checked
    /// (``ClientCore/decode(_:for:)``), then added to an empty run (``ClientCore/addRows(of:to:runLabel:)``).
    ///
    /// - Parameters:
    ///   - bytes: The response body.
    ///   - product, cell, base: The run the page was asked for.
    ///   - pageNo: The page number asked for.
    /// - Throws: ``ForecastClientError`` as a fetch would for this page.
    package func pageRows(
        _ bytes: [UInt8], product: ForecastProduct, cell: GridCell, base: ForecastBase, pageNo: Int = 1
    ) throws(ForecastClientError) -> ForecastRowBuilder {
        let request = PageRequest(product: product, cell: cell, base: base, pageNo: pageNo, numOfRows: core.configuration.pageSize)
        let checked = try core.decode(bytes, for: request)
        var rows = ForecastRowBuilder()
        try core.addRows(of: FetchedPage(request: request, bytes: bytes, checked: checked, attempts: 0), to: &rows, runLabel: checked.baseLabel)
        return rows
    }

    /// The same through the path the client took before it decoded into rows: the page
    /// decoded into an item array, each item checked (cell, run, the HH00 label relabelled),
    /// the key redacted from the values, then the items pivoted one by one. The reference
    /// the fused path is compared with, and the in-run baseline of `client.page`.
    package func pageRowsThroughItems(
        _ bytes: [UInt8], product: ForecastProduct, cell: GridCell, base: ForecastBase, pageNo: Int = 1
    ) throws(ForecastClientError) -> ForecastRowBuilder {
        let request = PageRequest(product: product, cell: cell, base: base, pageNo: pageNo, numOfRows: core.configuration.pageSize)
        var page: ForecastPage
        do {
            page = try ForecastPageDecoder.decode(bytes)
        } catch {
            throw ForecastClientError(.response(core.sanitized(error)))
        }
        let key = core.endpoint.key
        if key.occurs(in: bytes) {
            page.info.resultMessage = key.redact(page.info.resultMessage)
            page.items = page.items.map(core.redacted)
        }
        let hourLabel = request.hourLabel
        var sawRequested = false
        var sawHourLabel = false
        for item in page.items {
            guard item.nx == cell.nx, item.ny == cell.ny, item.base == base || item.base == hourLabel else {
                throw ForecastClientError(.foreignItem(
                    expected: "nx \(cell.nx), ny \(cell.ny), run \(base)",
                    found: "nx \(item.nx), ny \(item.ny), run \(item.base)"
                ))
            }
            if item.base == base { sawRequested = true } else { sawHourLabel = true }
        }
        if sawHourLabel, let hourLabel {
            if sawRequested { throw ForecastClientError(.mixedBaseLabels(run: base, labels: [base, hourLabel])) }
            for index in page.items.indices { page.items[index].base = base }
        }
        var rows = ForecastRowBuilder()
        for item in page.items {
            do {
                try rows.add(item)
            } catch {
                throw ForecastClientError(.rows(error), url: core.endpoint.displayURL(for: request), attempts: 0)
            }
        }
        rows.add(page: page.info)
        return rows
    }
}
