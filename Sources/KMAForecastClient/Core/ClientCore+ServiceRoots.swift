import KMAForecast

extension ClientCore {
    /// Another KMA service's root beside a configured one: `base` with its last path component
    /// replaced by `name` (`http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0` →
    /// `http://127.0.0.1:8080/1360000/LivingWthrIdxServiceV5`), so that requests never go to
    /// another host than the one configured (a proxy, a test server); a root with no path gets
    /// `/name` appended. `nil` when `base` is `nil` (then the provider's default applies).
    static func siblingServiceRoot(_ base: String?, named name: String) -> String? {
        guard var root = base?.trimmingASCIIWhitespace() else { return nil }
        while root.hasSuffix("/") { root.removeLast() }
        guard let slash = root.lastIndex(of: "/"), root[..<slash].contains("//"), root[..<slash].last != "/" else {
            return root + "/" + name
        }
        return root[...slash] + name
    }

    /// The mid-term service root (``serviceRoot(of:_:)``: ``ClientConfiguration/midBaseURL``,
    /// else `MidFcstInfoService` beside ``ClientConfiguration/baseURL``, else the provider's).
    static func midTermBaseURL(_ configuration: ClientConfiguration) -> String {
        serviceRoot(of: MidTermService<MidTermTemperatures>.self, configuration)
    }

    /// The warning service root (``serviceRoot(of:_:)``: ``ClientConfiguration/warningsBaseURL``,
    /// else `WthrWrnInfoService` beside ``ClientConfiguration/baseURL``, else the provider's).
    static func warningsBaseURL(_ configuration: ClientConfiguration) -> String {
        serviceRoot(of: WarningsService.self, configuration)
    }

    /// The checked endpoints of the side services a client holds (``midEndpoint``,
    /// ``warningsEndpoint``, ``uvEndpoint``), made once when the client is.
    ///
    /// - Throws: ``ForecastClientError/Reason/invalidBaseURL(_:)``, naming the service.
    mutating func checkServiceEndpoints() throws(ForecastClientError) {
        midEndpoint = try Self.endpoint(of: MidTermService<MidTermTemperatures>.self, configuration)
        warningsEndpoint = try Self.endpoint(of: WarningsService.self, configuration)
        uvEndpoint = try Self.endpoint(of: UVIndexService.self, configuration)
    }
}
