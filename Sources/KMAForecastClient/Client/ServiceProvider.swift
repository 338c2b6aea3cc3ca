/// Where the forecast service is reached: the data.go.kr gateway or the KMA API Hub. Both
/// serve the same operations with the same response format; they differ in the service root
/// and in the name of the key parameter.
///
/// | provider | service root | key parameter |
/// |---|---|---|
/// | `data.go.kr` | `https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0` | `serviceKey` |
/// | `apihub` | `https://apihub.kma.go.kr/api/typ02/openApi/VilageFcstInfoService_2.0` | `authKey` |
public enum ServiceProvider: String, CaseIterable, Hashable, Sendable {
    /// 공공데이터포털 (data.go.kr), service 15084084; key parameter `serviceKey`.
    case dataGoKr = "data.go.kr"
    /// 기상청 API허브 (apihub.kma.go.kr); key parameter `authKey`.
    case apiHub = "apihub"

    /// The service root, to which the operation name is appended.
    ///
    /// KMA's guide writes data.go.kr with `http://`; `https://` serves the same and keeps the
    /// key (which travels in the query string) off the wire in clear, so it is the default.
    /// Set ``ClientConfiguration/baseURL`` for a proxy or for plain `http://`.
    public var defaultBaseURL: String {
        switch self {
        case .dataGoKr: "https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0"
        case .apiHub: "https://apihub.kma.go.kr/api/typ02/openApi/VilageFcstInfoService_2.0"
        }
    }

    /// The name of the query parameter that carries the key: `serviceKey` or `authKey`.
    public var keyParameter: String {
        switch self {
        case .dataGoKr: "serviceKey"
        case .apiHub: "authKey"
        }
    }

    /// Where to subscribe to the service, for error messages.
    var subscriptionAdvice: String {
        switch self {
        case .dataGoKr:
            "apply for 기상청_단기예보 조회서비스 (service 15084084) on data.go.kr with this key's account"
        case .apiHub:
            "subscribe to 단기예보 조회서비스 (VilageFcstInfoService_2.0) on apihub.kma.go.kr with this key's account"
        }
    }
}
