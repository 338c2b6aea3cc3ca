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

    struct Call {
        var task: Task<Void, Never>?
    }

    struct State {
        /// Calls in flight by the text of their id.
        var calls: [String: Call] = [:]
        /// Whether a legacy `initialize` was answered (informational: requests before it are served).
        var initializedVersion: String?
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

    /// Cancels every call in flight (at end of input); their replies are not sent.
    func cancelAll() {
        let tasks = state.withLock { state -> [Task<Void, Never>] in
            let tasks = state.calls.values.compactMap(\.task)
            state.calls.removeAll()
            return tasks
        }
        for task in tasks { task.cancel() }
    }

    /// Waits until no call is in flight (tests).
    func waitUntilIdle() async {
        while callsInFlight > 0 { try? await Task.sleep(for: .milliseconds(5)) }
    }

    // MARK: Messages in

    /// Handles one line of input (without its newline).
    func receive(_ line: [UInt8]) {
        var bytes = line[...]
        while let last = bytes.last, [0x20, 0x09, 0x0D].contains(last) { bytes.removeLast() }
        while let first = bytes.first, [0x20, 0x09].contains(first) { bytes.removeFirst() }
        guard !bytes.isEmpty else { return }
        let message: JSONValue
        do {
            message = try JSONValue.read(Array(bytes))
        } catch {
            sendError(id: .null, code: .parseError, message: "Parse error: the line is not JSON (\(error)); send one JSON-RPC message per line, UTF-8")
            return
        }
        guard case .object = message else {
            let what = message.arrayValue != nil ? "a batch (an array): batches are not supported since 2025-06-18; send one message per line" : "not a JSON object"
            sendError(id: .null, code: .invalidRequest, message: "Invalid Request: \(what)")
            return
        }
        let id = message["id"]
        let validID: JSONValue? = {
            switch id {
            case .string?, .number?: id
            default: nil
            }
        }()
        guard message["jsonrpc"]?.stringValue == "2.0" else {
            sendError(id: validID ?? .null, code: .invalidRequest, message: "Invalid Request: \"jsonrpc\" must be \"2.0\"")
            return
        }
        guard let method = message["method"]?.stringValue else {
            // A response from the client (to nothing we asked: the server sends no requests): ignored.
            if message["result"] != nil || message["error"] != nil { return }
            sendError(id: validID ?? .null, code: .invalidRequest, message: "Invalid Request: no \"method\"")
            return
        }
        let params = message["params"]
        if let params, !params.isObject {
            if let validID { sendError(id: validID, code: .invalidParams, message: "Invalid params: \"params\" must be an object") }
            return
        }
        guard id != nil else {
            notification(method, params: params)
            return
        }
        guard let validID else {
            sendError(id: .null, code: .invalidRequest, message: "Invalid Request: \"id\" must be a string or a number")
            return
        }
        request(method, id: validID, params: params ?? .object([]))
    }

    private func notification(_ method: String, params: JSONValue?) {
        switch MCPNotification(rawValue: method) {
        case .cancelled:
            guard let requestID = params?["requestId"] else { return }
            let task = state.withLock { $0.calls.removeValue(forKey: requestID.text)?.task }
            if let task {
                task.cancel()
                log("cancelled request \(requestID.text)" + (params?["reason"]?.stringValue.map { ": \(PrintableText.safe($0))" } ?? ""))
            }
        default:
            // notifications/initialized, notifications/roots/list_changed …: nothing to do.
            break
        }
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
