import KMAForecast

extension ClientCore {
    /// The page in an answer: the status first (429, 5xx … never reach the decoder), then the
    /// body.
    ///
    /// A 401 or 403 is read before it is judged: the gateway's JSON envelope (`returnReasonCode`
    /// 30 …) and API Hub's JSON refusals come with those statuses and say why. Only a bare one
    /// (empty, or a body that says nothing) is ``ForecastClientError/Reason/forbidden(_:)`` or
    /// HTTP 401.
    func interpret(_ response: HTTPResponse, for request: PageRequest) throws(ForecastClientError) -> CheckedPage {
        switch response.status {
        case 200...299: break
        case 401, 403:
            if let refusal = refusal(in: response.body) { throw ForecastClientError(.response(sanitized(refusal))) }
            throw ForecastClientError(response.status == 403 ? .forbidden(endpoint.provider) : .httpStatus(401))
        case 429: throw ForecastClientError(.tooManyRequests)
        default: throw ForecastClientError(.httpStatus(response.status))
        }
        return try decode(response.body, for: request)
    }

    /// The gateway's envelope (XML or JSON) or API Hub's refusal in a body, if that is what it is.
    private func refusal(in body: [UInt8]) -> ForecastResponseError? {
        do {
            _ = try ForecastPageDecoder.decode(body)
            return nil
        } catch {
            switch error {
            case .gateway, .apiHubRefusal: return error
            default: return nil
            }
        }
    }

    /// Decodes a page (from KMA or the cache) straight into its rows, checking that every item
    /// is for the requested cell and run.
    ///
    /// One pass, no item array (``ForecastPageDecoder``'s fused path, which the benchmarks call
    /// `decode-pivot.page`): each item is checked as it is read and pivoted into the page's
    /// rows. The page is decoded whole before any check is reported, so the errors are those of
    /// decoding first, then the first foreign item in page order, then mixed labels, then an
    /// item the rows refuse.
    ///
    /// One label other than the requested base is accepted: for the ultra-short product asked
    /// as HH30, items labelled HH00 of the same date and hour. KMA has answered so (data.go.kr
    /// in production on 2026-10-04, and API Hub recordings: asked as 0030, answered under 0000).
    /// Such items are the requested run: their rows carry the requested base, and the label
    /// KMA used is returned. A page whose items carry both labels mixes runs and is refused, as
    /// are items for any other run or cell.
    ///
    /// A page that contains the service key (a gateway echoing it) has it removed from the
    /// values and the message (such a page is not cached either: see `store`).
    func decode(_ bytes: [UInt8], for request: PageRequest) throws(ForecastClientError) -> CheckedPage {
        let hourLabel = request.hourLabel
        var page: ExpectedPage
        do {
            page = try ForecastPageDecoder.decode(bytes, expecting: PageExpectation(cell: request.cell, base: request.base, alias: hourLabel))
        } catch {
            throw ForecastClientError(.response(sanitized(error)))
        }
        if let item = page.foreignItem {
            throw ForecastClientError(.foreignItem(
                expected: "nx \(request.cell.nx), ny \(request.cell.ny), run \(request.base)",
                found: "nx \(item.nx), ny \(item.ny), run \(item.base)"
            ))
        }
        if page.sawBase, page.sawAlias, let hourLabel {
            throw ForecastClientError(.mixedBaseLabels(run: request.base, labels: [request.base, hourLabel]))
        }
        let key = endpoint.key
        let echoesKey = key.occurs(in: bytes)
        if echoesKey {
            page.info.resultMessage = key.redact(page.info.resultMessage)
            page.rows.rewriteValues(key.redact)
        }
        return CheckedPage(
            info: page.info, rows: page.rows,
            rowError: page.rowError.map { echoesKey ? redacted($0) : $0 },
            baseLabel: page.sawAlias ? hourLabel : nil, echoesKey: echoesKey
        )
    }

