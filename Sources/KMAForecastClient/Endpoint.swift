import KMAForecast

/// The service root, provider and key: turns a ``PageRequest`` into the URL to send and the
/// URL to show.
///
/// The query string is built by hand, in the order of KMA's guide
/// (`serviceKey`/`authKey`, `pageNo`, `numOfRows`, `dataType`, `base_date`, `base_time`, `nx`,
/// `ny`), because `URLComponents` leaves `+` in a query unencoded and a server reads it as a
/// space. The key is encoded exactly once (``ServiceKey``); every other value is ASCII digits
/// or `JSON`.
struct Endpoint: Sendable {
    /// The service root without a trailing `/`, e.g.
    /// `https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0`.
    let baseURL: String
    /// Which key parameter to use.
    let provider: ServiceProvider
    /// The key.
    let key: ServiceKey

    /// Checks the service root.
    ///
    /// - Throws: ``ForecastClientError/Reason/invalidBaseURL(_:)`` unless it is an `http` or
    ///   `https` URL with a host, and without a query or fragment.
    init(baseURL: String, provider: ServiceProvider, key: ServiceKey) throws(ForecastClientError) {
        var root = baseURL.trimmingWhitespace()
        while root.hasSuffix("/") { root.removeLast() }
        let lower = root.lowercased()
        let scheme = lower.hasPrefix("https://") ? "https://" : lower.hasPrefix("http://") ? "http://" : nil
        guard let scheme else {
            throw ForecastClientError(.invalidBaseURL("'\(key.redact(root))' does not start with http:// or https://"))
        }
        let afterScheme = root.dropFirst(scheme.count)
        let host = afterScheme.prefix { $0 != "/" && $0 != ":" }
        guard !host.isEmpty else {
            throw ForecastClientError(.invalidBaseURL("'\(key.redact(root))' has no host"))
        }
        guard !root.contains("?"), !root.contains("#"), !root.contains(" ") else {
            throw ForecastClientError(.invalidBaseURL(
                "'\(key.redact(root))' must be the service root only, without a query, fragment or spaces (e.g. \(provider.defaultBaseURL))"
            ))
        }
        self.baseURL = root
        self.provider = provider
        self.key = key
    }

    /// The URL to send, with the key percent-encoded once.
    func url(for request: PageRequest) -> String {
        url(for: request, keyText: key.percentEncoded)
    }

    /// The URL to show people: the same with the key replaced by `REDACTED`.
    func displayURL(for request: PageRequest) -> String {
        url(for: request, keyText: KeyRedaction.placeholder)
    }

    /// The service root's host, for messages such as "could not reach apis.data.go.kr".
    var host: String {
        let afterScheme = baseURL.drop { $0 != "/" }.drop { $0 == "/" }
        return String(afterScheme.prefix { $0 != "/" })
    }

    private func url(for request: PageRequest, keyText: String) -> String {
        "\(baseURL)/\(request.product.operation)?\(provider.keyParameter)=\(keyText)"
            + "&pageNo=\(request.pageNo)&numOfRows=\(request.numOfRows)&dataType=JSON"
            + "&base_date=\(request.base.baseDate)&base_time=\(request.base.baseTime)"
            + "&nx=\(request.cell.nx)&ny=\(request.cell.ny)"
    }
}

extension String {
    /// The string without leading and trailing ASCII whitespace.
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
