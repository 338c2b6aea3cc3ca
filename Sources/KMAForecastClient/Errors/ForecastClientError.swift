import Foundation
import KMAForecast
import KMAGrid
import KMAPlaces

/// Why the client could not deliver a forecast: the stage that failed, the reason, the
/// request's URL with the key redacted, and how many attempts were made.
///
/// ```swift
/// do {
///     let run = try await client.fetch(.shortTerm, cell: cell)
/// } catch {
///     print(error.stage)        // e.g. .transport
///     print(error)              // "KMA is slow or down: timed out after 3 attempts (30 s per attempt). …"
///     print(error.url ?? "")    // https://…/getVilageFcst?serviceKey=REDACTED&pageNo=1&…
/// }
/// ```
///
/// Every ``description`` says what went wrong and what to do. None contains the service key:
/// text from KMA and URLs pass through ``KeyRedaction`` with the key's forms before they are
/// stored here, and the platform's own error text (which can quote the full URL) is never used.
public struct ForecastClientError: Error, Hashable, Sendable {
    /// Where in a fetch the failure happened.
    public enum Stage: String, Hashable, Sendable, CaseIterable {
        /// Before anything was sent: the key, the service URL, the coordinate, the budget.
        case request = "request"
        /// The network: unreachable, timed out, connection cut.
        case transport = "transport"
        /// An HTTP status other than 200 (403, 429, 5xx …).
        case httpStatus = "HTTP status"
        /// A body that is not a KMA forecast page (HTML, XML, malformed or cut JSON), or an
        /// empty run.
        case decode = "decode"
        /// KMA's `resultCode` (or the gateway's `returnReasonCode`) was not `00`, or API Hub
        /// refused the request in its own JSON (whatever the HTTP status).
        case resultCode = "KMA result code"
        /// The pages decoded but do not add up: a short page, a changed `totalCount`, an
        /// item for another cell or run, a run labelled with two base times.
        case consistency = "consistency"
    }

