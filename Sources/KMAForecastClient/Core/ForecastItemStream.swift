import KMAForecast
import KMAGrid

/// The items of one run as they arrive: page 1's items are delivered while later pages are
/// still being fetched. Made by ``ForecastClient/items(_:cell:base:budget:)``.
///
/// ```swift
/// for try await item in client.items(.shortTerm, cell: cell) {
///     print(item.category, item.forecastTimeString, item.value)
/// }
/// ```
///
/// The sequence either ends after the last item of a complete run, or throws
/// ``ForecastClientError`` — never ends early as if complete. Each page is checked before its
/// items are delivered, exactly as for ``ForecastClient/fetch(_:cell:base:budget:)``: an item
/// that repeats one already delivered (overlapping pages) is an error here too, and a run that
/// fails is never cached. Items of an ultra-short run that KMA labelled HH00 are delivered
/// under the HH30 base asked for (see ``ForecastRun/labelledBase``). Items delivered before an
/// error (a later page failing) belong to a run that did not complete: discard them. Nothing is
/// requested until iteration starts; each iteration fetches (or reads from the cache) anew.
/// Stopping early cancels the pages still in flight.
public struct ForecastItemStream: AsyncSequence, Sendable {
    /// A forecast item.
    public typealias Element = ForecastItem
    /// The only error the sequence throws.
    public typealias Failure = ForecastClientError

    let core: ClientCore
    let product: ForecastProduct
    let cell: GridCell
    let base: ForecastBase?
    let budget: RequestBudget?

    /// Starts an iteration.
    public func makeAsyncIterator() -> Iterator {
        Iterator(pages: RunPages(
            core: core, product: product, cell: cell, base: base, budget: budget,
            concurrency: core.configuration.pageConcurrency
        ))
    }

    /// Walks the items page by page.
    public struct Iterator: AsyncIteratorProtocol {
        var pages: RunPages
        var items: [ForecastItem] = []
        var index = 0

        /// Whether any item has been handed out.
        var delivered = false

        /// The next item, `nil` after the last item of a complete run.
        public mutating func next() async throws(ForecastClientError) -> ForecastItem? {
            while index == items.count {
                let page: FetchedPage?
                do {
                    page = try await pages.next()
                } catch {
                    // A newest run found incomplete before any of its items went out is passed
                    // over for the next earlier one, as ``ForecastClient/fetch(_:cell:base:budget:)``
                    // does; once items went out, the error ends the stream.
                    guard !delivered, let next = pages.restarted(after: error) else { throw error }
                    pages = next
                    continue
                }
                guard let page else { return nil }
                items = try pages.items(of: page)
                index = 0
            }
            index += 1
            delivered = true
            return items[index - 1]
        }
    }
}
