extension ServiceProvider {
    /// The mid-term service root (중기예보 조회서비스, `MidFcstInfoService`), to which the
    /// operation name is appended: `https://apis.data.go.kr/1360000/MidFcstInfoService` or
    /// `https://apihub.kma.go.kr/api/typ02/openApi/MidFcstInfoService`. Set
    /// ``ClientConfiguration/midBaseURL`` for another.
    public var defaultMidTermBaseURL: String {
        switch self {
        case .dataGoKr: "https://apis.data.go.kr/1360000/MidFcstInfoService"
        case .apiHub: "https://apihub.kma.go.kr/api/typ02/openApi/MidFcstInfoService"
        }
    }
}
