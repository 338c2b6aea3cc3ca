import Foundation
import KMAForecast
import KMAForecastClient
import _KMASystem

/// The server's transport to KMA: before each request it takes a slot of the operation's
/// shared 1-second window (at most ``perSecond``, KMA's 30) and one unit of the operation's
/// daily quota (``dailyQuota``, KST days) from the coordinator, so that every client of every
/// instance shares KMA's limits; then it sends through the real transport.
///
/// A request past the quota is not sent: the failure is ``TransportFailure/other(domain:code:)``
/// with ``quotaDomain`` (never retried), and the request's ``QuotaRefusals`` (a task local)
/// records it, so the server answers stale data or 503 instead of a forecast with holes.
struct CoordinatedTransport: HTTPTransport {
    /// The domain of the failure of a request not sent for the quota.
    static let quotaDomain = "kma-forecast serve: daily quota spent"

    let base: any HTTPTransport
    let coordinator: any ServeCoordinator
    /// Requests per second per operation, shared (KMA: 30).
    let perSecond: Int
    /// Calls per operation per KST day, or `nil` for no quota.
    let dailyQuota: Int?
    let now: @Sendable () -> Date
    let metrics: ServeMetrics

    func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
        let operation = RequestRateLimiter.operation(of: url)
        while true {
            if Task.isCancelled { throw .cancelled }
            // A coordinator that cannot answer even locally does not hold KMA's pace back:
            // the client's own limiter still paces this process.
            guard let wait = try? await coordinator.reserveRequest(operation: operation, limitPerSecond: perSecond) else { break }
            do {
                try await Task.sleep(for: wait)
            } catch {
                throw .cancelled
            }
        }
        if let dailyQuota {
            let day = String(KSTDateTime(now()).yyyymmdd)
            let left = (try? await coordinator.consumeQuota(operation: operation, day: day, limit: dailyQuota)) ?? nil
            if left == nil {
                metrics.quotaRefused(operation)
                QuotaRefusals.current?.note(operation)
                throw .other(domain: Self.quotaDomain, code: 0)
            }
        }
        metrics.kmaCall(operation)
        return try await base.get(url, connectTimeout: connectTimeout)
    }
}

/// Whether a request's KMA calls met the daily quota, for the request being answered: a task
/// local, set around one forecast's fetch, that the ``CoordinatedTransport`` notes a refusal in.
final class QuotaRefusals: Sendable {
    @TaskLocal static var current: QuotaRefusals?

    private let refused = Locked(Set<String>())

    /// Notes a refusal of `operation`.
    func note(_ operation: String) { _ = refused.withLock { $0.insert(operation) } }

    /// Whether a call was refused.
    var any: Bool { refused.withLock { !$0.isEmpty } }

    /// The operations refused.
    var operations: Set<String> { refused.withLock { $0 } }
}
