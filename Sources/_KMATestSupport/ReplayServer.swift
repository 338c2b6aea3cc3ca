#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KMAForecastClient
import KMAForecast
import _KMASystem

/// A small HTTP/1.1 server on `127.0.0.1` that answers like KMA's forecast service from
/// recorded runs, for testing a client over real sockets.
///
/// ```swift
/// let server = try ReplayServer(runs: [RecordedRun(.shortTerm, fixture: "api/getVilageFcst_20221120_0500_nx60_ny120.json")])
/// defer { server.stop() }
/// server.inject(.status(500), times: 2)          // the next two requests get HTTP 500
/// let url = server.baseURL                         // http://127.0.0.1:<port>/1360000/VilageFcstInfoService_2.0
/// // … run the client …
/// server.requests.count                            // what arrived, in order
/// ```
///
/// - It binds port 0 and reports the port it got (``port``).
/// - It routes by operation (the last path component), whatever the path before it, so the
///   data.go.kr and API Hub path layouts both work.
/// - It honours `numOfRows` (default 10) and `pageNo` (default 1): a recorded run's items are
///   cut into pages with the run's `totalCount`, so a client has to paginate for real. The
///   routing and paging are `KMAForecastClient`'s `RecordedRunPages`, which the CLI's sample
///   forecast serves its recorded pages with too (without sockets).
/// - A (operation, base, cell) with no recorded run answers NO_DATA (`03`), as KMA does for a
///   run that is not published.
/// - `getFcstVersion` (`ftype` ODAM, VSRT or SHRT and `basedatetime` YYYYMMDDHHMM) answers the
///   version set with ``setVersion(_:ftype:baseDateTime:asList:)``, else, when a run of that
///   product and base is recorded (for any cell), `basedatetime` followed by `00` (the run's
///   nominal time, e.g. `20210328140000`); NO_DATA when there is neither. `item` is a single
///   object, as KMA sends one item, unless set to come as a list.
/// - With ``expectedKey`` set, a request whose `serviceKey`/`authKey` does not decode to it
///   (decoded the way a servlet container does: `%XX`, and `+` as a space) gets the gateway's
///   XML SERVICE_KEY_IS_NOT_REGISTERED_ERROR (`30`): a key encoded twice, or not at all, fails
///   as it does at KMA.
/// - Faults (``ReplayFault``) are injected per request, in order, with a match and a count.
/// - ``synthesize(_:)`` serves a run for any cell (thousands of cells without recording each);
///   ``enforce(_:)`` makes it a stand-in for KMA's gateway under load: a per-operation limit of
///   requests per second (code 23 or HTTP 429 above it) and a latency per operation
///   (``GatewayLimits``), with counts in ``gatewayCounts``.
/// - Every request is recorded (``requests``).
/// - Each connection gets its own thread, one answer and `Connection: close`.
/// - A TLS handshake (an `https://` URL pointed at it) is answered with HTTP 400 in plain text,
///   as plain-HTTP servers do, so the client's TLS handshake fails at once.
public final class ReplayServer: Sendable {
    /// The port the server listens on, on 127.0.0.1.
    public let port: UInt16
    /// The decoded key that requests must carry, or `nil` to accept any key.
    public let expectedKey: String?

    private let engine: Engine

