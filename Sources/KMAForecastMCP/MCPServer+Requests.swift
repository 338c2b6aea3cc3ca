import KMAForecast

extension MCPServer {
    /// Answers one request (an `id` was given): the era from its `_meta`, then the method.
    func request(_ method: String, id: JSONValue, params: JSONValue) {
        guard let era = era(of: method, id: id, params: params) else { return }
        switch MCPMethod(rawValue: method) {
        case .initialize:
            let requested = params["protocolVersion"]?.stringValue
            let version = requested.flatMap { Self.legacyVersions.contains($0) ? $0 : nil } ?? Self.legacyVersions[0]
            state.withLock { $0.initializedVersion = version }
            sendResult(id: id, MCPResults.initialize(version: version, serverInfo: serverInfo, instructions: Self.instructions))
        case .serverDiscover:
            sendResult(id: id, MCPResults.discover(serverInfo: serverInfo, instructions: Self.instructions))
        case .ping:
            sendResult(id: id, MCPResults.empty(era))
        case .toolsList:
            if let cursor = params["cursor"], cursor != .null {
                sendError(id: id, code: .invalidParams, message: "Invalid params: unknown cursor \(cursor.text); the tool list is one page, ask without a cursor")
                return
            }
            // The largest reply, the same every time: its text is made once per era.
            send(#"{"jsonrpc":"2.0","id":"# + id.text + #","result":"# + (era == .modern ? MCPResults.modernToolsList : MCPResults.legacyToolsList) + "}")
        case .toolsCall:
            call(id: id, params: params, era: era)
        case nil:
            sendError(id: id, code: .methodNotFound, message: "Method not found: \(method)")
        }
    }

    /// The era of a request, or `nil` after answering an error: modern when its `_meta` names
    /// the modern version (with the client's capabilities); `server/discover` is modern only.
    private func era(of method: String, id: JSONValue, params: JSONValue) -> MCPEra? {
        let meta = params["_meta"]
        guard let version = meta?[Self.versionKey] else {
            guard method != MCPMethod.serverDiscover.rawValue else {
                sendError(id: id, code: .invalidParams, message: "Invalid params: server/discover needs _meta[\"\(Self.versionKey)\"] and _meta[\"\(Self.capabilitiesKey)\"] (protocol version \(Self.modernVersion))")
                return nil
            }
            return .legacy
        }
        guard let text = version.stringValue else {
            sendError(id: id, code: .invalidParams, message: "Invalid params: _meta[\"\(Self.versionKey)\"] must be a string")
            return nil
        }
        guard text == Self.modernVersion else {
            sendError(
                id: id, code: .unsupportedProtocolVersion, message: "Unsupported protocol version \(text); this server supports \(Self.modernVersion) (stateless) and, with initialize, \(Self.legacyVersions.joined(separator: ", "))",
                data: .object([("supported", .array([.string(Self.modernVersion)])), ("requested", version)])
            )
            return nil
        }
        guard meta?[Self.capabilitiesKey]?.isObject == true else {
            sendError(id: id, code: .invalidParams, message: "Invalid params: _meta[\"\(Self.capabilitiesKey)\"] (an object) is required with protocol version \(Self.modernVersion)")
            return nil
        }
        return .modern
    }
}

/// The results of the methods other than `tools/call`, in the shape each era expects.
enum MCPResults {
    /// `initialize` (legacy): the version agreed, tools only, who the server is, how to use it.
    static func initialize(version: String, serverInfo: JSONValue, instructions: String) -> JSONValue {
        .object([
            ("protocolVersion", .string(version)),
            ("capabilities", .object([("tools", .object([]))])),
            ("serverInfo", serverInfo),
            ("instructions", .string(instructions)),
        ])
    }

    /// `server/discover` (modern): the versions, tools only, cacheable for an hour by anyone.
    static func discover(serverInfo: JSONValue, instructions: String) -> JSONValue {
        .object([
            ("resultType", .string("complete")),
            ("supportedVersions", .array([.string(MCPServer.modernVersion)])),
            ("capabilities", .object([("tools", .object([]))])),
            ("ttlMs", .number(3_600_000)),
            ("cacheScope", .string("public")),
            ("instructions", .string(instructions)),
            ("_meta", .object([(MCPServer.serverInfoKey, serverInfo)])),
        ])
    }

    /// The text of `tools/list`'s result in each era (the tools never change while the
    /// process lives).
    static let legacyToolsList = toolsList(MCPTools.definitions, era: .legacy).text
    static let modernToolsList = toolsList(MCPTools.definitions, era: .modern).text

    /// `tools/list`: the tools; in the modern era with `resultType`, `ttlMs` and `cacheScope`.
    static func toolsList(_ tools: [JSONValue], era: MCPEra) -> JSONValue {
        let list: [(String, JSONValue)] = [("tools", .array(tools))]
        guard era == .modern else { return .object(list) }
        return .object([("resultType", .string("complete"))] + list + [("ttlMs", .number(3_600_000)), ("cacheScope", .string("public"))])
    }

    /// An empty result (`ping`): `{}`, or `{"resultType":"complete"}` in the modern era.
    static func empty(_ era: MCPEra) -> JSONValue {
        era == .modern ? .object([("resultType", .string("complete"))]) : .object([])
    }

    /// A finished call's result, with `resultType` first in the modern era.
    static func call(_ outcome: MCPTools.Outcome, era: MCPEra) -> JSONValue {
        let result = outcome.json
        guard era == .modern else { return result }
        return .object([("resultType", .string("complete"))] + (result.objectValue ?? []))
    }

    /// A `notifications/progress` message for `token`.
    static func progress(token: JSONValue, done: Int, total: Int, message: String) -> JSONValue {
        .object([
            ("jsonrpc", .string("2.0")), ("method", .string(MCPNotification.progress.rawValue)),
            ("params", .object([
                ("progressToken", token), ("progress", .number(done)), ("total", .number(total)), ("message", .string(message)),
            ])),
        ])
    }
}
