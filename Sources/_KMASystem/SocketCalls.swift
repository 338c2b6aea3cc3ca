// The C library (glibc, musl or Darwin's libSystem), for the sockets: the server of
// `kma-forecast serve` (KMAForecastServe) and the test stand-ins (ReplayServer, RefusingPort)
// reach their sockets through SocketCalls, and read, close and errno text through SystemCalls.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("_KMASystem needs a C library: glibc, musl or Darwin.")
#endif

/// The package's socket calls, in one place (as `SystemCalls` is for files): the serve
/// server's and the test stand-ins': thin wrappers that take and return Swift types and return the `errno` a call
/// failed with, read at once. Descriptors are plain `Int32`, opened as `socket(2)` and
/// `accept(2)` open them (not close-on-exec), and closed with `SystemCalls.closeDescriptor`;
/// reading is `SystemCalls.readSome`.
package enum SocketCalls {
    /// `ECONNABORTED`: a client gave up a connection before it was accepted.
    package static let connectionAborted = ECONNABORTED
    /// `EPROTO`: a protocol error on a connection before it was accepted (Linux).
    package static let protocolError = EPROTO

    /// The error of the last failed call, read at once.
    private static var failure: SystemError { SystemError(code: errno) }

    // MARK: - Listening

    /// A new TCP socket (`socket(2)`: `AF_INET`, `SOCK_STREAM`).
    package static func openStreamSocket() -> Result<Int32, SystemError> {
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
    package static func reuseAddress(_ fd: Int32) {
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Binds a socket to 127.0.0.1 at port 0, a free port the kernel picks (`bind(2)`);
    /// ``boundPort(_:)`` tells which.
    package static func bindToLoopback(_ fd: Int32) -> SystemError? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { cBind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return bound == 0 ? nil : failure
    }

    /// Binds a socket to an IPv4 address (dotted quad, e.g. `0.0.0.0`, `127.0.0.1`) and a port
    /// (0: a free port the kernel picks); `EINVAL` for an address that is not a dotted quad.
    package static func bind(_ fd: Int32, toAddress text: String, port: UInt16) -> SystemError? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, text, &address.sin_addr) == 1 else { return SystemError(code: EINVAL) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { cBind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return bound == 0 ? nil : failure
    }

    /// The next connection to a listening socket and the peer's IPv4 address as a dotted quad
    /// (`accept(2)`), not retried on `EINTR`.
    package static func acceptWithPeer(_ listener: Int32) -> Result<(fd: Int32, peer: String), SystemError> {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let connection = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { cAcceptPeer(listener, $0, &length) }
        }
        guard connection >= 0 else { return .failure(failure) }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN) + 1)
        let peer = inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(INET_ADDRSTRLEN)) != nil
            ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "unknown"
        return .success((connection, peer))
    }

    /// Waits at most `milliseconds` (≥ 0) for a socket to have data to read, a connection to
    /// accept, or its peer to close (`poll(2)`, `POLLIN`); `true` when it has.
    package static func waitReadable(_ fd: Int32, milliseconds: Int) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, Int32(clamping: max(0, milliseconds)))
        return ready > 0
    }

    /// A TCP connection to 127.0.0.1 at `port` (`socket(2)`, `connect(2)`): the tests' clients
    /// of the serve server.
    package static func connectLoopback(port: UInt16) -> Result<Int32, SystemError> {
        let fd: Int32
        switch openStreamSocket() {
        case .success(let opened): fd = opened
        case .failure(let error): return .failure(error)
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { cConnect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let error = failure
            _ = SystemCalls.closeDescriptor(fd)
            return .failure(error)
        }
        noSignalOnWrite(fd)
        return .success(fd)
    }

    /// `SIGTERM` and `SIGINT`: the signals a server drains on.
    package static let terminationSignals: [Int32] = [SIGTERM, SIGINT]

    /// Makes `SIGTERM` and `SIGINT` no longer end the process, so that a dispatch signal
    /// source can see them and the server drain first.
    package static func ignoreTerminationSignals() {
        for number in terminationSignals { _ = signal(number, SIG_IGN) }
    }

    /// Sends small answers at once (`TCP_NODELAY`); a failure is ignored.
    package static func noDelay(_ fd: Int32) {
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Makes a bound socket listen, with at most `backlog` connections waiting to be accepted
    /// (`listen(2)`).
    package static func listen(_ fd: Int32, backlog: Int32) -> SystemError? {
        cListen(fd, backlog) == 0 ? nil : failure
    }

    /// The port (1–65535) a bound socket has (`getsockname(2)`).
    package static func boundPort(_ fd: Int32) -> Result<UInt16, SystemError> {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return named == 0 ? .success(UInt16(bigEndian: address.sin_port)) : .failure(failure)
    }

    /// The next connection to a listening socket (`accept(2)`), not retried on `EINTR`: the
    /// caller's loop decides what each failure means.
    package static func accept(_ listener: Int32) -> Result<Int32, SystemError> {
        let connection = cAccept(listener)
        return connection >= 0 ? .success(connection) : .failure(failure)
    }

    /// Shuts a socket down in both directions (`shutdown(2)`, `SHUT_RDWR`): an `accept`
    /// waiting on a listening socket returns. The descriptor stays open.
    package static func shutdown(_ fd: Int32) {
        _ = cShutdown(fd)
    }

    // MARK: - Connections

    /// Makes a read wait at most `seconds` (≥ 0; 0 waits for ever) for data, then fail with
    /// `EAGAIN` (`SO_RCVTIMEO`); a failure is ignored.
    package static func setReceiveTimeout(_ fd: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Makes closing the connection reset it (`SO_LINGER` on, 0 seconds: the peer reads
    /// `ECONNRESET`, not an end of stream); a failure is ignored.
    package static func resetOnClose(_ fd: Int32) {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }

    /// On Darwin, sets `SO_NOSIGPIPE` on an accepted connection (Darwin's `send(2)` has no
    /// `MSG_NOSIGNAL`, which ``sendAll(_:_:)`` passes elsewhere); nothing elsewhere.
    package static func noSignalOnWrite(_ fd: Int32) {
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
    package static func sendAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemError? {
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
    package static func kill(process: Int32) {
        _ = cKill(process, SIGKILL)
    }

    // MARK: - Waiting

    /// Sleeps the calling thread `microseconds` (`usleep(3)`).
    package static func sleep(microseconds: UInt32) {
        usleep(useconds_t(microseconds))
    }

    /// Sleeps the calling thread `milliseconds` (0 to 4,294,967; `usleep(3)`).
    package static func sleep(milliseconds: Int) {
        usleep(useconds_t(milliseconds) * 1000)
    }
}

// The C library's calls whose names SocketCalls' own methods take, reached by a name of their
// own (inside the enum, `listen(…)` would mean SocketCalls.listen).
private func cListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func cAccept(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
private func cAcceptPeer(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
    accept(fd, address, length)
}
private func cConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { connect(fd, address, length) }
private func cBind(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 { bind(fd, address, length) }
private func cShutdown(_ fd: Int32) -> Int32 { shutdown(fd, Int32(SHUT_RDWR)) }
private func cKill(_ process: Int32, _ signal: Int32) -> Int32 { kill(process, signal) }
