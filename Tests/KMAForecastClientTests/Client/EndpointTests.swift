import KMAForecast
import KMAGrid
import Testing
@testable import KMAForecastClient

@Suite("Endpoint: the URL sent and the URL shown")
struct EndpointTests {
    let request = PageRequest(
        product: .shortTerm,
        cell: shortTermCell,
        base: ForecastBase(KSTDateTime(kstDate(2022, 11, 20, 5, 0))),
        pageNo: 2,
        numOfRows: 1000
    )

    @Test("data.go.kr: serviceKey first, then the guide's parameters in order")
    func dataGoKr() throws {
        let endpoint = try Endpoint(baseURL: ServiceProvider.dataGoKr.defaultBaseURL, provider: .dataGoKr, key: try ServiceKey(testKey))
        #expect(endpoint.url(for: request) == "https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getVilageFcst?serviceKey=TESTKEY%2Babc%2Fdef%3D%3D&pageNo=2&numOfRows=1000&dataType=JSON&base_date=20221120&base_time=0500&nx=60&ny=120")
        #expect(endpoint.displayURL(for: request) == "https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0/getVilageFcst?serviceKey=REDACTED&pageNo=2&numOfRows=1000&dataType=JSON&base_date=20221120&base_time=0500&nx=60&ny=120")
        #expect(endpoint.host == "apis.data.go.kr")
    }

    @Test("API Hub: authKey")
    func apiHub() throws {
        let endpoint = try Endpoint(baseURL: ServiceProvider.apiHub.defaultBaseURL, provider: .apiHub, key: try ServiceKey(testKeyEncoded))
        #expect(endpoint.url(for: request) == "https://apihub.kma.go.kr/api/typ02/openApi/VilageFcstInfoService_2.0/getVilageFcst?authKey=TESTKEY%2Babc%2Fdef%3D%3D&pageNo=2&numOfRows=1000&dataType=JSON&base_date=20221120&base_time=0500&nx=60&ny=120")
    }

    @Test("getFcstVersion: ftype and basedatetime (12 digits) instead of a base and a cell", arguments: [
        (ForecastProduct.nowcast, "ODAM"), (.ultraShort, "VSRT"), (.shortTerm, "SHRT"),
    ])
    func fileVersion(_ product: ForecastProduct, _ ftype: String) throws {
        let endpoint = try Endpoint(baseURL: ServiceProvider.apiHub.defaultBaseURL, provider: .apiHub, key: try ServiceKey(testKey))
        let version = FileVersionRequest(product: product, base: ForecastBase(KSTDateTime(kstDate(2021, 3, 28, 14, 30))))
        #expect(endpoint.url(for: version) == "https://apihub.kma.go.kr/api/typ02/openApi/VilageFcstInfoService_2.0/getFcstVersion?authKey=TESTKEY%2Babc%2Fdef%3D%3D&pageNo=1&numOfRows=10&dataType=JSON&ftype=\(ftype)&basedatetime=202103281430")
        #expect(endpoint.displayURL(for: version) == "https://apihub.kma.go.kr/api/typ02/openApi/VilageFcstInfoService_2.0/getFcstVersion?authKey=REDACTED&pageNo=1&numOfRows=10&dataType=JSON&ftype=\(ftype)&basedatetime=202103281430")
    }

    @Test("An override keeps its port and loses trailing slashes")
    func override() throws {
        let endpoint = try Endpoint(baseURL: " http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0/ ", provider: .dataGoKr, key: try ServiceKey(testKey))
        #expect(endpoint.baseURL == "http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0")
        #expect(endpoint.host == "127.0.0.1:8080")
    }

    @Test("Operations per product", arguments: [
        (ForecastProduct.nowcast, "getUltraSrtNcst"), (.ultraShort, "getUltraSrtFcst"), (.shortTerm, "getVilageFcst"),
    ])
    func operations(_ product: ForecastProduct, _ operation: String) throws {
        let endpoint = try Endpoint(baseURL: "http://h/x", provider: .dataGoKr, key: try ServiceKey(testKey))
        var request = request
        request.product = product
        #expect(endpoint.url(for: request).hasPrefix("http://h/x/\(operation)?serviceKey="))
    }

    @Test("Service roots that cannot work are refused, naming the problem", arguments: [
        ("apis.data.go.kr/1360000/VilageFcstInfoService_2.0", "does not start with http"),
        ("ftp://apis.data.go.kr/x", "does not start with http"),
        ("https:///x", "has no host"),
        ("https://h/x?serviceKey=TESTKEY%2Babc", "without a query"),
        ("https://h/x#frag", "without a query"),
        // Regression: these were accepted, and then every request failed as a transient
        // "URLError" with advice to check the network, three attempts each.
        ("http://127.0.0.1:99999/x", "port that is not a number from 1 to 65535"),
        ("http://h:0/x", "port that is not a number from 1 to 65535"),
        ("http://h:80a/x", "port that is not a number from 1 to 65535"),
        ("http://h:/x", "port that is not a number from 1 to 65535"),
        ("http://exa<mple/x", "host with characters a host name cannot have"),
        ("http://날씨.kr/x", "xn-- form"),
        ("http://[::1/x", "without its closing ']'"),
        ("http://[nope]/x", "not an IPv6 address"),
        // Regression: accepted, then every request failed as a malformed URL.
        ("http://[::1]:8080/1360000/VilageFcstInfoService_2.0", "IPv6 address as its host, which the URL loader on Linux cannot connect to"),
        ("http://h/x|y", "characters a URL path cannot have"),
        ("http://h/%zz", "characters a URL path cannot have"),
        ("http://h/날씨", "characters a URL path cannot have"),
    ])
    func refused(_ url: String, _ message: String) {
        #expect {
            _ = try Endpoint(baseURL: url, provider: .dataGoKr, key: try ServiceKey(testKey))
        } throws: { error in
            guard let error = error as? ForecastClientError, case .invalidBaseURL = error.reason else { return false }
            return error.description.contains(message) && !error.description.contains("TESTKEY")
        }
    }

    @Test("Service roots a proxy or test might use are accepted", arguments: [
        "http://127.0.0.1:8080/x", "https://my_proxy.internal:65535/a%20b/c",
        "http://localhost/~user/kma;v=1", "HTTPS://APIS.DATA.GO.KR/1360000/VilageFcstInfoService_2.0",
    ])
    func accepted(_ url: String) throws {
        #expect(try Endpoint(baseURL: url, provider: .dataGoKr, key: try ServiceKey(testKey)).baseURL == url)
    }
}
