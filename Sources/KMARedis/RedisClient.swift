/// A Redis client over its own RESP implementation and a few pooled TCP connections: the
/// commands the shared cache, locks, rate budget and quota need, and any other command as a
/// ``RedisCommand``. Connects lazily (the first call), reconnects after the server restarts,
/// and bounds every call by ``RedisOptions``' timeouts.
///
/// ```swift
/// let redis = try RedisClient(url: "redis://127.0.0.1:6379/0")
/// try await redis.set(Array("hello".utf8), forKey: "greeting", expiringAfter: .seconds(60))
/// let value = try await redis.get("greeting")   // [104, 101, 108, 108, 111]
/// ```
///
/// Every method throws ``RedisError``; ``RedisError/isUnavailable`` tells an outage from a
/// misuse. Values are bytes and never appear in a message.
public final class RedisClient: Sendable {
    /// The server, `host:port`.
    public var endpoint: String { pool.url.endpoint }
    private let pool: RedisConnectionPool

    /// A client for the server at `url` (`redis://[[user]:password@]host[:port][/db]`); no
    /// connection is made until the first call.
    ///
    /// - Throws: ``RedisError`` (`.invalidURL`) when the URL does not parse.
    public init(url: String, options: RedisOptions = RedisOptions()) throws(RedisError) {
        pool = RedisConnectionPool(url: try RedisURL(url), options: options)
    }

    // MARK: - Any command

    /// Sends `commands` in one write (a pipeline) and returns their replies in order, error
    /// replies included as ``RESPValue/error(_:)``.
    ///
    /// - Throws: ``RedisError`` when the exchange itself fails (connection, timeout, protocol).
    public func pipeline(_ commands: [RedisCommand]) async throws -> [RESPValue] {
        guard !commands.isEmpty else { return [] }
        let timeout = pool.options.commandTimeout
        return try await pool.withConnection { connection in
            try connection.exchange(commands, timeout: timeout)
        }
    }

    /// Sends one command and returns its reply.
    ///
    /// - Throws: ``RedisError``: `.serverError` for an error reply, and as ``pipeline(_:)``.
    @discardableResult
    public func send(_ command: RedisCommand) async throws -> RESPValue {
        let replies = try await pipeline([command])
        guard let reply = replies.first else { throw unexpected(command.name, .null) }
        if case .error(let message) = reply { throw RedisError(endpoint: endpoint, .serverError(command: command.name, message: message)) }
        return reply
    }

    // MARK: - The commands

    /// `PING`: returns when the server answered `PONG`; throws when it cannot be reached.
    public func ping() async throws {
        let reply = try await send(RedisCommand("PING"))
        guard case .simpleString("PONG") = reply else { throw unexpected("PING", reply) }
    }

    /// `GET`: the value stored at `key`, or `nil` when there is none.
    public func get(_ key: String) async throws -> [UInt8]? {
        switch try await send(RedisCommand("GET", key)) {
        case .bulkString(let bytes): return bytes
        case .null: return nil
        case let reply: throw unexpected("GET", reply)
        }
    }

    /// `SET key value PX <ms> [NX]`: stores `value` for `expiringAfter` (rounded up to a whole
    /// millisecond, at least 1 ms).
    ///
    /// - Parameter onlyIfAbsent: `NX`: store only when the key holds nothing.
    /// - Returns: whether the value was stored (always, unless `onlyIfAbsent` and the key was
    ///   taken).
    /// - Throws: ``RedisError``: `.invalidArgument` for a duration that is not positive,
    ///   `.valueTooLong` for a value longer than the client reads back.
    @discardableResult
    public func set(_ value: [UInt8], forKey key: String, expiringAfter: Duration, onlyIfAbsent: Bool = false) async throws -> Bool {
        let limit = pool.options.limits.maximumBulkLength
        guard value.count <= limit else { throw RedisError(endpoint: endpoint, .valueTooLong(length: value.count, limit: limit)) }
        let milliseconds = try Self.milliseconds(expiringAfter, what: "the time to live")
        var command = RedisCommand("SET", key, value, "PX", milliseconds)
        if onlyIfAbsent { command.arguments.append(Array("NX".utf8)) }
        switch try await send(command) {
        case .simpleString("OK"): return true
        case .null: return false
        case let reply: throw unexpected("SET", reply)
        }
    }

    /// `DEL`: removes `keys`; returns how many existed.
    @discardableResult
    public func delete(_ keys: String...) async throws -> Int {
        try await integer(RedisCommand(arguments: [Array("DEL".utf8)] + keys.map(\.redisBytes)))
    }

    /// `INCR`: adds 1 to the counter at `key` (0 when absent) and returns the new count.
    public func increment(_ key: String) async throws -> Int {
        try await integer(RedisCommand("INCR", key))
    }

    /// `PEXPIRE`: makes `key` expire after `duration` (rounded up to a whole millisecond);
    /// returns whether the key existed.
    @discardableResult
    public func expire(_ key: String, after duration: Duration) async throws -> Bool {
        try await integer(RedisCommand("PEXPIRE", key, try Self.milliseconds(duration, what: "the expiry"))) == 1
    }

    /// Runs a Lua script: `EVALSHA` by its SHA-1 (the script's text is not sent again), and
    /// `EVAL` with its text when the server does not know it yet (`NOSCRIPT`: a new or
    /// restarted server, or one whose scripts were flushed), which also caches it there.
    ///
    /// - Returns: the script's reply.
    public func evaluate(_ script: RedisScript, keys: [String], arguments: [any RedisArgument]) async throws -> RESPValue {
        let tail: [[UInt8]] = [keys.count.redisBytes] + keys.map(\.redisBytes) + arguments.map(\.redisBytes)
        let byName = RedisCommand(arguments: [Array("EVALSHA".utf8), Array(script.sha1.utf8)] + tail)
        let reply = try await pipeline([byName])[0]
        guard case .error(let message) = reply, message.hasPrefix("NOSCRIPT") else {
            if case .error(let message) = reply { throw RedisError(endpoint: endpoint, .serverError(command: "EVALSHA", message: message)) }
            return reply
        }
        return try await send(RedisCommand(arguments: [Array("EVAL".utf8), Array(script.source.utf8)] + tail))
    }

    /// Closes the idle connections (a server shutting down calls this; the client stays
    /// usable and connects again on the next call).
    public func closeIdleConnections() {
        pool.closeIdle()
    }

    // MARK: - Helpers

    private func integer(_ command: RedisCommand) async throws -> Int {
        let reply = try await send(command)
        guard case .integer(let value) = reply, let result = Int(exactly: value) else { throw unexpected(command.name, reply) }
        return result
    }

    func unexpected(_ command: String, _ reply: RESPValue) -> RedisError {
        RedisError(endpoint: endpoint, .unexpectedReply(command: command, kind: reply.kind))
    }

    /// A duration in whole milliseconds, rounded up; at least 1.
    static func milliseconds(_ duration: Duration, what: String) throws(RedisError) -> Int64 {
        guard duration > .zero else { throw RedisError(endpoint: "", .invalidArgument("\(what) must be positive")) }
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        guard !overflow, whole < Int64.max / 2 else { throw RedisError(endpoint: "", .invalidArgument("\(what) is too long")) }
        return max(1, whole + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
