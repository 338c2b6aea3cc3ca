import KMAForecast
import KMAForecastClient

/// The transport behind `--demo`: answers the client's requests from the bundled recorded pages
/// (``DemoData``) instead of the network, as KMA would: the recorded page for the recorded run,
/// NO_DATA for anything else. Everything after it — paging, decoding, rows, rendering — is the
/// code a live run uses.
struct DemoTransport: HTTPTransport {
    func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
        let query = Self.query(of: url)
        let operation = url.split(separator: "?").first.flatMap { $0.split(separator: "/").last }.map(String.init) ?? ""
        let page = DemoData.page(
            operation: operation, baseDate: query["base_date"] ?? "", baseTime: query["base_time"] ?? "",
            nx: Int(query["nx"] ?? "") ?? 0, ny: Int(query["ny"] ?? "") ?? 0
        )
        // The recorded pages hold whole runs (809 items at most) and the client asks for 1000
        // rows a page, so page 1 is the whole run; any other page would be empty.
        if let page, (query["pageNo"] ?? "1") == "1" {
            return HTTPResponse(status: 200, headers: ["content-type": "application/json;charset=UTF-8"], body: Array(page.utf8))
        }
        let noData = #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"},"body":{"dataType":"JSON","items":"","pageNo":1,"numOfRows":1000,"totalCount":0}}}"#
        return HTTPResponse(status: 200, headers: ["content-type": "application/json;charset=UTF-8"], body: Array(noData.utf8))
    }

    /// The query parameters of a URL (values percent-decoded is not needed: the demo's are digits).
    static func query(of url: String) -> [String: String] {
        guard let question = url.firstIndex(of: "?") else { return [:] }
        var result: [String: String] = [:]
        for pair in url[url.index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
        }
        return result
    }
}
