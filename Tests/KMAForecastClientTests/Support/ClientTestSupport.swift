import Foundation
import KMAForecast
@testable import KMAForecastClient
import KMAGrid
import _KMATestSupport
import _KMASystem

/// The distinctive fake key of these tests, decoded; its Encoding form is
/// `TESTKEY%2Babc%2Fdef%3D%3D`. No error, event, URL or cache file may contain `TESTKEY`.
let testKey = "TESTKEY+abc/def=="
let testKeyEncoded = "TESTKEY%2Babc%2Fdef%3D%3D"

/// The recorded short-term run: 2022-11-20 05:00 at nx 60, ny 120, 809 items.
let shortTermFixture = "api/getVilageFcst_20221120_0500_nx60_ny120.json"
let shortTermCell: GridCell = {
    guard let cell = try? GridCell(nx: 60, ny: 120) else { preconditionFailure("a valid test cell") }
    return cell
}()

/// A KST instant as a `Date`.
func kstDate(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
    // Test constants, always valid.
    guard let time = try? KSTDateTime(year: year, month: month, day: day, hour: hour, minute: minute) else {
        preconditionFailure("invalid test date")
    }
    return time.date
}

/// 2022-11-20 06:00 KST: the newest short-term run is the recorded 0500 run.
let duringRecordedRun = kstDate(2022, 11, 20, 6, 0)

/// A settable clock.
final class TestClock: Sendable {
    private let instant: Locked<Date>
    init(_ date: Date) { instant = Locked(date) }
    var now: Date { instant.withLock { $0 } }
    func set(_ date: Date) { instant.withLock { $0 = date } }
    func advance(minutes: Int) { instant.withLock { $0 = $0.addingTimeInterval(TimeInterval(minutes * 60)) } }
}

/// Collects what the client does: events and the sleeps it asked for.
final class Recorder: Sendable {
    private let state = Locked<(events: [ForecastClientEvent], sleeps: [Duration])>(([], []))
    var events: [ForecastClientEvent] { state.withLock { $0.events } }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }
    func record(_ event: ForecastClientEvent) { state.withLock { $0.events.append(event) } }
    func sleep(_ duration: Duration) { state.withLock { $0.sleeps.append(duration) } }

    /// Every text the events carry (URLs, error descriptions, paths, reasons).
    var eventTexts: [String] {
        events.map { event in
            switch event {
            case .requestSent(_, _, _, _, _, let url): url
            case .retryScheduled(_, _, _, _, let error): "\(error) \(error.url ?? "")"
            case .cacheIgnored(let path, let reason), .cacheWriteFailed(let path, let reason): "\(path) \(reason)"
            default: "\(event)"
            }
        }
    }
}

/// A client against a replay server, with instant sleeps (recorded) and a fixed jitter draw
/// of 0.5.
func makeClient(
    _ server: ReplayServer,
    key: String = testKey,
    provider: ServiceProvider = .dataGoKr,
    clock: TestClock = TestClock(duringRecordedRun),
    cache: CacheLocation = .disabled,
    pageSize: Int = 1000,
    pageConcurrency: Int = 4,
    retry: RetryPolicy = RetryPolicy(),
    // Hang guards, not speed tests: a busy machine must never make them fire (issue 30); a
    // test about a timeout sets its own.
    timeouts: ClientTimeouts = ClientTimeouts(connect: .seconds(120), overall: .seconds(240)),
    recorder: Recorder = Recorder(),
    transport: any HTTPTransport = URLSessionTransport(),
    // No pacing unless a test is about it: these tests time concurrency and retries on their
    // own terms; the limiter has its own (ClientRateLimitTests, RequestRateLimiterTests).
    rateLimiter: RequestRateLimiter? = nil
) throws -> ForecastClient {
    let configuration = ClientConfiguration(
        provider: provider,
        serviceKey: try ServiceKey(key),
        baseURL: provider == .apiHub ? server.apiHubBaseURL : server.baseURL,
        cache: cache,
        timeouts: timeouts,
        retry: retry,
        pageSize: pageSize,
        pageConcurrency: pageConcurrency,
        now: { clock.now },
        onEvent: { recorder.record($0) },
        rateLimiter: rateLimiter
    )
    return try ForecastClient(
        configuration: configuration,
        transport: transport,
        sleep: { recorder.sleep($0) },
        random: { 0.5 }
    )
}

/// The recorded short-term run with its last item replaced by a copy of the first: 809 items
/// as totalCount says, but one of them twice, so every page checks out and the rows do not
/// (only once the last page is in, when pages are smaller than the run).
func runWithRepeatedItem() throws -> RecordedRun {
    var run = try RecordedRun(.shortTerm, fixture: shortTermFixture)
    run.items[run.items.count - 1] = run.items[0]
    return run
}

/// A KMA page of JSON holding `items` (as the replay server builds them).
func pageBody(_ items: [[UInt8]], pageNo: Int = 1, numOfRows: Int = 1000, totalCount: Int) -> [UInt8] {
    RecordedRunPages.page(items, pageNo: pageNo, numOfRows: numOfRows, totalCount: totalCount)
}

/// A replay server serving the recorded short-term run, requiring the test key.
func shortTermServer(extraRuns: [RecordedRun] = []) throws -> ReplayServer {
    try ReplayServer(runs: [try RecordedRun(.shortTerm, fixture: shortTermFixture)] + extraRuns, expectedKey: testKey)
}

/// The error a throwing fetch gives, or `nil` if it succeeds.
func fetchError(
    _ client: ForecastClient, _ product: ForecastProduct = .shortTerm, cell: GridCell = shortTermCell
) async -> ForecastClientError? {
    do throws(ForecastClientError) {
        _ = try await client.fetch(product, cell: cell)
        return nil
    } catch {
        return error
    }
}

/// Every text an error can show: its description, URL, and a `dump`.
func texts(of error: ForecastClientError) -> [String] {
    var dumped = ""
    dump(error, to: &dumped)
    return [error.description, error.url ?? "", String(reflecting: error), dumped, error.localizedDescription]
}

/// Waits until `condition` holds, checked every 10 ms, at most 30,000 times (about 5 minutes:
/// a hang guard, not a deadline); whether it held. For counts that settle after the awaited
/// work (a server thread records a request as it reads it): a test waits for the event and
/// never reads such a count at a moment, which a busy machine makes early (issue 30).
func waitUntil(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<30_000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