    /// Starts a server on 127.0.0.1 at a free port.
    ///
    /// - Parameters:
    ///   - runs: The recorded runs to serve.
    ///   - expectedKey: The key every request must carry (decoded), or `nil`.
    public init(runs: [RecordedRun] = [], expectedKey: String? = nil) throws(ReplayServerError) {
        let noDataBody: [UInt8]
        do {
            noDataBody = try Fixtures.bytes("api/hand_made_nodata_03.json")
        } catch {
            throw .fixture("api/hand_made_nodata_03.json")
        }
        let fd = socket(AF_INET, SocketOptions.stream, 0)
        guard fd >= 0 else { throw .socket("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            throw .socket("bind/listen", code)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let code = errno
            close(fd)
            throw .socket("getsockname", code)
        }
        self.port = UInt16(bigEndian: address.sin_port)
        self.expectedKey = expectedKey
        let engine = Engine(listener: fd, expectedKey: expectedKey, noDataBody: noDataBody, runs: runs)
        self.engine = engine
        // The threads hold the engine, never the server, so the server's deinit can run.
        Thread.detachNewThread { engine.acceptLoop() }
    }

    /// Stops the server when the last reference to it goes (``stop()`` stops it earlier).
    deinit { engine.stop() }

    /// The data.go.kr-style service root on this server:
    /// `http://127.0.0.1:<port>/1360000/VilageFcstInfoService_2.0`.
    public var baseURL: String { "http://127.0.0.1:\(port)/1360000/VilageFcstInfoService_2.0" }

    /// The API Hub-style service root on this server:
    /// `http://127.0.0.1:<port>/api/typ02/openApi/VilageFcstInfoService_2.0`.
    public var apiHubBaseURL: String { "http://127.0.0.1:\(port)/api/typ02/openApi/VilageFcstInfoService_2.0" }

    /// The data.go.kr-style mid-term service root on this server:
    /// `http://127.0.0.1:<port>/1360000/MidFcstInfoService`.
    public var midTermBaseURL: String { "http://127.0.0.1:\(port)/1360000/MidFcstInfoService" }

    /// Adds (or replaces) a mid-term answer: the body served for `operation` (`getMidTa`,
    /// `getMidLandFcst`, `getMidFcst`) with `regId` (or `stnId`) and `tmFc`. Other mid-term
    /// requests are answered NO_DATA, as KMA does for a run it does not have.
    public func addMidTerm(operation: String, regionID: String, tmFc: String, body: [UInt8]) {
        engine.state.withLock { $0.midTerm[Engine.MidTermKey(operation: operation, regionID: regionID, tmFc: tmFc)] = body }
    }

    /// Serves the recorded 2026-10-04 mid-term bodies of `Fixtures/midterm/`: getMidTa for
    /// 서울 11B10101 and getMidLandFcst for 11B00000, runs 06:00 and 18:00, under the region
    /// codes given (the recordings' own by default).
    public func addRecordedMidTerm(temperaturePoint: String = "11B10101", landRegion: String = "11B00000") throws {
        for tmFc in ["202610040600", "202610041800"] {
            let ta = try Fixtures.text("midterm/getMidTa_11B10101_\(tmFc).json").replacingOccurrences(of: "11B10101", with: temperaturePoint)
            let land = try Fixtures.text("midterm/getMidLandFcst_11B00000_\(tmFc).json").replacingOccurrences(of: "11B00000", with: landRegion)
            addMidTerm(operation: "getMidTa", regionID: temperaturePoint, tmFc: tmFc, body: Array(ta.utf8))
            addMidTerm(operation: "getMidLandFcst", regionID: landRegion, tmFc: tmFc, body: Array(land.utf8))
        }
    }

    /// Makes every answer to `operation` wait `milliseconds` before it is sent (a stand-in for
    /// the gateway's latency, e.g. KMA's guide's 600 ms for `getVilageFcst`); 0 removes it.
    public func setLatency(milliseconds: Int, for operation: String) {
        engine.state.withLock { $0.latencies[operation] = milliseconds > 0 ? milliseconds : nil }
    }

    /// The API Hub grid-field service root on this server:
    /// `http://127.0.0.1:<port>/api/typ01/cgi-bin/url`.
    public var apiHubFieldBaseURL: String { "http://127.0.0.1:\(port)/api/typ01/cgi-bin/url" }

    /// Adds (or replaces) a grid field to serve: `body` for `operation` (`nph-dfs_shrt_grd` …)
    /// with these `tmfc`, `tmef` (`nil` for the nowcast, which takes none) and `vars`.
    ///
    /// Grid-field requests (`nph-dfs_*`) are answered as API Hub is reported to answer: the
    /// stored body; for `vars` with a comma (several variables), the first variable's body
    /// with every value -99.00 (API Hub answers mostly -99); for anything not stored,
    /// `# input variable error (-1)` with HTTP 200. A stand-in: how API Hub answers a run it
    /// has not made yet is not known. With ``expectedKey`` set, a wrong `authKey` gets HTTP 401
    /// with a small JSON body (hand-made, not a recording).
    public func addField(_ body: [UInt8], operation: String, tmfc: String, tmef: String?, variable: String) {
        engine.state.withLock { $0.fields[Engine.FieldKey(operation: operation, tmfc: tmfc, tmef: tmef, variable: variable)] = body }
    }

    /// Adds (or replaces) a run to serve.
    public func add(_ run: RecordedRun) {
        engine.state.withLock { $0.runs[Engine.key(of: run)] = run }
    }

    /// Sets the version `getFcstVersion` answers for (`ftype`, `basedatetime`), e.g.
    /// `setVersion("20210328141017", ftype: "ODAM", baseDateTime: "202103281400")`; `nil`
    /// goes back to the default (see the type's notes). With `asList`, `item` is a list of one.
    public func setVersion(_ version: String?, ftype: String, baseDateTime: String, asList: Bool = false) {
        engine.state.withLock {
            $0.versions[Engine.VersionKey(ftype: ftype, baseDateTime: baseDateTime)] = version.map { Engine.SetVersion(text: $0, asList: asList) }
        }
    }

    /// Serves `template`'s run for every cell: a request for its operation and base at any
    /// `nx`, `ny` with no recorded run gets the template's items relabelled with that cell
    /// (for batches of thousands of cells).
    public func synthesize(_ template: RecordedRun) {
        engine.state.withLock {
            $0.templates[Engine.BaseKey(operation: template.operation, baseDate: template.baseDate, baseTime: template.baseTime)] = template
        }
    }

    /// Makes the server behave as KMA's gateway under load (see ``GatewayLimits``), or stops
    /// doing so with `nil`. The counts (``gatewayCounts``) start again from zero.
    public func enforce(_ limits: GatewayLimits?) {
        engine.state.withLock { state in
            state.limits = limits
            state.gateway = GatewayCounts()
            state.arrivals = [:]
        }
    }

    /// What the stand-in gateway counted since ``enforce(_:)``.
    public var gatewayCounts: GatewayCounts { engine.state.withLock { $0.gateway } }

    /// Makes the next `times` matching requests get `fault`. Faults apply in the order they
    /// were injected; each request gets at most one.
    public func inject(_ fault: ReplayFault, times: Int = 1, when match: ReplayMatch = .any) {
        engine.state.withLock { $0.faults.append(Engine.InjectedFault(match: match, fault: fault, remaining: times)) }
    }

    /// The requests received so far, in order of arrival.
    public var requests: [RecordedRequest] { engine.state.withLock { $0.requests } }

    /// For each ``ReplayFault/oversized(bytes:chunked:)`` answer finished so far, how many
    /// body bytes went out before the client closed the connection (or all of them).
    public var oversizedBytesSent: [Int] { engine.state.withLock { $0.oversizedSent } }

    /// Stops listening. Connections being answered finish on their own. Calling it again, or
    /// letting the server go afterwards, does nothing more.
    public func stop() {
        engine.stop()
    }

    /// Decodes a query component as a servlet container does: `+` is a space, `%XX` a byte.
    static func formDecode(_ text: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < source.count,
                      let high = HexDigit.value(source[index + 1]), let low = HexDigit.value(source[index + 2]) {
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The content type of KMA's JSON answers.
    static let json = RecordedRunPages.contentType

    /// Everything the server's threads need, and nothing that holds the server.
    private final class Engine: Sendable {
        typealias RunKey = RecordedRunPages.Key

        struct InjectedFault {
            var match: ReplayMatch
            var fault: ReplayFault
            var remaining: Int
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
            if wasRunning { shutdown(listener, Int32(SHUT_RDWR)) }
        }

        // MARK: Connections

        /// Accepts until stopped. A failed `accept` never ends the loop by itself: a client
        /// that gave up (ECONNABORTED, EPROTO) or a signal (EINTR) is skipped at once, and a
        /// shortage of descriptors or buffers (EMFILE, ENFILE, ENOBUFS, ENOMEM), or anything
        /// unexpected, waits 10 ms for connections to close, rather than spinning.
        func acceptLoop() {
            defer { close(listener) }
            while true {
                let connection = accept(listener, nil, nil)
                let code = errno
                if state.withLock({ $0.stopped }) {
                    if connection >= 0 { close(connection) }
                    return
                }
                guard connection >= 0 else {
                    if code != EINTR && code != ECONNABORTED && code != EPROTO { usleep(10_000) }
                    continue
                }
                // A thread per connection, not a dispatch queue: a delayed answer sleeps, and
                // sleeping blocks would starve the shared worker pool of every other server.
                // Arrival is when the connection is accepted (a gateway counts at its edge),
                // before a thread is started for it, so the count does not include the
                // time it takes this server to start one.
                let accepted = DispatchTime.now().uptimeNanoseconds
                SocketOptions.noSignalOnWrite(connection)
                Thread.detachNewThread { [self] in handle(connection, acceptedAt: accepted) }
            }
        }

        private func handle(_ connection: Int32, acceptedAt arrival: UInt64) {
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            guard let request = readRequest(connection) else {
                close(connection)
                return
            }
            let gate = state.withLock { state -> Gate in
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
            switch gate {
            case .refuse(let refusal):
                state.withLock { $0.requests.append(request) }
                switch refusal {
                case .code23:
                    let xml = "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR</returnAuthMsg><returnReasonCode>23</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"
                    reply(connection, HTTPAnswer(status: 200, contentType: "text/xml;charset=UTF-8", body: Array(xml.utf8)))
                case .http429:
                    reply(connection, HTTPAnswer(status: 429, contentType: "text/plain", body: Array("Too Many Requests".utf8), headers: ["Retry-After": "1"]))
                }
                close(connection)
                return
            case .pass(let gatewayLatency):
                // The stand-in gateway's latency, or one set for the operation (`setLatency`).
                let latency = max(gatewayLatency, state.withLock { $0.latencies[request.operation] } ?? 0)
                if latency > 0 { usleep(useconds_t(latency) * 1000) }
            }
            let fault = state.withLock { state -> ReplayFault? in
                state.requests.append(request)
                guard let position = state.faults.firstIndex(where: { $0.remaining > 0 && $0.match.matches(request) }) else { return nil }
                state.faults[position].remaining -= 1
                return state.faults[position].fault
            }
            switch fault {
            case .delay(let milliseconds)?:
                usleep(useconds_t(milliseconds) * 1000)
                reply(connection, answer(request, alteration: nil))
                close(connection)
            case .reset?:
                var linger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
                close(connection)
            case .truncate(let keeping)?:
                let response = answer(request, alteration: nil)
                reply(connection, HTTPAnswer(head: response.head, body: Array(response.body.prefix(keeping))))
                close(connection)
            case .status(let code, let body, let contentType, let headers)?:
                reply(connection, HTTPAnswer(status: code, contentType: contentType, body: Array(body.utf8), headers: headers))
                close(connection)
            case .body(let body, let contentType)?:
                reply(connection, HTTPAnswer(status: 200, contentType: contentType, body: Array(body.utf8)))
                close(connection)
            case .noData?:
                reply(connection, HTTPAnswer(status: 200, contentType: ReplayServer.json, body: noDataBody))
                close(connection)
            case .redirect(let code, let origin)?:
                let target = origin + request.path + (request.rawQuery.isEmpty ? "" : "?" + request.rawQuery)
                reply(connection, HTTPAnswer(status: code, contentType: "text/html", body: Array("<html>moved</html>".utf8), headers: ["Location": target]))
                close(connection)
            case .raw(let bytes)?:
                _ = sendAll(connection, bytes)
                close(connection)
            case .oversized(let total, let chunked)?:
                let sent = sendOversized(connection, total: total, chunked: chunked)
                state.withLock { $0.oversizedSent.append(sent) }
                close(connection)
            case .gzipBomb(let inflated, let chunked)?:
                let sent = sendGzipBomb(connection, inflatedBytes: inflated, chunked: chunked)
                state.withLock { $0.oversizedSent.append(sent) }
                close(connection)
            case .dropItems, .totalCountOffset, .relabelItems, .relabelBase, nil:
                reply(connection, answer(request, alteration: fault))
                close(connection)
            }
        }

        /// Reads the request head (GET requests have no body).
        private func readRequest(_ connection: Int32) -> RecordedRequest? {
            var buffer: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            let end = Array("\r\n\r\n".utf8)
            while ByteSearch.firstIndex(of: end, in: buffer, from: buffer.count - 4096 - 4) == nil {
                let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                if count < 0, errno == EINTR { continue }
                guard count > 0, buffer.count < 65_536 else { return nil }
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

        // MARK: Answers

        /// The normal answer to a request, with a content fault applied.
        private func answer(_ request: RecordedRequest, alteration: ReplayFault?) -> HTTPAnswer {
            if request.operation.hasPrefix("nph-dfs_") { return fieldAnswer(request) }
            let operations = ["getVilageFcst", "getUltraSrtFcst", "getUltraSrtNcst", "getFcstVersion", "getMidTa", "getMidLandFcst", "getMidFcst"]
            guard request.method == "GET", operations.contains(request.operation) else {
                return HTTPAnswer(status: 404, contentType: "text/html", body: Array("<html><head><title>404 Not Found</title></head></html>".utf8))
            }
            let key = request.parameters["serviceKey"] ?? request.parameters["authKey"]
            if let expectedKey, key != expectedKey {
                let xml = "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg><returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"
                return HTTPAnswer(status: 200, contentType: "text/xml;charset=UTF-8", body: Array(xml.utf8))
            }
            let parameters = request.parameters
            if request.operation == "getFcstVersion" { return versionAnswer(parameters) }
            if request.operation.hasPrefix("getMid") {
                let key = MidTermKey(operation: request.operation, regionID: parameters["regId"] ?? parameters["stnId"] ?? "", tmFc: parameters["tmFc"] ?? "")
                return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: state.withLock { $0.midTerm[key] } ?? noDataBody)
            }
            // The routing, paging and NO_DATA rule the sample forecast's transport uses too.
            guard case .page(let runKey, let pageNo, let numOfRows) = RecordedRunPages.route(operation: request.operation, parameters: parameters) else {
                return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: RecordedRunPages.missingParametersBody)
            }
            let found = state.withLock { state -> RecordedRun? in
                if let run = state.runs[runKey] { return run }
                return state.templates[BaseKey(operation: request.operation, baseDate: runKey.baseDate, baseTime: runKey.baseTime)]
            }
            let synthesized = found.map { $0.nx == runKey.nx && $0.ny == runKey.ny ? $0 : $0.relabelled(nx: runKey.nx, ny: runKey.ny) }
            guard let run = synthesized, let slice = RecordedRunPages.slice(count: run.items.count, pageNo: pageNo, numOfRows: numOfRows) else {
                return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: noDataBody)
            }
            var items = Array(run.items[slice])
            var totalCount = run.items.count
            switch alteration {
            case .dropItems(let count)?: items.removeLast(min(count, items.count))
            case .totalCountOffset(let offset)?: totalCount += offset
            case .relabelItems(let nx, let ny)?:
                items = items.map { RecordedJSON.replacingNumber("ny", with: ny, in: RecordedJSON.replacingNumber("nx", with: nx, in: $0)) }
            case .relabelBase(let baseDate, let baseTime)?:
                items = items.map { RecordedJSON.relabellingBase(baseDate: baseDate, baseTime: baseTime, in: $0) }
            default: break
            }
            let body = RecordedRunPages.page(items, pageNo: pageNo, numOfRows: numOfRows, totalCount: totalCount)
            return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: body)
        }

        /// The answer to a grid-field request (see ``ReplayServer/addField(_:operation:tmfc:tmef:variable:)``).
        private func fieldAnswer(_ request: RecordedRequest) -> HTTPAnswer {
            let text = "text/plain;charset=UTF-8"
            guard request.method == "GET" else { return HTTPAnswer(status: 405, contentType: text, body: []) }
            if let expectedKey, request.parameters["authKey"] != expectedKey {
                let body = #"{"result":{"status":401,"message":"인증키가 유효하지 않습니다. (stand-in answer)"}}"#
                return HTTPAnswer(status: 401, contentType: ReplayServer.json, body: Array(body.utf8))
            }
            let parameters = request.parameters
            let variables = (parameters["vars"] ?? "").split(separator: ",").map(String.init)
            let key = FieldKey(operation: request.operation, tmfc: parameters["tmfc"] ?? "", tmef: parameters["tmef"], variable: variables.first ?? "")
            guard let body = state.withLock({ $0.fields[key] }) else {
                return HTTPAnswer(status: 200, contentType: text, body: Array("# input variable error (-1)\n".utf8))
            }
            guard variables.count == 1 else {
                // Several variables: API Hub answers mostly -99.
                let missing = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
                    line.isEmpty ? "" : line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { _ in "-99.00" }.joined(separator: ",")
                }.joined(separator: "\n")
                return HTTPAnswer(status: 200, contentType: text, body: Array(missing.utf8))
            }
            return HTTPAnswer(status: 200, contentType: text, body: body)
        }

        /// The answer to `getFcstVersion`.
        private func versionAnswer(_ parameters: [String: String]) -> HTTPAnswer {
            func header(_ code: String, _ message: String) -> HTTPAnswer {
                let body = #"{"response":{"header":{"resultCode":"\#(code)","resultMsg":"\#(message)"}}}"#
                return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: Array(body.utf8))
            }
            guard let ftype = parameters["ftype"], let baseDateTime = parameters["basedatetime"] else {
                return header("11", "NO_MANDATORY_REQUEST_PARAMETERS_ERROR")
            }
            guard let operation = ["ODAM": "getUltraSrtNcst", "VSRT": "getUltraSrtFcst", "SHRT": "getVilageFcst"][ftype] else {
                return header("10", "INVALID_REQUEST_PARAMETER_ERROR")
            }
            let found = state.withLock { state -> SetVersion? in
                if let set = state.versions[VersionKey(ftype: ftype, baseDateTime: baseDateTime)] { return set }
                guard state.runs.keys.contains(where: { $0.operation == operation && $0.baseDate + $0.baseTime == baseDateTime })
                    || state.templates.keys.contains(where: { $0.operation == operation && $0.baseDate + $0.baseTime == baseDateTime }) else {
                    return nil
                }
                return SetVersion(text: baseDateTime + "00", asList: false)
            }
            guard let found else { return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: noDataBody) }
            let item = #"{"filetype":"\#(ftype)","version":"\#(found.text)"}"#
            let body = #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":"#
                + (found.asList ? "[" + item + "]" : item)
                + #"},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#
            return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: Array(body.utf8))
        }

        private func reply(_ connection: Int32, _ answer: HTTPAnswer) {
            _ = sendAll(connection, answer.head + answer.body)
        }

        /// Sends all of `bytes`; `false` when the peer went away first.
        private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes.withUnsafeBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    return send(connection, base + offset, raw.count - offset, SocketOptions.sendFlags)
                }
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }

        /// Sends a 200 gzip bomb (``GzipBomb``) until done or the peer closes; returns the
        /// compressed body bytes sent.
        private func sendGzipBomb(_ connection: Int32, inflatedBytes: Int, chunked: Bool) -> Int {
            let body = GzipBomb.bytes(inflatedBytes: inflatedBytes)
            var head = "HTTP/1.1 200 OK\r\nContent-Type: \(ReplayServer.json)\r\nContent-Encoding: gzip\r\nConnection: close\r\n"
            head += chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(body.count)\r\n\r\n"
            guard sendAll(connection, Array(head.utf8)) else { return 0 }
            var sent = 0
            while sent < body.count {
                var piece = Array(body[sent..<min(body.count, sent + 65_536)])
                let count = piece.count
                if chunked { piece = Array((String(count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8) }
                guard sendAll(connection, piece) else { return sent }
                sent += count
            }
            if chunked { _ = sendAll(connection, Array("0\r\n\r\n".utf8)) }
            return sent
        }

        /// Sends a 200 answer with a `total`-byte body until done or the peer closes; returns
        /// the body bytes sent.
        private func sendOversized(_ connection: Int32, total: Int, chunked: Bool) -> Int {
            var head = "HTTP/1.1 200 OK\r\nContent-Type: \(ReplayServer.json)\r\nConnection: close\r\n"
            head += chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(total)\r\n\r\n"
            guard sendAll(connection, Array(head.utf8)) else { return 0 }
            let chunkSize = 65_536
            let spaces = [UInt8](repeating: UInt8(ascii: " "), count: chunkSize)
            var sent = 0
            while sent < total {
                let count = min(chunkSize, total - sent)
                var piece = Array(spaces[0..<count])
                if sent == 0 { piece.replaceSubrange(0..<min(12, count), with: Array(#"{"response":"#.utf8).prefix(count)) }
                if chunked { piece = Array((String(count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8) }
                guard sendAll(connection, piece) else { return sent }
                sent += count
                // At most about 128 MB/s, a fast real link: corelibs' `cancel()` waits for its
                // work queue, which a loopback sender faster than the client keeps busy.
                usleep(500)
            }
            if chunked { _ = sendAll(connection, Array("0\r\n\r\n".utf8)) }
            return sent
        }
    }
}

/// An HTTP/1.1 answer: the head (status line and headers) and the body.
struct HTTPAnswer {
    var head: [UInt8]
    var body: [UInt8]

    init(status: Int, contentType: String, body: [UInt8], headers: [String: String] = [:]) {
        self.init(head: Self.head(status: status, contentType: contentType, length: body.count, headers: headers), body: body)
    }

    /// An answer whose head may declare a different length than the body has (truncation).
    init(head: [UInt8], body: [UInt8]) {
        self.head = head
        self.body = body
    }

    static func head(status: Int, contentType: String, length: Int, headers: [String: String]) -> [UInt8] {
        let reason: String = switch status {
        case 200: "OK"
        case 302: "Found"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
        var text = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(contentType)\r\nContent-Length: \(length)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }
}

/// Why the replay server could not start.
public enum ReplayServerError: Error, CustomStringConvertible {
    /// A socket call failed with this `errno`.
    case socket(String, Int32)
    /// A fixture the server needs could not be read.
    case fixture(String)

    /// What failed.
    public var description: String {
        switch self {
        case .socket(let call, let code): "replay server: \(call) failed with errno \(code)"
        case .fixture(let path): "replay server: cannot read Fixtures/\(path)"
        }
    }
}