    /// The items of a page already checked by ``decode(_:for:)``, in the order KMA sent them,
    /// labelled and redacted as its rows are: for ``ForecastItemStream``, which hands out items
    /// rather than rows.
    func items(of page: FetchedPage) throws(ForecastClientError) -> [ForecastItem] {
        var items: [ForecastItem]
        do {
            items = try ForecastPageDecoder.decode(page.bytes).items
        } catch {
            throw ForecastClientError(.response(sanitized(error)), url: endpoint.displayURL(for: page.request), attempts: page.attempts)
        }
        for index in items.indices {
            if page.baseLabel != nil { items[index].base = page.request.base }
            if page.echoesKey { items[index] = redacted(items[index]) }
        }
        return items
    }

    /// An item with the key removed from its value.
    func redacted(_ item: ForecastItem) -> ForecastItem {
        let value = endpoint.key.redact(item.value)
        guard value != item.value else { return item }
        return ForecastItem(
            base: item.base, category: item.category, forecastDate: item.forecastDate, forecastTime: item.forecastTime,
            value: value, isObservation: item.isObservation, nx: item.nx, ny: item.ny
        )
    }

    /// A row error with the key removed from the values it quotes.
    private func redacted(_ error: RowBuilderError) -> RowBuilderError {
        let key = endpoint.key
        switch error {
        case .duplicate(let item, let existing): return .duplicate(redacted(item), existing: key.redact(existing))
        case .mixedRuns(let item, let rowBase): return .mixedRuns(redacted(item), rowBase: rowBase)
        case .outOfRange(let item): return .outOfRange(redacted(item))
        case .tooManyCategories(let item, let limit): return .tooManyCategories(redacted(item), limit: limit)
        }
    }

    /// Adds a page's rows and facts to the rows of its run.
    ///
    /// - Parameter runLabel: The label KMA put on the run's first page (``FetchedPage/baseLabel``);
    ///   every page of a run must carry the same.
    /// - Throws: ``ForecastClientError/Reason/mixedBaseLabels(run:labels:)`` for a page labelled
    ///   otherwise than the run's first, ``ForecastClientError/Reason/rows(_:)`` for an item the
    ///   rows already have (the pages overlap or repeat) or with numbers outside any real range.
    func addRows(of page: FetchedPage, to rows: inout ForecastRowBuilder, runLabel: ForecastBase?) throws(ForecastClientError) {
        guard page.baseLabel == runLabel else {
            let labels = [runLabel ?? page.request.base, page.baseLabel ?? page.request.base]
            throw ForecastClientError(
                .mixedBaseLabels(run: page.request.base, labels: labels),
                url: endpoint.displayURL(for: page.request), attempts: page.attempts
            )
        }
        do throws(RowBuilderError) {
            if let error = page.rowError { throw error }
            try rows.add(contentsOf: page.rows)
        } catch {
            throw ForecastClientError(.rows(page.echoesKey ? redacted(error) : error), url: endpoint.displayURL(for: page.request), attempts: page.attempts)
        }
    }

    /// The decoder's error with every text KMA supplied stripped of the key (KMA could echo it).
    func sanitized(_ error: ForecastResponseError) -> ForecastResponseError {
        let key = endpoint.key
        switch error {
        case .resultCode(let code, let message):
            return .resultCode(code, message: key.redact(message))
        case .gateway(let code, let authMessage, let errorMessage):
            return .gateway(reasonCode: code, authMessage: key.redact(authMessage), errorMessage: key.redact(errorMessage))
        case .apiHubRefusal(let status, let message):
            return .apiHubRefusal(status: status, message: key.redact(message))
        case .legacyFormat(let detail):
            return .legacyFormat(key.redact(detail))
        case .html(let title):
            return .html(title: title.map(key.redact))
        case .malformedJSON(let offset, let reason):
            return .malformedJSON(offset: offset, reason: key.redact(reason))
        case .unexpectedShape(let detail):
            return .unexpectedShape(key.redact(detail))
        case .xmlNotSupported, .empty, .truncated, .emptyRun:
            return error
        }
    }
}
