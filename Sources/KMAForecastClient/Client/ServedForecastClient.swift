import Foundation
import KMAForecast

/// The forecast from a `kma-forecast serve` backend instead of from KMA: the app ships no
/// service key (it stays on the server, which caches per grid cell and spends KMA's quota for
/// every user), and gets the same ``LocalForecast`` as ``ForecastClient/forecast(for:products:midTermDays:alerts:uvIndex:budget:)``
/// — the server's `/v1/forecast` answer is that value's JSON.
///
/// ```swift
/// let client = try ServedForecastClient(root: "https://weather.example.com")
/// let forecast = try await client.forecast(for: .place(try LocationParser.place(named: "해운대구")))
/// print(forecast.current?.temperature as Any, forecast.nextUpdate as Any)
/// ```
///
/// A server started with `--tokens` wants a bearer token: give the transport a session
/// configuration with it (`configuration.httpAdditionalHeaders = ["Authorization": "Bearer …"]`,
/// then ``URLSessionTransport/init(configuration:maximumBodySize:)``).
public struct ServedForecastClient: Sendable {
    /// The server's root, e.g. `https://weather.example.com` (without `/v1/forecast`).
    public let root: String
    let transport: any HTTPTransport
    /// How long one request may take.
    let timeout: Duration
    let host: String

    /// A client of a serve root.
    ///
    /// - Parameters:
    ///   - root: An `http` or `https` URL with a host, no query.
    ///   - transport: How requests are sent; default URLSession.
    ///   - timeout: How long one request may take, connecting and answering (default 30 s).
    /// - Throws: ``ForecastClientError/Reason/invalidBaseURL(_:)`` for a root that is not such a URL.
    public init(root: String, transport: any HTTPTransport = URLSessionTransport(), timeout: Duration = .seconds(30)) throws(ForecastClientError) {
        guard let components = URLComponents(string: root), let scheme = components.scheme, ["http", "https"].contains(scheme.lowercased()),
              let host = components.host, !host.isEmpty, components.query == nil else {
            throw ForecastClientError(.invalidBaseURL("the serve root must be an http(s) URL with a host and no query, e.g. https://weather.example.com"))
        }
        self.root = root.hasSuffix("/") ? String(root.dropLast()) : root
        self.host = host
        self.transport = transport
        self.timeout = timeout
    }

    /// The forecast at a location, as the server's `GET /v1/forecast` gives it.
    ///
    /// - Parameters:
    ///   - location: A coordinate, a cell or a place (a place name is looked up here first).
    ///   - days: 1…11 days with the mid-term forecast (default 10, where the place has
    ///     mid-term regions), or `nil` for the short-term days only.
    /// - Throws: ``ForecastClientError``: the location, the transport, the server's status
    ///   (`httpStatus`, `tooManyRequests` for 429), or a body that is no forecast.
    public func forecast(for location: ForecastLocation, days: Int? = 10) async throws(ForecastClientError) -> LocalForecast {
        var items = [URLQueryItem(name: "days", value: String(days ?? 0))]
        switch location {
        case .coordinate(let point):
            items += [URLQueryItem(name: "lat", value: String(point.latitude)), URLQueryItem(name: "lon", value: String(point.longitude))]
        case .cell(let cell):
            items += [URLQueryItem(name: "nx", value: String(cell.nx)), URLQueryItem(name: "ny", value: String(cell.ny))]
        case .place(let place):
            items.append(URLQueryItem(name: "place", value: place.name))
        case .placeName(let name):
            items.append(URLQueryItem(name: "place", value: name))
        }
        var components = URLComponents()
        components.queryItems = items
        let query = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        let response: HTTPResponse
        do {
            response = try await transport.get(root + "/v1/forecast?" + query, connectTimeout: timeout)
        } catch {
            throw ForecastClientError(Self.reason(error, host: host))
        }
        guard response.status == 200 else {
            throw ForecastClientError(response.status == 429 ? .tooManyRequests : .httpStatus(response.status))
        }
        do {
            return try JSONDecoder().decode(LocalForecast.self, from: Data(response.body))
        } catch {
            throw ForecastClientError(.undecodableResponse(host: host, detail: "the serve root's answer is not a LocalForecast"))
        }
    }

    /// A transport failure in the client's words.
    static func reason(_ failure: TransportFailure, host: String) -> ForecastClientError.Reason {
        switch failure {
        case .unreachable(let detail): .unreachable(host: host, detail: detail)
        case .timedOut: .timedOut(seconds: 30)
        case .connectionLost(let detail): .connectionLost(detail: detail)
        case .secureConnectionFailed: .secureConnectionFailed(host: host)
        case .certificateRejected: .certificateRejected(host: host)
        case .badURL: .invalidBaseURL("the URL loader refused the serve root")
        case .tooManyRedirects, .redirectedElsewhere: .tooManyRedirects(host: host)
        case .responseTooLarge(let limit): .responseTooLarge(limit: limit)
        case .unparsableResponse(let detail): .unparsableResponse(host: host, detail: detail)
        case .undecodableBody(let detail): .undecodableResponse(host: host, detail: detail)
        case .cancelled: .cancelled
        case .other(let domain, let code): .transport(domain: domain, code: code)
        }
    }
}