    /// What exactly went wrong.
    public enum Reason: Hashable, Sendable {
        /// The key cannot be used; the text says why (it never quotes the key).
        case invalidServiceKey(String)
        /// The service root cannot be used; the text says why.
        case invalidBaseURL(String)
        /// A configuration value is out of range; the text says which.
        case invalidConfiguration(String)
        /// A coordinate of a batch is outside the KMA grid.
        case outsideGrid(GridError)
        /// The batch's request budget was used up before this fetch could be made.
        case budgetExhausted(limit: Int)
        /// A place name matched no place in KMA's table, or several (the error lists them).
        case unknownPlace(PlaceLookupError)
        /// The mid-term service was not asked: the cell lies off KMA's mid-term land regions
        /// (a point at sea). A forecast's ``LocalForecast/midTerm`` says so (``MidTermOutcome/isNotAsked``).
        case noMidTermRegion(GridCell)
        /// Not asked: the client's transport is a recording (``RecordedRunTransport``) with no
        /// point forecast recorded for the place asked (`place`, its name when it has one, at
        /// `cell`); `recorded` lists what it holds (`경기도 수원시 권선구 (nx 60, ny 120)` …).
        case notRecorded(place: String?, cell: GridCell, recorded: [String])
        /// Not sent: KMA answered an earlier request of this client with code 22 (the daily
        /// quota is used up), so no new request is made until the quota resets at `resetsAt`,
        /// the next midnight KST (see ``RequestRateLimiter``).
        case quotaExhausted(resetsAt: Date)
        /// The server refused the request (`reason`: HTTP 429, 503, gateway code 23 …) and asked,
        /// with `Retry-After`, to wait `seconds` before the next one: longer than the retry
        /// policy's ceiling (``RetryPolicy/maxDelay``), so the request was not tried again.
        indirect case waitRequested(seconds: Int, maximumWait: Duration, reason: Reason)
        /// The answer's body could not be decoded from its framing or encoding (a broken chunked
        /// framing, a `Content-Encoding` that cannot be undone); not retried: the same server
        /// answers the same way.
        case undecodableResponse(host: String, detail: String)
        /// No route to the server (no network, unknown host, connection refused).
        case unreachable(host: String, detail: String)
        /// An attempt took longer than a timeout (seconds of the limit that fired).
        case timedOut(seconds: Double)
        /// The connection broke before the whole answer arrived.
        case connectionLost(detail: String)
        /// A side service of a forecast (warnings, UV index, mid-term) had not answered when the
        /// forecast was ready and ``ClientConfiguration/sideServiceDeadline`` (seconds) had passed:
        /// the forecast is shown without it, and it is asked again next time.
        case sideServiceLate(seconds: Double)
        /// The TLS handshake failed or was cut off (retried: it may be the network).
        case secureConnectionFailed(host: String)
        /// The server's TLS certificate was not accepted (untrusted, expired, not yet valid, for
        /// another host name), or a client certificate was asked for (not retried).
        case certificateRejected(host: String)
        /// The server redirected too many times, or to a location that does not exist: the
        /// service URL is wrong (not retried).
        case tooManyRedirects(host: String)
        /// The server (or a proxy) at `host` redirected the request to another origin,
        /// `location` (redacted, without its query): another scheme, host or port, or a target
        /// with a user name or password. It was not followed, since the request carries the
        /// key, which only ever goes to the configured service root (not retried).
        case redirectedElsewhere(host: String, location: String)
        /// The answer's body was longer than `limit` bytes
        /// (``ClientConfiguration/maximumResponseSize``); reading stopped there (not retried).
        case responseTooLarge(limit: Int)
        /// The server's HTTP answer could not be parsed; `detail` says what (not retried).
        case unparsableResponse(host: String, detail: String)
        /// Another transport failure: the error's domain (`URLError` for URLSession's own
        /// codes) and code. Retried only for `URLError` -1 (unknown), which is how Linux
        /// reports the network failures libcurl has no other code for.
        case transport(domain: String, code: Int)
        /// The fetch was cancelled.
        case cancelled
        /// HTTP 403 with nothing in the body to say why: since 2026 KMA answers a bare 403 for a
        /// service the key is not subscribed to. (A 403 whose body is the gateway's envelope or
        /// an API Hub refusal is ``response(_:)`` with that error.)
        case forbidden(ServiceProvider)
        /// HTTP 429: too many requests in a short time.
        case tooManyRequests
        /// Another unexpected HTTP status (a bare 401 included).
        case httpStatus(Int)
        /// The body is not a usable page, or KMA answered a `resultCode` other than `00`.
        case response(ForecastResponseError)
        /// The pages' numbers do not add up.
        case paging(PagingError)
        /// An item for another cell or run than the one asked for.
        case foreignItem(expected: String, found: String)
        /// Items that do not pivot into rows (a repeated item, mixed runs).
        case rows(RowBuilderError)
        /// The items of one run carry two labels, `labels` (the requested base and HH00 of its
        /// hour, for an ultra-short run asked as HH30): KMA may use either, but a run labelled
        /// both mixes two runs' items.
        case mixedBaseLabels(run: ForecastBase, labels: [ForecastBase])
        /// KMA had no data for the newest run nor for the earlier runs tried (newest first).
        case noData(product: ForecastProduct, cell: GridCell, tried: [ForecastBase])
        /// No run tried (newest first) could be delivered, and KMA answered those in `empty`
        /// with an empty run: resultCode `00` with no items and `totalCount` 0. (The others had
        /// no data, or were noted as such a moment ago.) An empty run is not a forecast.
        case emptyRun(product: ForecastProduct, cell: GridCell, tried: [ForecastBase], empty: [ForecastBase])
        /// KMA served a run without categories the product always has at its first forecast
        /// hour (``ForecastProduct/requiredCategories``), as it does for a few minutes right
        /// after a run is due; `missing` lists them. Nothing of it was used or cached.
        case incompleteRun(product: ForecastProduct, base: ForecastBase, missing: [ForecastCategory])
        /// The mid-term service had no data (NO_DATA, or an answer without an item) for
        /// `operation` (`getMidTa` …) at `regionID` for any run tried (`tmFc`, newest first).
        case midTermNoData(operation: String, regionID: String, tried: [String])
        /// A KMA API Hub grid-field body that is not a whole field: an error line (`# input
        /// variable error (-1)`), a wrong count, a body cut short, every cell missing.
        case field(GridFieldError)
    }

    /// What went wrong.
    public var reason: Reason
    /// The URL of the failed request with the key replaced by `REDACTED`, when a request was
    /// involved.
    public var url: String?
    /// How many attempts were made for the failed request (0 when none was sent).
    public var attempts: Int
    /// Which of KMA's services failed: the short-term service (the default) or the mid-term one.
    public var service: Service

