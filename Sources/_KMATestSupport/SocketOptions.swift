#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few socket constants whose Swift types differ between Linux's C library and Darwin's,
/// so the test servers compile (and `swift test` runs) on a Mac as on Linux.
enum SocketOptions {
    /// `SOCK_STREAM` as `socket(2)` takes it: an enum wrapper on glibc, a plain `Int32` on Darwin.
    static var stream: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }

    /// The `send(2)` flags that keep a write to a peer that has gone from raising SIGPIPE:
    /// `MSG_NOSIGNAL` on Linux. Darwin has no such flag: ``noSignalOnWrite(_:)`` sets
    /// `SO_NOSIGPIPE` on the socket instead.
    static var sendFlags: Int32 {
        #if canImport(Darwin)
        0
        #else
        Int32(MSG_NOSIGNAL)
        #endif
    }

    /// On Darwin, sets `SO_NOSIGPIPE` on an accepted connection (see ``sendFlags``); nothing
    /// elsewhere.
    static func noSignalOnWrite(_ socket: Int32) {
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}
