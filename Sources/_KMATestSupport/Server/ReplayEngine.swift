import Foundation
import KMAForecastClient
import KMAForecast
import _KMASystem

/// The state and the connection threads of a ``ReplayServer``: everything the server's threads
/// need, and nothing that holds the server (so the server's `deinit` can stop them).
final class ReplayEngine: Sendable {
    typealias RunKey = RecordedRunPages.Key

    struct InjectedFault {
        var match: ReplayMatch
        var fault: ReplayFault
        var remaining: Int
    }

    /// The query parameters that name an answer of an added operation.
    struct ServiceRoute: Hashable {
        var subject: String
        var issue: String
    }

    struct MidTermKey: Hashable {
        var operation: String
        var regionID: String
        var tmFc: String
    }

    struct VersionKey: Hashable {
        var ftype: String
        var baseDateTime: String
    }

    struct SetVersion {
        var text: String
        var asList: Bool
    }

    struct FieldKey: Hashable {
        var operation: String
        var tmfc: String
        var tmef: String?
        var variable: String
    }

    struct BaseKey: Hashable {
        var operation: String
        var baseDate: String
        var baseTime: String
    }

    /// What the stand-in gateway decided for a request.
    enum Gate {
        case pass(latencyMilliseconds: Int)
        case refuse(GatewayLimits.Refusal)
    }

    struct State {
        var runs: [RunKey: RecordedRun] = [:]
        var fields: [FieldKey: [UInt8]] = [:]
        var templates: [BaseKey: RecordedRun] = [:]
        var limits: GatewayLimits?
        var gateway = GatewayCounts()
        /// Arrival times (nanoseconds on the uptime clock) of each operation's requests in
        /// the last two seconds.
        var arrivals: [String: [UInt64]] = [:]
        var versions: [VersionKey: SetVersion] = [:]
        var midTerm: [MidTermKey: [UInt8]] = [:]
        /// The zone events `getPwnCd` serves (items, newest first), paged as asked.
        var warningItems: [[UInt8]] = []
        /// Whole answers of the warning service by operation, served instead of the items.
        var warningAnswers: [String: HTTPAnswer] = [:]
        /// Other operations served like the mid-term ones (``ReplayServer/addServiceAnswer(operation:subjectParameter:subject:issueParameter:issue:body:)``):
        /// the query parameters that name an answer's subject and issue, by operation.
        var serviceRoutes: [String: ServiceRoute] = [:]
        var latencies: [String: Int] = [:]
        var faults: [InjectedFault] = []
        var requests: [RecordedRequest] = []
        var stopped = false
        /// Body bytes sent per ``ReplayFault/oversized(bytes:chunked:)`` answer, in order.
        var oversizedSent: [Int] = []
    }

    let listener: Int32
    let expectedKey: String?
    /// The NO_DATA answer, `Fixtures/api/hand_made_nodata_03.json`.
    let noDataBody: [UInt8]
    let state: Locked<State>

    init(listener: Int32, expectedKey: String?, noDataBody: [UInt8], runs: [RecordedRun]) {
        self.listener = listener
        self.expectedKey = expectedKey
        self.noDataBody = noDataBody
        var initial = State()
        for run in runs { initial.runs[Self.key(of: run)] = run }
        self.state = Locked(initial)
    }

    static func key(of run: RecordedRun) -> RunKey {
        RunKey(operation: run.operation, baseDate: run.baseDate, baseTime: run.baseTime, nx: run.nx, ny: run.ny)
    }

    /// Only shuts the listening socket down; the accept thread closes it on its way out.
    /// Were it closed here, its descriptor number could be reused at once by another
    /// server's socket, and the accept thread, still calling `accept` with the old number,
    /// would steal that server's connections.
    func stop() {
        let wasRunning = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        if wasRunning { SocketCalls.shutdown(listener) }
    }

    // MARK: Connections

