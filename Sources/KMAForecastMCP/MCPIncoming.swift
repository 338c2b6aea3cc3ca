import KMAForecast

/// One line of input read: what it asks of the server. Reading is apart from serving so the
/// intake can apply a notification at once while it holds requests back (backpressure).
enum MCPIncoming: Sendable {
    /// Nothing to do: a blank line, or a response from the client (the server asks nothing).
    case nothing
    /// A notification (no `id`): applied at once, whatever the output's state; never answered.
    case notification(method: String, params: JSONValue?)
    /// A malformed message, answered with this error.
    case invalid(id: JSONValue, code: MCPErrorCode, message: String)
    /// A request, answered once (`params` an object, `{}` when absent).
    case request(method: String, id: JSONValue, params: JSONValue)

    /// The answer to a line longer than ``MCPLineReader/maximumLineLength``, which was skipped.
    static let tooLong = MCPIncoming.invalid(
        id: .null, code: .parseError,
        message: "Parse error: a line longer than \(MCPLineReader.maximumLineLength >> 20) MB was skipped; send one JSON-RPC message per line, under that size"
    )

    /// Whether the message gets a reply (a request or a malformed message).
    var isAnswered: Bool {
        switch self {
        case .nothing, .notification: false
        case .invalid, .request: true
        }
    }

    /// The text of the id of a `tools/call`, the key `notifications/cancelled` names it by.
    var callKey: String? {
        guard case .request(let method, let id, _) = self, method == MCPMethod.toolsCall.rawValue else { return nil }
        return id.text
    }

    /// Reads one line (without its newline): the JSON-RPC checks, -32700 for what is not
    /// JSON (or not UTF-8, or nested too deep), -32600 for what is not a request.
    static func read(_ line: [UInt8]) -> MCPIncoming {
        var bytes = line[...]
        while let last = bytes.last, [0x20, 0x09, 0x0D].contains(last) { bytes.removeLast() }
        while let first = bytes.first, [0x20, 0x09].contains(first) { bytes.removeFirst() }
        guard !bytes.isEmpty else { return .nothing }
        let message: JSONValue
        do {
            message = try JSONValue.read(Array(bytes))
        } catch {
            return .invalid(id: .null, code: .parseError, message: "Parse error: the line is not JSON (\(error)); send one JSON-RPC message per line, UTF-8")
        }
        guard case .object = message else {
            let what = message.arrayValue != nil ? "a batch (an array): batches are not supported since 2025-06-18; send one message per line" : "not a JSON object"
            return .invalid(id: .null, code: .invalidRequest, message: "Invalid Request: \(what)")
        }
        let id = message["id"]
        let validID: JSONValue? = {
            switch id {
            case .string?, .number?: id
            default: nil
            }
        }()
        guard message["jsonrpc"]?.stringValue == "2.0" else {
            return .invalid(id: validID ?? .null, code: .invalidRequest, message: "Invalid Request: \"jsonrpc\" must be \"2.0\"")
        }
        guard let method = message["method"]?.stringValue else {
            // A response from the client (to nothing we asked: the server sends no requests): ignored.
            if message["result"] != nil || message["error"] != nil { return .nothing }
            return .invalid(id: validID ?? .null, code: .invalidRequest, message: "Invalid Request: no \"method\"")
        }
        let params = message["params"]
        if let params, !params.isObject {
            guard let validID else { return .nothing }
            return .invalid(id: validID, code: .invalidParams, message: "Invalid params: \"params\" must be an object")
        }
        guard id != nil else { return .notification(method: method, params: params) }
        guard let validID else {
            return .invalid(id: .null, code: .invalidRequest, message: "Invalid Request: \"id\" must be a string or a number")
        }
        return .request(method: method, id: validID, params: params ?? .object([]))
    }
}
