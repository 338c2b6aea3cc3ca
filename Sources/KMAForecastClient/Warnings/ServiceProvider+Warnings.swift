extension ServiceProvider {
    /// The warning service root (기상특보 조회서비스, `WthrWrnInfoService`), to which the operation
    /// name is appended: `https://apis.data.go.kr/1360000/WthrWrnInfoService` or
    /// `https://apihub.kma.go.kr/api/typ02/openApi/WthrWrnInfoService`. Set
    /// ``ClientConfiguration/warningsBaseURL`` for another.
    public var defaultWarningsBaseURL: String {
        switch self {
        case .dataGoKr: "https://apis.data.go.kr/1360000/WthrWrnInfoService"
        case .apiHub: "https://apihub.kma.go.kr/api/typ02/openApi/WthrWrnInfoService"
        }
    }
}
