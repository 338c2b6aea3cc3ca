/// What the shared rate budget said to one request (``RedisCoordinator/reserve(operation:limitPerSecond:)``).
public enum RequestReservation: Sendable, Hashable {
    /// The request may go now; its slot was taken at this instant of the Redis server's clock,
    /// in microseconds since 1970-01-01 00:00 UTC (what the window counts).
    case granted(atMicroseconds: Int64)
    /// The window is full: ask again after this long (> 0; until the oldest slot in the
    /// window leaves it).
    case retry(after: Duration)
}
