import KMAForecastClient

extension ReplayEngine {
    /// The answer to a warning-service request: a whole answer set for the operation, else
    /// (`getPwnCd`) the page of the zone events asked for (`pageNo`, `numOfRows`; KMA's
    /// envelope with `totalCount`), NO_DATA when there are none. Without `fromTmFc`/`toTmFc`
    /// `getPwnCd` answers 11, as KMA does for a missing parameter.
    func warningsAnswer(_ operation: String, _ parameters: [String: String], alteration: ReplayFault? = nil) -> HTTPAnswer {
        if let answer = state.withLock({ $0.warningAnswers[operation] }) { return answer }
        guard operation == "getPwnCd" else { return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: noDataBody) }
        guard parameters["fromTmFc"] != nil, parameters["toTmFc"] != nil else {
            return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: RecordedRunPages.missingParametersBody)
        }
        // As KMA does: only the events issued (`tmFc`) on the dates asked for.
        let from = Int(parameters["fromTmFc"] ?? "") ?? 0, to = Int(parameters["toTmFc"] ?? "") ?? Int.max
        let items = state.withLock { $0.warningItems }.filter { item in
            guard let tmFc = Self.issueTime(of: item) else { return true }
            return (from...max(from, to)).contains(Int(tmFc / 10_000))
        }
        let pageNo = Int(parameters["pageNo"] ?? "1") ?? 1, numOfRows = Int(parameters["numOfRows"] ?? "10") ?? 10
        guard !items.isEmpty, let slice = RecordedRunPages.slice(count: items.count, pageNo: pageNo, numOfRows: numOfRows) else {
            return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: noDataBody)
        }
        var page = Array(items[slice])
        if case .dropItems(let count)? = alteration { page.removeLast(min(count, page.count)) }  // a page cut short
        return HTTPAnswer(
            status: 200, contentType: ReplayServer.json,
            body: RecordedRunPages.page(page[...], pageNo: pageNo, numOfRows: numOfRows, totalCount: items.count)
        )
    }

    /// An event's `tmFc` (`YYYYMMDDHHMM`), read from its JSON object.
    static func issueTime(of item: [UInt8]) -> Int64? {
        let text = String(decoding: item, as: UTF8.self)
        guard let key = text.firstRange(of: #""tmFc":"#) else { return nil }
        return Int64(text[key.upperBound...].prefix { $0.isNumber })
    }
}

extension ReplayServer {
    /// The data.go.kr-style warning service root on this server:
    /// `http://127.0.0.1:<port>/1360000/WthrWrnInfoService`.
    public var warningsBaseURL: String { "http://127.0.0.1:\(port)/1360000/WthrWrnInfoService" }

    /// Serves these zone events from `getPwnCd` (each a JSON object as KMA sends it, newest
    /// first), paged as the client asks.
    public func setWarningEvents(_ items: [[UInt8]]) {
        engine.state.withLock { $0.warningItems = items }
    }

    /// Serves this whole answer for a warning operation (`getPwnCd`, `getPwnStatus`), e.g. a
    /// recorded code 30 envelope with HTTP 403; `nil` removes it.
    public func setWarningAnswer(_ operation: String, status: Int = 200, body: [UInt8]?) {
        engine.state.withLock { state in
            state.warningAnswers[operation] = body.map { HTTPAnswer(status: status, contentType: ReplayServer.json, body: $0) }
        }
    }
}

extension ReplayServer {
    /// The requests received, those of the warning service (`getPwn…`) and the UV index
    /// service (`getUVIdxV5`) left out: what the
    /// forecast products asked, for tests that count them.
    public var forecastRequests: [RecordedRequest] { requests.filter { !$0.operation.hasPrefix("getPwn") && $0.operation != "getUVIdxV5" } }
}
