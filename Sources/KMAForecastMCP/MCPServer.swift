import KMAForecast
import KMAForecastText
import _KMASystem

/// The protocol side of `kma-forecast mcp`: one JSON-RPC message in (a line of standard input),
/// the replies out through ``send`` (one line each), for both eras of the Model Context
/// Protocol:
/// - **2025-11-25 and before** (legacy): `initialize` (the requested version echoed when
///   supported, else the newest legacy one), `notifications/initialized`, `ping`.
/// - **2026-07-28** (stateless): `server/discover`; every request carries
///   `_meta["io.modelcontextprotocol/protocolVersion"]` and `…/clientCapabilities` (else -32602;
///   an unsupported version is -32022 with the supported list); every result has `resultType`,
///   `tools/list` has `ttlMs` and `cacheScope`.
///
/// `tools/list` and `tools/call` are served in both. A `tools/call` runs as a task of its own,
/// so `notifications/cancelled` can stop it (and no reply is sent for it), and several calls
/// run at once. Errors: -32700 for a line that is not JSON, -32600 for a message that is not a
/// request, -32601 for an unknown method, -32602 for bad params or an unknown tool. A tool's
/// own failure (a KMA error, an unknown place, a missing key) is a result with `isError: true`.
final class MCPServer: Sendable {
    /// The modern revision.
    static let modernVersion = "2026-07-28"
    /// The legacy revisions `initialize` accepts, newest first.
    static let legacyVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"

    /// What the server says about itself: name, title and ``version``.
    var serverInfo: JSONValue {
        .object([
            ("name", .string("kma-forecast")),
            ("title", .string("KMA forecast (기상청 단기·중기예보)")),
            ("version", .string(version)),
        ])
    }

    /// How a model should use the tools, sent with `initialize` and `server/discover`.
    static let instructions = """
        Weather forecasts for South Korea from the Korea Meteorological Administration (KMA, 기상청). \
        Call kma_forecast with a place name (Korean such as '해운대구' or '서울 종로구', or English such as 'Busan') \
        or coordinates for hourly weather and daily highs/lows; pass days: 11 for today and the ten days after. \
        Times are KST (+09:00); the server resolves 'today' and 'tomorrow' in KST. \
        A result with isError says what to do next (a fuller place name, or a key to set).
        """

    /// The most `tools/call` requests in flight at once; one more is refused at once with
    /// ``MCPErrorCode/tooManyCallsInFlight`` (the reader never stops for it).
    static let maximumCallsInFlight = 32

    /// How long a call in flight when the input ends (or started after it, from a request
    /// held by backpressure) may take to finish; then it is stopped and answered with an
    /// error result that says so.
    static let endOfInputGrace: Duration = .seconds(5)

    struct Call {
        var task: Task<Void, Never>?
        /// The request's id and era, to answer it if it is stopped at the end of input.
        var id: JSONValue
        var era: MCPEra
        /// The end-of-input deadline's task, once the input ended.
        var deadline: Task<Void, Never>?
    }

    struct State {
        /// Calls in flight by the text of their id.
        var calls: [String: Call] = [:]
        /// Whether a legacy `initialize` was answered (informational: requests before it are served).
        var initializedVersion: String?
        /// Once the input ended: how long each call in flight then (or started later) may
        /// still take; `nil` for no limit (whole input given at once, in tests).
        var endOfInput: Duration??
        /// Who waits for the last call to end (after the end of input).
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        /// Calls taken out of ``calls`` whose reply (or cancellation) is not yet handed to the
        /// output: the server is idle only when this is 0 too, so the last replies are never
        /// left behind by an exit that another call's end let go (``claim(_:)``, ``callEnded()``).
        var ending = 0
    }

    let state = Locked(State())
    let tools: MCPTools
    /// The version the server reports (`serverInfo.version`): the tool's.
    let version: String
    /// Writes one message (a line without its newline).
    let send: @Sendable (String) -> Void
    /// Writes a diagnostic for people (standard error).
    let log: @Sendable (String) -> Void

    init(tools: MCPTools, version: String, send: @escaping @Sendable (String) -> Void, log: @escaping @Sendable (String) -> Void) {
        self.tools = tools
        self.version = version
        self.send = send
        self.log = log
    }

    /// The number of `tools/call` requests in flight.
    var callsInFlight: Int { state.withLock { $0.calls.count } }

    // MARK: Messages in

    /// Handles one message read: a notification, a request, or the error a malformed one gets.
    func handle(_ incoming: MCPIncoming) {
        switch incoming {
        case .nothing:
            break
        case .notification(let method, let params):
            notification(method, params: params)
        case .invalid(let id, let code, let message):
            sendError(id: id, code: code, message: message)
        case .request(let method, let id, let params):
            request(method, id: id, params: params)
        }
    }

    func notification(_ method: String, params: JSONValue?) {
        switch MCPNotification(rawValue: method) {
        case .cancelled:
            guard let requestID = params?["requestId"] else { return }
            let call = claim(requestID.text)
            if let call {
                call.task?.cancel()
                call.deadline?.cancel()
                logCancelled(requestID, params: params)
                callEnded()
            }
        default:
            // notifications/initialized, notifications/roots/list_changed …: nothing to do.
            break
        }
    }

    /// Says on the log that a request was cancelled, with the client's reason on one line.
    func logCancelled(_ requestID: JSONValue, params: JSONValue?, before: Bool = false) {
        let reason = params?["reason"]?.stringValue.map { ": \(PrintableText.singleLine($0))" } ?? ""
        log("cancelled request \(PrintableText.singleLine(requestID.text))" + (before ? " before it started" : "") + reason)
    }

    // MARK: Messages out

    func sendResult(id: JSONValue, _ result: JSONValue) {
        send(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).text)
    }

    func sendError(id: JSONValue, code: MCPErrorCode, message: String, data: JSONValue? = nil) {
        var error: [(String, JSONValue)] = [("code", .number(code.rawValue)), ("message", .string(message))]
        if let data { error.append(("data", data)) }
        send(JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object(error))]).text)
    }
}
