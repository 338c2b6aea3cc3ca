/// A transport that answers the client from recorded runs instead of the network, as KMA
/// would (``RecordedRunPages``: the recorded page for a recorded run, paged as asked, NO_DATA
/// for anything else). The sample forecast (`kma-forecast --demo`, and the first run without
/// a service key) runs the public client over it: everything after the transport — paging,
/// decoding, rows, rendering — is the code a live run uses.
package struct RecordedRunTransport: HTTPTransport {
    /// The items of each run served.
    package let runs: [RecordedRunPages.Key: [[UInt8]]]
    /// The body of a NO_DATA answer.
    package let noDataBody: [UInt8]

    /// A transport serving these runs.
    ///
    /// - Parameters:
    ///   - runs: The items of each run, byte for byte (``RecordedRunPages/items(ofPage:)``).
    ///   - noDataBody: The answer for a run or page that is not there (`resultCode` 03).
    package init(runs: [RecordedRunPages.Key: [[UInt8]]], noDataBody: [UInt8]) {
        self.runs = runs
        self.noDataBody = noDataBody
    }

    /// Answers a GET from the recorded runs; see ``HTTPTransport/get(_:connectTimeout:)``.
    package func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        let (path, parameters) = Self.split(url)
        let operation = path.split(separator: "/").last.map(String.init) ?? ""
        let body: [UInt8]
        switch RecordedRunPages.route(operation: operation, parameters: parameters) {
        case .missingParameters:
            body = RecordedRunPages.missingParametersBody
        case .page(let key, let pageNo, let numOfRows):
            if let items = runs[key], let slice = RecordedRunPages.slice(count: items.count, pageNo: pageNo, numOfRows: numOfRows) {
                body = RecordedRunPages.page(items[slice], pageNo: pageNo, numOfRows: numOfRows, totalCount: items.count)
            } else {
                body = noDataBody
            }
        }
        return HTTPResponse(status: 200, headers: ["content-type": RecordedRunPages.contentType], body: body)
    }

    /// The path and the query parameters of a URL. Values are taken as sent: the run's
    /// parameters are digits, which need no decoding (the key, which may be encoded, is not read).
    static func split(_ url: String) -> (path: Substring, parameters: [String: String]) {
        guard let question = url.firstIndex(of: "?") else { return (url[...], [:]) }
        var parameters: [String: String] = [:]
        for pair in url[url.index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            parameters[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return (url[..<question], parameters)
    }
}