    /// KMA's services the client asks, each needing its own 활용신청 on the same key.
    public enum Service: String, Hashable, Sendable, CaseIterable {
        /// 단기예보 조회서비스 (`VilageFcstInfoService_2.0`): nowcast, ultra-short, short-term.
        case shortTerm = "short-term"
        /// 중기예보 조회서비스 (`MidFcstInfoService`): `getMidTa`, `getMidLandFcst`, `getMidFcst`.
        case midTerm = "mid-term"
        /// 기상특보 조회서비스 (`WthrWrnInfoService`): `getPwnCd`, `getPwnStatus`.
        case warnings
        /// 생활기상지수 조회서비스 (`LivingWthrIdxServiceV5`): `getUVIdxV5`, the UV index.
        case uvIndex = "uv-index"
    }

    /// An error.
    public init(_ reason: Reason, url: String? = nil, attempts: Int = 0, service: Service = .shortTerm) {
        self.reason = reason
        self.url = url
        self.attempts = attempts
        self.service = service
    }

    /// The stage that failed.
    public var stage: Stage {
        if case .waitRequested(_, _, let inner) = reason { return ForecastClientError(inner).stage }
        return switch reason {
        case .invalidServiceKey, .invalidBaseURL, .invalidConfiguration, .outsideGrid, .budgetExhausted, .unknownPlace, .noMidTermRegion, .notRecorded,
             .quotaExhausted:
            .request
        case .unreachable, .timedOut, .sideServiceLate, .connectionLost, .secureConnectionFailed, .certificateRejected, .tooManyRedirects,
             .redirectedElsewhere, .responseTooLarge, .unparsableResponse, .transport, .cancelled:
            .transport
        case .forbidden, .tooManyRequests, .httpStatus:
            .httpStatus
        case .response(.apiHubRefusal):
            .resultCode
        case .response(let error):
            error.resultCode == nil ? .decode : .resultCode
        case .noData, .midTermNoData:
            .resultCode
        case .emptyRun, .undecodableResponse:
            .decode
        case .paging, .foreignItem, .rows, .mixedBaseLabels, .incompleteRun:
            .consistency
        case .field(.serviceMessage):
            .resultCode
        case .field:
            .decode
        case .waitRequested:
            .httpStatus
        }
    }

    /// The KMA result code behind the error, if any (`22` for the quota, `30` for a key that
    /// is not registered, `03` when no run had data).
    public var resultCode: ResultCode? {
        switch reason {
        case .response(let error): error.resultCode
        case .noData, .midTermNoData: .noData
        case .waitRequested(_, _, let inner): ForecastClientError(inner).resultCode
        default: nil
        }
    }

    /// Whether trying the same request again may succeed: network failures (a TLS handshake
    /// that failed or was cut off included), HTTP 429 and 5xx, KMA's transient codes (01, 02,
    /// 04, 05), the gateway's per-second limit (23) and bodies cut short. Not: anything the user
    /// must fix (keys, URLs, redirect loops, rejected certificates, codes 10–12, 20, 29–33, API
    /// Hub refusals), the daily quota (22), NO_DATA, or an empty run.
    public var isTransient: Bool {
        switch reason {
        case .unreachable, .timedOut, .sideServiceLate, .connectionLost, .secureConnectionFailed, .tooManyRequests:
            true
        case .transport(let domain, let code):
            Self.isUnidentifiedNetworkFailure(domain: domain, code: code)
        case .httpStatus(let code):
            (500...599).contains(code)
        case .response(let error):
            error.isTransient
        case .field(let error):
            error.isTransient
        default:
            false
        }
    }

    /// The domain ``Reason/transport(domain:code:)`` gives for URLSession's own codes.
    public static let urlErrorDomain = "URLError"

    /// `URLError` -1 (unknown): on Linux, the network failures libcurl has no other code for
    /// (a peer that stopped answering, a failed receive), so worth retrying.
    private static func isUnidentifiedNetworkFailure(domain: String, code: Int) -> Bool {
        domain == urlErrorDomain && code == -1
    }

    /// A copy with the request's URL and attempt count.
    func at(_ url: String?, attempts: Int) -> ForecastClientError {
        var copy = self
        copy.url = url
        copy.attempts = attempts
        return copy
    }
}

