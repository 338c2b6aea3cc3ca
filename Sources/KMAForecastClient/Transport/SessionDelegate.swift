import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import _KMASystem

/// Cancels a task without waiting. On Linux, `cancel()` waits for the session's work queue,
/// where the delegate runs (`InlineOperationQueue`): it is called from another queue, so that
/// neither a delegate callback nor a task's cancellation handler ever waits for it.
func cancelSoon(_ task: URLSessionTask) {
    #if canImport(FoundationNetworking)
    DispatchQueue.global().async { task.cancel() }
    #else
    task.cancel()
    #endif
}

/// Owns a session and invalidates it when the last transport copy goes away.
final class SessionBox: Sendable {
    let session: URLSession
    let delegate: SessionDelegate

    init(_ session: URLSession, delegate: SessionDelegate) {
        self.session = session
        self.delegate = delegate
    }

    deinit { session.finishTasksAndInvalidate() }
}

/// Reads every task's answer as it arrives: enforces the body limit and the same-origin rule
/// for redirects, and completes the task's continuation once.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// One task in flight.
    struct Pending {
        var continuation: CheckedContinuation<Result<HTTPResponse, TransportFailure>, Never>
        var limit: Int
        var body: [UInt8] = []
        /// Why the task was stopped by us, when it was.
        var failure: TransportFailure?
    }

    private let pending = Locked<State>(State())

    struct State {
        var tasks: [Int: Pending] = [:]
        /// Tasks that completed before they were registered (cancelled before they started):
        /// their outcome, for ``register(_:limit:continuation:)`` to deliver at once.
        var early: [Int: TransportFailure] = [:]
    }

    func register(_ task: URLSessionTask, limit: Int, continuation: CheckedContinuation<Result<HTTPResponse, TransportFailure>, Never>) {
        let early = pending.withLock { state -> TransportFailure? in
            if let failure = state.early.removeValue(forKey: task.taskIdentifier) { return failure }
            state.tasks[task.taskIdentifier] = Pending(continuation: continuation, limit: limit)
            return nil
        }
        if let early { continuation.resume(returning: .failure(early)) }
    }

    /// Records why a task is stopped (the first reason wins).
    private func stop(_ task: URLSessionTask, _ failure: TransportFailure) {
        pending.withLock { state in
            if state.tasks[task.taskIdentifier]?.failure == nil { state.tasks[task.taskIdentifier]?.failure = failure }
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = pending.withLock { state -> Bool in
            // Read field by field: a copy of the entry would share the body and make the append copy it.
            let id = dataTask.taskIdentifier
            guard let limit = state.tasks[id]?.limit, let count = state.tasks[id]?.body.count, state.tasks[id]?.failure == nil else { return false }
            // A declared length above the limit is refused at the first piece. (Not in a
            // `didReceive response:` callback: with one, corelibs 6.3.1's `cancel()` no longer
            // stops the transfer, which then reads on to the end: measured 538 MB in 2.5 s.)
            let declared = dataTask.response?.expectedContentLength ?? -1
            guard count + data.count <= limit, declared <= Int64(limit) else {
                state.tasks[id]?.failure = .responseTooLarge(limit: limit)
                state.tasks[id]?.body = []
                return true
            }
            // In place (optional chaining through the subscript): no copy of the body so far.
            state.tasks[id]?.body.append(contentsOf: data)
            return false
        }
        if tooLarge { cancelSoon(dataTask) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        guard let origin = task.originalRequest?.url, let target = request.url else {
            stop(task, .redirectedElsewhere(location: ""))
            completionHandler(nil)
            return
        }
        if URLSessionTransport.isSameOrigin(target, origin) {
            completionHandler(request)
        } else {
            stop(task, .redirectedElsewhere(location: URLSessionTransport.shown(target)))
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let entry = pending.withLock { state -> Pending? in
            guard let entry = state.tasks.removeValue(forKey: task.taskIdentifier) else {
                state.early[task.taskIdentifier] = error.map(URLSessionTransport.failure(for:)) ?? .cancelled
                return nil
            }
            return entry
        }
        guard let entry else { return }
        if let failure = entry.failure {
            entry.continuation.resume(returning: .failure(failure))
        } else if let error {
            entry.continuation.resume(returning: .failure(URLSessionTransport.failure(for: error)))
        } else if let http = task.response as? HTTPURLResponse {
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            entry.continuation.resume(returning: .success(HTTPResponse(status: http.statusCode, headers: headers, body: entry.body)))
        } else {
            entry.continuation.resume(returning: .failure(.other(domain: ForecastClientError.urlErrorDomain, code: URLError.badServerResponse.rawValue)))
        }
    }

}

#if canImport(FoundationNetworking)
/// The delegate queue of the transport's session on Linux: runs every block at once, on the
/// thread that adds it.
///
/// corelibs' URLSession reads with libcurl on its own work queue and hands each piece of a body
/// to the delegate with `delegateQueue.addOperation`, without waiting: a server (or a gzip bomb
/// that libcurl inflates) faster than the delegate queues pieces without bound. Run inline,
/// each piece is counted against the limit before libcurl reads the next, so the body held is
/// never more than the limit and nothing waits in a queue.
///
/// What this asks of the delegate: never block, and never call a task method that waits for
/// the work queue (`cancel()`, `suspend()`, `resume()`) from a callback; `SessionDelegate`
/// cancels from another queue (`cancelSoon`). The same holds for a task's cancellation
/// handler: it runs holding the task's status lock, which resuming a continuation on the work
/// queue needs (a `cancel()` there deadlocked 1 run in 4). corelibs itself calls `suspend()` from a delegate callback only
/// to retry with a stored credential after an authentication challenge; the session has no
/// credential storage (`urlCredentialStorage = nil`).
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }

    override func addOperation(_ operation: Operation) {
        operation.start()
    }
}
#endif
