/// The requests the server answers, by their method names.
enum MCPMethod: String, Sendable, CaseIterable {
    /// Legacy (2025-11-25 and before): the handshake; the version is echoed when supported.
    case initialize
    /// Both eras: answered `{}` (or `{"resultType":"complete"}` in 2026-07-28).
    case ping
    /// 2026-07-28: what the server is and speaks, without a handshake.
    case serverDiscover = "server/discover"
    /// Both eras: the tools (``MCPTools/definitions``).
    case toolsList = "tools/list"
    /// Both eras: runs one tool as a task of its own.
    case toolsCall = "tools/call"
}

/// The notifications the server reads or sends, by their method names.
enum MCPNotification: String, Sendable, CaseIterable {
    /// From the client after `initialize`: nothing to do.
    case initialized = "notifications/initialized"
    /// From the client: stop the call `requestId` and send no reply for it.
    case cancelled = "notifications/cancelled"
    /// From the server: progress of a call that asked for it with a `progressToken`.
    case progress = "notifications/progress"
}

/// The era of the protocol a request speaks: modern when its `_meta` names a protocol version.
enum MCPEra: Sendable {
    /// 2025-11-25 and before: `initialize`, no `resultType`.
    case legacy
    /// 2026-07-28: stateless, `resultType` on every result.
    case modern
}