    /// Accepts until stopped. A failed `accept` never ends the loop by itself: a client
    /// that gave up (ECONNABORTED, EPROTO) or a signal (EINTR) is skipped at once, and a
    /// shortage of descriptors or buffers (EMFILE, ENFILE, ENOBUFS, ENOMEM), or anything
    /// unexpected, waits 10 ms for connections to close, rather than spinning.
    func acceptLoop() {
        defer { SystemCalls.closeDescriptor(listener) }
        let skipped = [SystemCalls.interrupted, SocketCalls.connectionAborted, SocketCalls.protocolError]
        while true {
            let accepted = SocketCalls.accept(listener)
            if state.withLock({ $0.stopped }) {
                if case .success(let connection) = accepted { SystemCalls.closeDescriptor(connection) }
                return
            }
            let connection: Int32
            switch accepted {
            case .success(let accepted):
                connection = accepted
            case .failure(let failure):
                if !skipped.contains(failure.code) { SocketCalls.sleep(microseconds: 10_000) }
                continue
            }
            // A thread per connection, not a dispatch queue: a delayed answer sleeps, and
            // sleeping blocks would starve the shared worker pool of every other server.
            // Arrival is when the connection is accepted (a gateway counts at its edge),
            // before a thread is started for it, so the count does not include the
            // time it takes this server to start one.
            let arrival = DispatchTime.now().uptimeNanoseconds
            SocketCalls.noSignalOnWrite(connection)
            Thread.detachNewThread { [self] in handle(connection, acceptedAt: arrival) }
        }
    }

    /// Answers one connection: the request read, the stand-in gateway's decision, the
    /// latency, then the next injected fault that matches, or the normal answer.
    func handle(_ connection: Int32, acceptedAt arrival: UInt64) {
        SocketCalls.setReceiveTimeout(connection, seconds: 10)
        guard let request = readRequest(connection) else {
            SystemCalls.closeDescriptor(connection)
            return
        }
        switch gate(request, arrival: arrival) {
        case .refuse(let refusal):
            state.withLock { $0.requests.append(request) }
            refuse(connection, refusal)
            SystemCalls.closeDescriptor(connection)
            return
        case .pass(let gatewayLatency):
            // The stand-in gateway's latency, or one set for the operation (`setLatency`).
            let latency = max(gatewayLatency, state.withLock { $0.latencies[request.operation] } ?? 0)
            if latency > 0 { SocketCalls.sleep(milliseconds: latency) }
        }
        let fault = state.withLock { state -> ReplayFault? in
            state.requests.append(request)
            guard let position = state.faults.firstIndex(where: { $0.remaining > 0 && $0.match.matches(request) }) else { return nil }
            state.faults[position].remaining -= 1
            return state.faults[position].fault
        }
        serve(connection, request, fault: fault)
        SystemCalls.closeDescriptor(connection)
    }

    /// The stand-in gateway's decision (``ReplayServer/enforce(_:)``): refused when more than
    /// the operation's limit arrived in the second up to `arrival`, else its latency.
    func gate(_ request: RecordedRequest, arrival: UInt64) -> Gate {
        state.withLock { state -> Gate in
            guard let limits = state.limits else { return .pass(latencyMilliseconds: 0) }
            let operation = request.operation
            // Threads may take the lock out of arrival order: keep two seconds, count the
            // arrivals in (arrival − 1 s, arrival].
            var recent = state.arrivals[operation] ?? []
            let newest = max(recent.max() ?? 0, arrival)
            recent.removeAll { $0 + 2_000_000_000 <= newest }
            recent.append(arrival)
            state.arrivals[operation] = recent
            let inWindow = recent.filter { $0 <= arrival && $0 + 1_000_000_000 > arrival }.count
            state.gateway.peakPerSecond[operation] = max(state.gateway.peakPerSecond[operation] ?? 0, inWindow)
            if inWindow > limits.requestsPerSecond {
                state.gateway.refused += 1
                return .refuse(limits.refusal)
            }
            state.gateway.accepted += 1
            return .pass(latencyMilliseconds: limits.latencyMilliseconds[operation] ?? 0)
        }
    }

