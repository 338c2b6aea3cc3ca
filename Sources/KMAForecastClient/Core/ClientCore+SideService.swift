import KMAForecast

extension ClientCore {
    /// A service's root: its own setting (``SideServiceRoot/configured``); else, when
    /// ``ClientConfiguration/baseURL`` is set (a proxy, a test server), the same root with its
    /// last path component replaced by the service's (``siblingServiceRoot(_:named:)``), so that
    /// requests never go to another host than the one configured; else the provider's default.
    static func serviceRoot<Service: SideRequest>(of service: Service.Type, _ configuration: ClientConfiguration) -> String {
        Service.root.configured(configuration) ?? siblingServiceRoot(configuration.baseURL, named: Service.root.name)
            ?? Service.root.providerDefault(configuration.provider)
    }

    /// A service's endpoint on a configuration's provider and key, checked like the short-term
    /// one; an error names the service.
    ///
    /// - Throws: ``ForecastClientError/Reason/invalidBaseURL(_:)`` (the service's).
    static func endpoint<Service: SideRequest>(of service: Service.Type, _ configuration: ClientConfiguration) throws(ForecastClientError) -> Endpoint {
        do {
            return try Endpoint(baseURL: serviceRoot(of: service, configuration), provider: configuration.provider, key: configuration.serviceKey)
        } catch {
            var error = error
            error.service = Service.root.service
            throw error
        }
    }

    /// The error as one of a service, naming its host where the request path named the
    /// short-term one, with at least `attempts` requests.
    static func serviceError(_ error: ForecastClientError, _ service: ForecastClientError.Service, host: String, attempts: Int = 0) -> ForecastClientError {
        var copy = error
        copy.service = service
        copy.attempts = max(copy.attempts, attempts)
        switch copy.reason {
        case .unreachable(_, let detail): copy.reason = .unreachable(host: host, detail: detail)
        case .secureConnectionFailed: copy.reason = .secureConnectionFailed(host: host)
        case .certificateRejected: copy.reason = .certificateRejected(host: host)
        case .tooManyRedirects: copy.reason = .tooManyRedirects(host: host)
        default: break
        }
        return copy
    }

    /// One answer of an issued service (``SideFreshness/issued(keptFor:)``) with cache and
    /// fallback: for each issue of `candidates` (newest first) a cached answer is served with no
    /// request; an issue noted NO_DATA less than ``ClientConfiguration/noDataRecheckInterval``
    /// ago is passed over; otherwise KMA is asked (retried, budgeted, rate-limited and reported
    /// like a page). NO_DATA or an answer without an item is noted and the next issue tried;
    /// any other failure is the answer. Never throws: the error is the result.
    func fetchIssued<Service: SideService>(
        _ service: Service, candidates: [Service.Issue], budget: RequestBudget?
    ) async -> Result<SideFetched<Service>, ForecastClientError> {
        guard let endpoint = Service.endpoint(in: self) else {
            return .failure(ForecastClientError(.invalidConfiguration("no \(Service.root.label) URL"), service: Service.root.service))
        }
        if let problem = service.subjectProblem {
            return .failure(ForecastClientError(.invalidConfiguration(problem), service: Service.root.service))
        }
        let now = KSTDateTime.unixSeconds(of: configuration.now())
        var requests = 0
        var lastURL: String?
        var lastNoData: ForecastClientError?
        for (step, issue) in candidates.enumerated() {
            if step > 0, let event = service.fallback(from: candidates[step - 1], to: issue) { emit(event) }
            let entry = ForecastCache.ServiceEntry(service, issue: issue, endpoint: endpoint)
            switch cached(service, issue: issue, entry: entry, endpoint: endpoint, now: now) {
            case .fresh(let found), .stale(let found):
                return .success(SideFetched(value: found.value, pages: found.pages, issue: issue, fromCache: true, requests: requests, fetchedAt: found.stored.fetchedAt))
            case .skip: continue
            case .ask: break
            }
            lastURL = endpoint.displayURL(service, issue, page: .single)
            // Awaited into a local (see `Result.init(awaiting:)`).
            let answer = await ask(service, issue, page: .single, endpoint: endpoint, budget: budget)
            requests += answer.attempts
            switch answer.result {
            case .success(let delivered):
                store(ForecastCache.StoredAnswer(bodies: [delivered.body], fetchedAt: now, total: nil), entry: entry, endpoint: endpoint)
                return .success(SideFetched(value: delivered.value, pages: [delivered.value], issue: issue, fromCache: false, requests: requests, fetchedAt: now))
            case .failure(let error) where error.resultCode == .noData || error.reason == .response(.emptyRun):
                lastNoData = error
                noteNoData(entry, now: now)
            case .failure(let error):
                return .failure(Self.serviceError(error, Service.root.service, host: endpoint.host))
            }
        }
        let error = service.noData(tried: candidates, last: lastNoData, url: lastURL, attempts: requests)
        return .failure(Self.serviceError(error, Service.root.service, host: endpoint.host))
    }