extension ForecastClientError: CustomStringConvertible, LocalizedError {
    /// What went wrong and what to do, without naming the service (``description`` adds that
    /// for the mid-term service; see `ForecastClientError+Service.swift`).
    var serviceNeutralDescription: String {
        let tries = attempts > 1 ? " after \(attempts) attempts" : ""
        switch reason {
        case .invalidServiceKey(let why):
            return "The service key cannot be used: \(why)."
        case .invalidBaseURL(let why):
            return "The service URL cannot be used: \(why)."
        case .invalidConfiguration(let why):
            return "The client configuration is invalid: \(why)."
        case .outsideGrid(let error):
            return "\(error)"
        case .budgetExhausted(let limit):
            return "Not fetched: the request budget of \(limit) calls is used up (a development key allows 10,000 calls a day). Raise the budget or fetch fewer places."
        case .unknownPlace(let error):
            return error.description
        case .noMidTermRegion(let cell):
            return "The mid-term forecast service (중기예보) was not asked: nx \(cell.nx), ny \(cell.ny) has no mid-term forecast region (it lies off KMA's land regions), so the days after the short-term run's are missing."
        case .notRecorded(let place, let cell, let recorded):
            let name = place.map { "\($0) " } ?? ""
            return "Nothing is recorded for \(name)(nx \(cell.nx), ny \(cell.ny)): the client's transport is a recording (RecordedRunTransport), "
                + "whose point forecasts are of \(recorded.isEmpty ? "no place" : recorded.joined(separator: "; ")). Ask for a recorded place "
                + "(LocalForecast.sampleRecordings lists the bundled ones), or use a client with a key and the network for live forecasts."
        case .quotaExhausted(let resetsAt):
            let reset = KSTDateTime(resetsAt).iso8601
            return "Not fetched: KMA answered an earlier request with code 22 (LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR: the key's daily quota is used up), so no more requests are sent. The quota resets at midnight KST (\(reset)); run the same command again then: what was fetched is cached."
        case .unreachable(let host, let detail):
            return "Could not reach \(host) (\(detail))\(tries). Check the network connection, and the service URL if you set one."
        case .timedOut(let seconds):
            return "KMA is slow or down: timed out\(tries) (\(Self.format(seconds)) s per attempt). Try again later, or allow more time."
        case .sideServiceLate(let seconds):
            return "No answer within \(Self.format(seconds)) s, so the forecast is shown without it; it is asked again on the next run (an app sets the wait with ClientConfiguration.sideServiceDeadline)."
        case .connectionLost(let detail):
            return "The connection to KMA broke before the answer was complete (\(detail))\(tries); nothing partial was used. Try again."
        case .secureConnectionFailed(let host):
            return "The secure connection to \(host) failed during the TLS handshake\(tries). Try again later; if it persists, check that the service URL's scheme (https:// or http://) is what the server speaks, and any proxy in between."
        case .certificateRejected(let host):
            return "The TLS certificate of \(host) was not accepted (untrusted, expired, not yet valid, or for another host name), so nothing was sent. Check the system's CA certificates and clock, and the service URL's host."
        case .tooManyRedirects(let host):
            return "\(host) redirected too many times, or to a location that does not exist: the service URL is wrong. It should be the service root, e.g. \(ServiceProvider.dataGoKr.defaultBaseURL)."
        case .redirectedElsewhere(let host, let location):
            return "\(host) redirected the request to another server, \(location.isEmpty ? "a location it did not name" : location), which was not followed: the request carries the service key, which is only ever sent to the service URL. Check the service URL (it should be the service root, e.g. \(ServiceProvider.dataGoKr.defaultBaseURL)) and any proxy in between."
        case .responseTooLarge(let limit):
            return "The answer was larger than \(Self.byteCount(limit)), far more than any forecast page, so reading stopped there and nothing of it was used. Check the service URL and any proxy in between."
        case .undecodableResponse(let host, let detail):
            return "The answer from \(host) could not be decoded (\(detail)), so nothing of it was used and it was not asked again: the server does not answer as KMA's service does. Check the service URL and any proxy in between."
        case .unparsableResponse(let host, let detail):
            return "The server's HTTP response could not be parsed (\(detail)): \(host) does not answer as KMA's service does, so it was not asked again. Check the service URL and any proxy in between."
        case .transport(let domain, let code):
            let what = domain == Self.urlErrorDomain ? "URLError \(code)" : "\(domain) error \(code)"
            return Self.isUnidentifiedNetworkFailure(domain: domain, code: code)
                ? "The request failed (\(what), a network failure without a more specific code)\(tries). Check the network connection and try again."
                : "The request failed (\(what))\(tries). This is not a network failure that retrying fixes; check the service URL and the system's network settings."
        case .cancelled:
            return "The fetch was cancelled."
        case .forbidden(let provider):
            return "KMA answered HTTP 403 Forbidden: this key is not subscribed to the short-term forecast service (since 2026 KMA answers 403 for a service the key has not applied for). To fix it, \(provider.subscriptionAdvice); a new subscription or key can take up to an hour to become active."
        case .tooManyRequests:
            return "KMA answered HTTP 429 Too Many Requests\(tries): KMA allows about 30 requests a second per operation. Lower the concurrency and try again."
        case .httpStatus(let code) where (500...599).contains(code):
            return "KMA's server answered HTTP \(code)\(tries): KMA is having trouble. Try again in a few minutes."
        case .httpStatus(401):
            return "KMA answered HTTP 401 Unauthorized without saying why: the key was not accepted. Check that it is copied whole and meant for this provider (an API Hub authKey for apihub.kma.go.kr, a serviceKey for data.go.kr). A new key (or a new 활용신청) can take an hour or more to become active."
        case .httpStatus(404):
            return "KMA answered HTTP 404 Not Found for \(service.englishName): the service URL is wrong. It should be that service's root, e.g. \(service.defaultRoot)."
        case .httpStatus(let code):
            return "KMA answered HTTP \(code), which the forecast service does not normally send; check the service URL."
        case .response(let error):
            return error.isTransient && !tries.isEmpty ? "\(error) (failed\(tries))" : error.description
        case .paging(let error):
            return "The answer does not add up: \(error). Nothing partial was used; try again."
        case .foreignItem(let expected, let found):
            return "KMA sent an item for \(found) in answer to a request for \(expected); nothing from this answer was used. Try again."
        case .rows(let error):
            return "The pages do not fit together: \(error). Nothing partial was used; try again."
        case .mixedBaseLabels(let run, let labels):
            let times = labels.map(\.baseTime).joined(separator: " and ")
            return "KMA labelled the items of run \(run) with two base times, \(times): an ultra-short run asked as HH30 may come labelled HH00, but not both, so the answer mixes runs and nothing from it was used. Try again."
        case .noData(let product, let cell, let tried):
            let runs = tried.map(\.description).joined(separator: ", ")
            return "KMA has no \(product.rawValue) data for nx \(cell.nx), ny \(cell.ny) for run\(tried.count == 1 ? "" : "s") \(runs): the newest run may be published late, or the service is disrupted. Try again in a few minutes."
        case .emptyRun(let product, let cell, let tried, let empty):
            let others = tried.filter { !empty.contains($0) }
            let noData = others.isEmpty ? "" : "; it had no data for run\(others.count == 1 ? "" : "s") \(others.map(\.description).joined(separator: ", "))"
            return "KMA answered an empty run (resultCode 00 with no items, totalCount 0) for \(product.rawValue) at nx \(cell.nx), ny \(cell.ny), run\(empty.count == 1 ? "" : "s") \(empty.map(\.description).joined(separator: ", "))\(noData). An empty run is not a forecast, so nothing was delivered: KMA may still be publishing the run, or the service is disrupted. Try again in a few minutes."
        case .incompleteRun(let product, let base, let missing):
            let codes = missing.map(\.code).joined(separator: ", ")
            return "KMA's \(product.rawValue) run \(base) is not complete yet: its first forecast hour lacks \(codes) (right after a run is due, KMA serves it for a few minutes with categories missing). Nothing of it was used or cached; try again in a few minutes."
        case .midTermNoData(let operation, let regionID, let tried):
            return "KMA has no \(operation) data for region \(regionID) for run\(tried.count == 1 ? "" : "s") \(tried.joined(separator: ", ")) (tmFc): the newest run may be published late, or the region code is retired. Try again in a few minutes."
        case .field(let error):
            let text = error.description
            return (text.first.map { String($0).uppercased() + text.dropFirst() } ?? text) + (error.isTransient && !tries.isEmpty ? " (failed\(tries))" : "")
        case .waitRequested(let seconds, let maximumWait, let inner):
            var refusal = ForecastClientError(inner, service: service)
            refusal.attempts = attempts
            return "\(refusal.serviceNeutralDescription) KMA asks to wait \(Self.waitText(seconds)) before the next request (Retry-After), longer than the client waits between attempts (at most \(Self.format(maximumWait.inSeconds)) s), so it was not asked again. Try again after that wait."
        }
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }

    /// `8 MiB`, `512 KiB`, `100 bytes`.
    private static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// `120 s`, `99999999999 s (about 3168 years)`: a wait in seconds, with a rough size when long.
    private static func waitText(_ seconds: Int) -> String {
        let rough: String = switch seconds {
        case ..<120: ""
        case ..<7_200: " (about \(seconds / 60) minutes)"
        case ..<172_800: " (about \(seconds / 3_600) hours)"
        case ..<(2 * 31_557_600): " (about \(seconds / 86_400) days)"
        default: " (about \(seconds / 31_557_600) years)"
        }
        return "\(seconds) s" + rough
    }

    /// `30`, `0.5`.
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