    /// The gateway's refusal of a request over the limit, as KMA's gateway words it.
    func refuse(_ connection: Int32, _ refusal: GatewayLimits.Refusal) {
        switch refusal {
        case .code23:
            let xml = "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR</returnAuthMsg><returnReasonCode>23</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"
            reply(connection, HTTPAnswer(status: 200, contentType: "text/xml;charset=UTF-8", body: Array(xml.utf8)))
        case .http429:
            reply(connection, HTTPAnswer(status: 429, contentType: "text/plain", body: Array("Too Many Requests".utf8), headers: ["Retry-After": "1"]))
        }
    }

    /// Sends the answer to `request` with `fault` applied (`nil`: the normal answer); the
    /// caller closes the connection.
    func serve(_ connection: Int32, _ request: RecordedRequest, fault: ReplayFault?) {
        switch fault {
        case .delay(let milliseconds)?:
            SocketCalls.sleep(milliseconds: milliseconds)
            reply(connection, answer(request, alteration: nil))
        case .trickle(let rate)?:
            let response = answer(request, alteration: nil)
            let bytes = response.head + response.body
            var start = 0
            while start < bytes.count, sendAll(connection, Array(bytes[start..<min(bytes.count, start + max(1, rate))])) {
                start += max(1, rate)
                SocketCalls.sleep(milliseconds: 1000)
            }
        case .reset?:
            SocketCalls.resetOnClose(connection)
        case .truncate(let keeping)?:
            let response = answer(request, alteration: nil)
            reply(connection, HTTPAnswer(head: response.head, body: Array(response.body.prefix(keeping))))
        case .status(let code, let body, let contentType, let headers)?:
            reply(connection, HTTPAnswer(status: code, contentType: contentType, body: Array(body.utf8), headers: headers))
        case .body(let body, let contentType)?:
            reply(connection, HTTPAnswer(status: 200, contentType: contentType, body: Array(body.utf8)))
        case .noData?:
            reply(connection, HTTPAnswer(status: 200, contentType: ReplayServer.json, body: noDataBody))
        case .redirect(let code, let origin)?:
            let target = origin + request.path + (request.rawQuery.isEmpty ? "" : "?" + request.rawQuery)
            reply(connection, HTTPAnswer(status: code, contentType: "text/html", body: Array("<html>moved</html>".utf8), headers: ["Location": target]))
        case .raw(let bytes)?:
            _ = sendAll(connection, bytes)
        case .oversized(let total, let chunked)?:
            let sent = sendOversized(connection, total: total, chunked: chunked)
            state.withLock { $0.oversizedSent.append(sent) }
        case .gzipBomb(let inflated, let chunked)?:
            let sent = sendGzipBomb(connection, inflatedBytes: inflated, chunked: chunked)
            state.withLock { $0.oversizedSent.append(sent) }
        case .dropItems, .totalCountOffset, .relabelItems, .relabelBase, nil:
            reply(connection, answer(request, alteration: fault))
        }
    }


    /// Reads the request head (GET requests have no body).
    func readRequest(_ connection: Int32) -> RecordedRequest? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while ByteSearch.firstIndex(of: end, in: buffer, from: buffer.count - 4096 - 4) == nil {
            let received = chunk.withUnsafeMutableBytes { SystemCalls.readSome(connection, into: $0) }
            guard case .success(let count) = received, count > 0, buffer.count < 65_536 else { return nil }
            buffer += chunk[0..<count]
            if buffer.first == 0x16 {
                // A TLS handshake record: an https:// URL pointed at this plain-HTTP server.
                reply(connection, HTTPAnswer(status: 400, contentType: "text/plain", body: Array("plain HTTP only".utf8)))
                return nil
            }
        }
        let text = String(decoding: buffer, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        let target = String(requestLine[1])
        let path: String
        let query: String
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = target
            query = ""
        }
        var parameters: [String: String] = [:]
        var names: [String] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = ReplayServer.formDecode(String(parts[0]))
            names.append(name)
            parameters[name] = parts.count > 1 ? ReplayServer.formDecode(String(parts[1])) : ""
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingASCIIWhitespace()
        }
        return RecordedRequest(
            method: String(requestLine[0]), path: path, rawQuery: query,
            parameters: parameters, parameterNames: names, headers: headers
        )
    }
}
