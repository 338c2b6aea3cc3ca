/// How long the client waits and how many connections it keeps: the same for every command.
public struct RedisOptions: Sendable, Hashable {
    /// The longest wait for a connection to be made (> 0; default 2 s). A server that is down
    /// refuses at once; this bounds a host that drops the packets.
    public var connectTimeout: Duration
    /// The longest wait for one exchange, from the first byte sent to the last reply read
    /// (> 0; default 2 s). A server that hangs (paused, overloaded) fails the call with
    /// `.replyTimedOut` after this, never later.
    public var commandTimeout: Duration
    /// The most connections open at once (≥ 1; default 8): more concurrent calls wait for one.
    public var maximumConnections: Int
    /// How much of a reply is accepted (``RESPLimits``).
    public var limits: RESPLimits

    /// Options; every argument has its default.
    public init(
        connectTimeout: Duration = .seconds(2), commandTimeout: Duration = .seconds(2),
        maximumConnections: Int = 8, limits: RESPLimits = RESPLimits()
    ) {
        self.connectTimeout = connectTimeout > .zero ? connectTimeout : .seconds(2)
        self.commandTimeout = commandTimeout > .zero ? commandTimeout : .seconds(2)
        self.maximumConnections = max(1, maximumConnections)
        self.limits = limits
    }
}
