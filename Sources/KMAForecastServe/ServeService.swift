import Foundation
import KMAForecast
import KMAForecastClient
import _KMASystem

/// What the server answers, independent of sockets: a request in, a response out. Checks the
/// token and the client's rate, routes, and applies the conditional (`If-None-Match` → 304),
/// the encoding (`Accept-Encoding: gzip`) and CORS to what the route gave.
final class ServeService: Sendable {
    let configuration: ServeConfiguration
    let client: ForecastClient
    let coordinator: any ServeCoordinator
    let metrics: ServeMetrics
    let log: ServeLog
    let coalescer: Coalescer
    let clientLimit: ClientRateLimit?
    /// Whether a shared coordinator answered its last call; `nil` when there is none.
    let sharedUp: @Sendable () -> Bool?
    /// Whether the server is draining (SIGTERM): `/healthz` says 503.
    let draining: @Sendable () -> Bool
    /// Gzip bodies by entity tag: compressing once per answer, not per request.
    private let gzipped = Locked([String: [UInt8]]())

    init(
        configuration: ServeConfiguration, client: ForecastClient, coordinator: any ServeCoordinator, metrics: ServeMetrics,
        log: ServeLog, monotonic: @escaping @Sendable () -> Duration, sharedUp: @escaping @Sendable () -> Bool?,
        draining: @escaping @Sendable () -> Bool
    ) {
        self.configuration = configuration
        self.client = client
        self.coordinator = coordinator
        self.metrics = metrics
        self.log = log
        coalescer = Coalescer(coordinator: coordinator, metrics: metrics)
        clientLimit = configuration.clientRequestsPerSecond > 0
            ? ClientRateLimit(perSecond: configuration.clientRequestsPerSecond, burst: configuration.clientBurst, clock: monotonic) : nil
        self.sharedUp = sharedUp
        self.draining = draining
    }

    /// The clock of the client (the same instant for base times and for the quota's day).
    var now: Date { client.configuration.now() }

    /// The answer to a request, with its route name for the metrics and the log.
    func respond(to request: ServeRequest) async -> (route: String, response: ServeResponse) {
        let route = Self.routeName(request.path)
        var response = await answer(request, route: route)
        if let origin = configuration.corsOrigin {
            response.headers.append(("Access-Control-Allow-Origin", origin))
            if origin != "*" { response.headers.append(("Vary", "Origin")) }
        }
        metrics.request(route: route, status: response.status)
        return (route, response)
    }

    private func answer(_ request: ServeRequest, route: String) async -> ServeResponse {
        let language = request.query["lang"]
        if request.method == "OPTIONS", let origin = configuration.corsOrigin {
            // A CORS preflight: what may be asked, for a day.
            return ServeResponse(status: 204, headers: [
                ("Access-Control-Allow-Origin", origin), ("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS"),
                ("Access-Control-Allow-Headers", "Authorization, If-None-Match"), ("Access-Control-Max-Age", "86400"),
            ])
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = ServeResponse.failure(.methodNotAllowed(request.method), language: language)
            response.headers.append(("Allow", "GET, HEAD"))
            return response
        }
        if route == "healthz" { return await health() }
        var client = request.peer
        if let tokens = configuration.tokens, route != "notFound" {
            let presented = request.headers["authorization"].flatMap(Self.bearer)
            guard let presented, let name = tokens.client(presenting: presented) else {
                return .failure(.unauthorized, language: language)
            }
            client = name
        }
        if let clientLimit, let wait = clientLimit.take(client) {
            return .failure(.rateLimited(seconds: wait), language: language)
        }
        let routed: ServeResponse
        do throws(ServeFailure) {
            switch route {
            case "forecast": routed = try await forecast(request.query)
            case "alerts": routed = try await alerts(request.query)
            case "places": routed = try places(request.query)
            case "metrics": routed = await metricsText()
            default: throw .notFound(request.path)
            }
        } catch {
            return .failure(error, language: language)
        }
        return encoded(routed, for: request)
    }

    /// 304 for a matching `If-None-Match`; the gzip body for `Accept-Encoding: gzip`.
    private func encoded(_ response: ServeResponse, for request: ServeRequest) -> ServeResponse {
        guard response.status == 200, let etag = response.headers.first(where: { $0.0 == "ETag" })?.1 else { return response }
        var response = response
        if let match = request.headers["if-none-match"],
           match == "*" || match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "W/", with: "") == etag }) {
            response.status = 304
            response.body = []
            return response
        }
        response.headers.append(("Vary", "Accept-Encoding"))
        let accepts = request.headers["accept-encoding"]?.lowercased().split(separator: ",").contains {
            let parts = $0.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.first == "gzip" && !parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "") == "q=0" }
        } ?? false
        if accepts, response.body.count > 256 {
            response.body = gzipped.withLock { $0[etag] } ?? {
                let body = Gzip.compress(response.body)
                gzipped.withLock {
                    if $0.count >= 4_096 { $0.removeAll() }
                    $0[etag] = body
                }
                return body
            }()
            response.headers.append(("Content-Encoding", "gzip"))
        }
        return response
    }

    /// The token of an `Authorization: Bearer <token>` value.
    static func bearer(_ value: String) -> String? {
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    /// The route of a path: `forecast`, `alerts`, `places`, `healthz`, `metrics`, else `notFound`.
    static func routeName(_ path: String) -> String {
        switch path {
        case "/v1/forecast": "forecast"
        case "/v1/alerts": "alerts"
        case "/v1/places": "places"
        case "/healthz": "healthz"
        case "/metrics": "metrics"
        default: "notFound"
        }
    }
}
