import KMAForecast
import _KMASystem

/// The file versions one client has been told, per product and run, each trusted until KMA's
/// next 10-minute update after it was asked for: all the cells of a run (a batch, the three
/// products of a command, repeat calls) share one `getFcstVersion` request per update.
///
/// Also remembers when KMA refuses `getFcstVersion` itself (HTTP 403 or 404, an answer that is
/// not a version, codes 12 or 20: e.g. an API Hub key that has not applied for the operation),
/// so a client does not spend a request on it before every fetch.
///
/// A reference type by nature: copies of a client share it. Safe to use from any task.
final class FileVersionMemo: Sendable {
    /// A version and the instant it was asked for (Unix seconds, from the client's clock).
    struct Known: Hashable, Sendable {
        var version: ForecastFileVersion
        var checkedAt: Int64
    }

    private struct Key: Hashable {
        var product: ForecastProduct
        var base: ForecastBase
    }

    private struct State {
        var known: [Key: Known] = [:]
        var refusal: ForecastClientError?
    }

    private let state = Locked(State())

    /// The version of a run asked for since KMA's last update before `now`, if any.
    func version(of product: ForecastProduct, base: ForecastBase, at now: Int64) -> Known? {
        state.withLock { state in
            guard let known = state.known[Key(product: product, base: base)], Self.isCurrent(known, product: product, at: now) else {
                return nil
            }
            return known
        }
    }

    /// Records an answer, forgetting those of earlier updates.
    func record(_ known: Known, of product: ForecastProduct, base: ForecastBase, at now: Int64) {
        state.withLock { state in
            state.known = state.known.filter { Self.isCurrent($0.value, product: $0.key.product, at: now) }
            state.known[Key(product: product, base: base)] = known
        }
    }

    /// The error with which KMA refused `getFcstVersion`, once it has.
    var refusal: ForecastClientError? { state.withLock { $0.refusal } }

    /// Remembers `error` if it says `getFcstVersion` is not available to this key at all.
    func noteFailure(_ error: ForecastClientError) {
        guard Self.isRefusal(error) else { return }
        state.withLock { $0.refusal = error }
    }

    /// Whether a version asked for at `known.checkedAt` still holds at `now`: not before it was
    /// asked (a clock set back), and before KMA's next update after it.
    private static func isCurrent(_ known: Known, product: ForecastProduct, at now: Int64) -> Bool {
        guard known.checkedAt <= now, let next = product.nextContentUpdate(after: KSTDateTime(unixSeconds: known.checkedAt)) else {
            return false
        }
        return now < next.unixSeconds
    }

    /// HTTP 403/404, a body that is not a version answer, or codes 12/20: the operation
    /// itself is refused. (Not: the network, 429, 5xx, NO_DATA for one run, the quota, the key.)
    private static func isRefusal(_ error: ForecastClientError) -> Bool {
        switch error.reason {
        case .forbidden, .httpStatus(404):
            return true
        case .response(let response):
            if let code = response.resultCode { return code == .noOpenAPIService || code == .serviceAccessDenied }
            return !response.isTransient
        default:
            return false
        }
    }
}
