// The C library (glibc, musl or Darwin's libSystem), imported here and nowhere else in this
// module: the stand-in servers (ReplayServer, RefusingPort) reach their sockets through
// SocketCalls, and read, close and errno text through _KMASystem's SystemCalls.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("_KMATestSupport needs a C library: glibc, musl or Darwin.")
#endif
import _KMASystem

/// The socket calls of the test servers on 127.0.0.1, in one place (as `SystemCalls` is for
/// the package): thin wrappers that take and return Swift types and return the `errno` a call
/// failed with, read at once. Descriptors are plain `Int32`, opened as `socket(2)` and
/// `accept(2)` open them (not close-on-exec), and closed with `SystemCalls.closeDescriptor`;
/// reading is `SystemCalls.readSome`.
enum SocketCalls {
    /// `ECONNABORTED`: a client gave up a connection before it was accepted.
    static let connectionAborted = ECONNABORTED
    /// `EPROTO`: a protocol error on a connection before it was accepted (Linux).
    static let protocolError = EPROTO

    /// The error of the last failed call, read at once.
    private static var failure: SystemError { SystemError(code: errno) }

    // MARK: - Listening

    /// A new TCP socket (`socket(2)`: `AF_INET`, `SOCK_STREAM`).
    static func openStreamSocket() -> Result<Int32, SystemError> {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let fd = socket(AF_INET, stream, 0)
        return fd >= 0 ? .success(fd) : .failure(failure)
    }

    /// Sets `SO_REUSEADDR`, so a port of a server just stopped can be bound again at once;
    /// a failure is ignored (the socket works without it).
    static func reuseAddress(_ fd: Int32) {
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Binds a socket to 127.0.0.1 at port 0, a free port the kernel picks (`bind(2)`);
    /// ``boundPort(_:)`` tells which.
    static func bindToLoopback(_ fd: Int32) -> SystemError? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return bound == 0 ? nil : failure
    }

    /// Makes a bound socket listen, with at most `backlog` connections waiting to be accepted
    /// (`listen(2)`).
    static func listen(_ fd: Int32, backlog: Int32) -> SystemError? {
        cListen(fd, backlog) == 0 ? nil : failure
    }

    /// The port (1–65535) a bound socket has (`getsockname(2)`).
    static func boundPort(_ fd: Int32) -> Result<UInt16, SystemError> {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return named == 0 ? .success(UInt16(bigEndian: address.sin_port)) : .failure(failure)
    }

    /// The next connection to a listening socket (`accept(2)`), not retried on `EINTR`: the
    /// caller's loop decides what each failure means.
    static func accept(_ listener: Int32) -> Result<Int32, SystemError> {
        let connection = cAccept(listener)
        return connection >= 0 ? .success(connection) : .failure(failure)
    }

    /// Shuts a socket down in both directions (`shutdown(2)`, `SHUT_RDWR`): an `accept`
    /// waiting on a listening socket returns. The descriptor stays open.
    static func shutdown(_ fd: Int32) {
        _ = cShutdown(fd)
    }

    // MARK: - Connections

    /// Makes a read wait at most `seconds` (≥ 0; 0 waits for ever) for data, then fail with
    /// `EAGAIN` (`SO_RCVTIMEO`); a failure is ignored.
    static func setReceiveTimeout(_ fd: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Makes closing the connection reset it (`SO_LINGER` on, 0 seconds: the peer reads
    /// `ECONNRESET`, not an end of stream); a failure is ignored.
    static func resetOnClose(_ fd: Int32) {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }

    /// On Darwin, sets `SO_NOSIGPIPE` on an accepted connection (Darwin's `send(2)` has no
    /// `MSG_NOSIGNAL`, which ``sendAll(_:_:)`` passes elsewhere); nothing elsewhere.
    static func noSignalOnWrite(_ fd: Int32) {
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Sends all bytes on a connection, retrying on EINTR and short sends; a peer that has
    /// gone makes it fail with `EPIPE`, never raise SIGPIPE (`MSG_NOSIGNAL` on Linux,
    /// ``noSignalOnWrite(_:)`` on Darwin).
    ///
    /// - Returns: `nil` when every byte was sent; else the error the connection refused them
    ///   with (`EPIPE`, `ECONNRESET` …; `EIO` when `send` sent nothing).
    static func sendAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemError? {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let sent = send(fd, base + offset, bytes.count - offset, flags)
            if sent < 0 {
                let code = errno
                if code == EINTR { continue }
                return SystemError(code: code)
            }
            if sent == 0 { return SystemError(code: EIO) }
            offset += sent
        }
        return nil
    }

    // MARK: - Processes

    /// Kills a child process (`SIGKILL`, which no signal mask blocks: a child started from a
    /// test runner's thread inherits a mask that blocks `SIGTERM`).
    static func kill(process: Int32) {
        _ = cKill(process, SIGKILL)
    }

    // MARK: - Waiting

    /// Sleeps the calling thread `microseconds` (`usleep(3)`).
    static func sleep(microseconds: UInt32) {
        usleep(useconds_t(microseconds))
    }

    /// Sleeps the calling thread `milliseconds` (0 to 4,294,967; `usleep(3)`).
    static func sleep(milliseconds: Int) {
        usleep(useconds_t(milliseconds) * 1000)
    }
}

// The C library's calls whose names SocketCalls' own methods take, reached by a name of their
// own (inside the enum, `listen(…)` would mean SocketCalls.listen).
private func cListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func cAccept(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
private func cShutdown(_ fd: Int32) -> Int32 { shutdown(fd, Int32(SHUT_RDWR)) }
private func cKill(_ process: Int32, _ signal: Int32) -> Int32 { kill(process, signal) }
