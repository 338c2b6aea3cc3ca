import Testing
import KMAForecast
import KMAForecastClient
import KMAGrid

/// An error of a service names that service: its KMA name and data.go.kr number, and for a
/// wrong URL (HTTP 404) that service's root, in English and in Korean.
@Suite("Errors name the service that failed")
struct ServiceNamingTests {
    @Test("HTTP 404: the failed service's name, number and root, not the short-term service's")
    func notFound() {
        let roots: [(ForecastClientError.Service, String, String?)] = [
            (.shortTerm, "https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0", "15084084"),
            (.midTerm, "https://apis.data.go.kr/1360000/MidFcstInfoService", "15059468"),
            (.warnings, "https://apis.data.go.kr/1360000/WthrWrnInfoService", "15000415"),
            (.uvIndex, "https://apis.data.go.kr/1360000/LivingWthrIdxServiceV5", nil),
        ]
        for (service, root, number) in roots {
            let error = ForecastClientError(.httpStatus(404), service: service)
            #expect(error.description.contains("e.g. \(root)."), "\(error.description)")
            #expect(error.koreanDescription.contains("예: \(root)."), "\(error.koreanDescription)")
            #expect(!error.koreanDescription.contains("Not Found"), "\(error.koreanDescription)")
            if let number {
                #expect(error.description.contains("data.go.kr \(number)") && error.koreanDescription.contains("data.go.kr \(number)"))
            }
            for other in roots where other.1 != root {
                #expect(!error.description.contains(other.1), "\(service): \(error.description)")
            }
        }
    }

    @Test("Any failure of the warning service names service 15000415, in both languages")
    func warningsNumber() {
        for reason in [ForecastClientError.Reason.timedOut(seconds: 10), .httpStatus(500), .tooManyRequests] {
            let error = ForecastClientError(reason, service: .warnings)
            #expect(error.description.hasPrefix("The weather warning service (기상특보 조회서비스, WthrWrnInfoService, data.go.kr 15000415) failed: "), "\(error.description)")
            #expect(error.koreanDescription.hasPrefix("기상특보 조회서비스 (WthrWrnInfoService, data.go.kr 15000415)가 실패했습니다: "), "\(error.koreanDescription)")
        }
    }
}