    /// Asks KMA for one issue (one page of it) through the request path of pages (retries,
    /// budget, rate limiter, events): the decoded answer with the key redacted, refused when it
    /// says it is for another subject, and its body (for the cache).
    func ask<Service: SideRequest>(
        _ service: Service, _ issue: Service.Issue, page: SidePage, endpoint: Endpoint, budget: RequestBudget?
    ) async -> Attempted<(value: Service.Value, body: [UInt8])> {
        let shown = endpoint.displayURL(service, issue, page: page)
        return await retrying(
            endpoint.url(service, issue, page: page), shown: shown, budget: budget,
            sent: { attempt in service.sent(issue, page: page, attempt: attempt, url: shown) },
            retried: { attempt, delay, error in
                service.retried(issue, attempt: attempt, delay: delay, error: Self.serviceError(error, Service.root.service, host: endpoint.host))
            },
            interpret: { response throws(ForecastClientError) in
                let value = try interpret(response, service, issue, endpoint: endpoint)
                let said = service.subject(of: value)
                guard said.isEmpty || said == service.subject else {
                    throw ForecastClientError(.foreignItem(expected: service.expected, found: "\(service.subjectNoun) \(said)"), service: Service.root.service)
                }
                return (value: value, body: response.body)
            }
        )
    }

    /// A body decoded for an issue, every network text of it redacted: text from the network
    /// (a weather phrase, an outlook, a zone name) may quote the key, and leaves the client
    /// only redacted, whether it came from KMA or from the cache.
    func decoded<Service: SideRequest>(_ body: [UInt8], _ service: Service, _ issue: Service.Issue, endpoint: Endpoint) throws(ForecastResponseError) -> Service.Value {
        try service.decode(body, issue: issue).redactingKey(with: endpoint.key.redact)
    }

    /// The value in an answer: the status first, as for pages (a 401 or 403 is read for the
    /// gateway's envelope or an API Hub refusal before it is judged), then the body.
    private func interpret<Service: SideRequest>(
        _ response: HTTPResponse, _ service: Service, _ issue: Service.Issue, endpoint: Endpoint
    ) throws(ForecastClientError) -> Service.Value {
        switch response.status {
        case 200...299:
            break
        case 401, 403:
            do throws(ForecastResponseError) {
                _ = try service.decode(response.body, issue: issue)
            } catch {
                switch error {
                case .gateway, .apiHubRefusal, .resultCode: throw ForecastClientError(.response(sanitized(error)), service: Service.root.service)
                default: break
                }
            }
            throw ForecastClientError(response.status == 403 ? .forbidden(endpoint.provider) : .httpStatus(401), service: Service.root.service)
        case 429: throw ForecastClientError(.tooManyRequests, service: Service.root.service)
        default: throw ForecastClientError(.httpStatus(response.status), service: Service.root.service)
        }
        do throws(ForecastResponseError) {
            return try decoded(response.body, service, issue, endpoint: endpoint)
        } catch {
            throw ForecastClientError(.response(sanitized(error)), service: Service.root.service)
        }
    }
}

extension Endpoint {
    /// A side service's URL to send, with the key percent-encoded once.
    func url<Service: SideRequest>(_ service: Service, _ issue: Service.Issue, page: SidePage) -> String {
        url(service, issue, page: page, keyText: key.percentEncoded)
    }

    /// A side service's URL to show people, with the key replaced by `REDACTED`.
    func displayURL<Service: SideRequest>(_ service: Service, _ issue: Service.Issue, page: SidePage) -> String {
        url(service, issue, page: page, keyText: KeyRedaction.placeholder)
    }

    private func url<Service: SideRequest>(_ service: Service, _ issue: Service.Issue, page: SidePage, keyText: String) -> String {
        "\(baseURL)/\(service.operation)?\(provider.keyParameter)=\(keyText)"
            + "&pageNo=\(page.pageNo)&numOfRows=\(page.numOfRows)&dataType=JSON" + service.query(issue)
    }
}
