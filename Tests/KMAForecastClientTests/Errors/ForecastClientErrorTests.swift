import KMAForecast
import Testing
@testable import KMAForecastClient

@Suite("ForecastClientError: what is retried, and what it says")
struct ForecastClientErrorTests {
    /// The contract (issue 4): KMA codes 01, 02, 04, 05 are transient; 10, 11, 12, 20, 21, 22,
    /// 30–33, 99 and codes KMA does not document are not (and 00 and 03 are no failure to retry).
    /// Issue 9 added the gateway's per-second limit, 23, to the transient ones.
    static let transientCodes: Set<String> = ["01", "02", "04", "05", "23"]

    @Test("Exactly KMA's codes 01, 02, 04, 05 and the gateway's 23 are transient, of \"00\" to \"99\"", arguments: (0...99).map { $0 < 10 ? "0\($0)" : "\($0)" })
    func resultCodes(_ raw: String) {
        let code = ResultCode(rawValue: raw)
        let expected = Self.transientCodes.contains(raw)
        #expect(code.isTransient == expected)
        let error = ForecastClientError(.response(.resultCode(code, message: code.name ?? "UNKNOWN")))
        #expect(error.isTransient == expected)
        #expect(error.stage == .resultCode)
    }

    @Test("The documented codes that must not be retried are named, and are not transient", arguments: [
        ResultCode.invalidRequestParameter, .noMandatoryRequestParameters, .noOpenAPIService, .serviceAccessDenied,
        .temporarilyDisabledServiceKey, .quotaExceeded, .serviceKeyNotRegistered, .deadlineHasExpired, .unregisteredIP,
        .unsignedCall, .unknownError, .blacklistedIP,
    ])
    func notRetried(_ code: ResultCode) {
        #expect(code.name != nil && !code.isTransient)
    }

    @Test("Transport failures: retried when the network may be at fault, not when the URL or certificate is", arguments: [
        (ForecastClientError.Reason.secureConnectionFailed(host: "h"), true, "failed during the TLS handshake"),
        (.certificateRejected(host: "h"), false, "TLS certificate of h was not accepted"),
        (.tooManyRedirects(host: "h"), false, "the service URL is wrong"),
        (.invalidBaseURL("x"), false, "service URL cannot be used"),
        (.transport(domain: "URLError", code: -1), true, "(URLError -1, a network failure without a more specific code)"),
        (.transport(domain: "URLError", code: -1008), false, "(URLError -1008)"),
        (.transport(domain: "NSPOSIXErrorDomain", code: 54), false, "(NSPOSIXErrorDomain error 54)"),
        (.connectionLost(detail: "d"), true, "broke before the answer was complete"),
        (.unreachable(host: "h", detail: "d"), true, "Could not reach h"),
    ])
    func transport(_ reason: ForecastClientError.Reason, _ transient: Bool, _ says: String) {
        let error = ForecastClientError(reason)
        #expect(error.isTransient == transient)
        #expect(error.description.contains(says), "\(error)")
        if case .transport(let domain, _) = reason, domain != "URLError" {
            // Regression: every code was called a URLError, whatever its domain.
            #expect(!error.description.contains("URLError"))
        }
    }
}
