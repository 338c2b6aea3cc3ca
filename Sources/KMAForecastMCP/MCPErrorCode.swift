/// The error codes the server answers with: JSON-RPC 2.0's and the Model Context Protocol's.
/// Each names when it is sent; a tool's own failure is never one of these (it is a result with
/// `isError: true`, so the model can act on it).
enum MCPErrorCode: Int, Sendable, CaseIterable {
    /// -32700: the line is not JSON (or is longer than the server reads, or not UTF-8).
    case parseError = -32700
    /// -32600: JSON, but not a request: a batch, no `"jsonrpc":"2.0"`, no method, an `id`
    /// that is neither a string nor a number.
    case invalidRequest = -32600
    /// -32601: a method the server does not serve.
    case methodNotFound = -32601
    /// -32602: `params` not an object, `_meta` incomplete, an unknown tool or cursor.
    case invalidParams = -32602
    /// -32022: a protocol version the server does not speak (2026-07-28's `_meta`); the
    /// error's `data` lists the supported ones.
    case unsupportedProtocolVersion = -32022
    /// -31001: a `tools/call` past the most calls in flight (32): the message says to wait
    /// for a reply or cancel a call, then send it again; `data.maximumCallsInFlight` is the
    /// limit. An application code, outside the ranges JSON-RPC and the protocol reserve
    /// (-32768 to -32000).
    case tooManyCallsInFlight = -31001
}
