// The C library (glibc, musl or Darwin's libSystem), imported here and nowhere else in this
// module: the client's connections reach their sockets through RedisSocket, and close them
// through _KMASystem's SystemCalls.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("KMARedis needs a C library: glibc, musl or Darwin.")
#endif
import _KMASystem

/// The socket calls of the Redis client, in one place (as `SystemCalls` is for the package):
/// thin wrappers over non-blocking TCP sockets that take and return Swift types. Every wait is
/// a `poll(2)` bounded by a deadline, so no call blocks longer than the caller allows, and no
/// write raises `SIGPIPE` (`MSG_NOSIGNAL` on Linux, `SO_NOSIGPIPE` on Darwin).
enum RedisSocket {
    /// What a wait for a socket ended with.
    enum Readiness: Equatable {
        /// The socket can be read (data or the end of the stream) or written.
        case ready
        /// The deadline passed first.
        case timedOut
        /// `poll(2)` failed with this `errno`.
        case failed(Int32)
    }

    /// `ECONNREFUSED`, `ETIMEDOUT`, `ECONNRESET`, `EPIPE`: the numbers a message names.
    static let connectionRefused = ECONNREFUSED
    static let connectionReset = ECONNRESET
    static let brokenPipe = EPIPE

    /// Opens a TCP connection to `host` (a name, an IPv4 or an IPv6 address) and `port`, trying
    /// each address the resolver gives in turn, each waited for at most until `deadline`.
    ///
    /// - Returns: a connected, non-blocking, close-on-exec descriptor with `TCP_NODELAY`; or
    ///   the problem: a name that does not resolve, the last address's `errno`, or the deadline.
    static func connect(host: String, port: Int, deadline: ContinuousClock.Instant) -> Result<Int32, ConnectFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            let text = gai_strerror(resolved).map { String(cString: $0) } ?? "error \(resolved)"
            return .failure(ConnectFailure(problem: .unresolvedHost(text)))
        }
        defer { freeaddrinfo(first) }
        var last = ConnectFailure(problem: .connectFailed(code: ECONNREFUSED))
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            switch connectOne(address.pointee, deadline: deadline) {
            case .success(let fd): return .success(fd)
            case .failure(let problem):
                last = problem
                if case .connectTimedOut = problem.problem { return .failure(problem) }
            }
        }
        return .failure(last)
    }

    /// Why a connection was not made.
    struct ConnectFailure: Error {
        var problem: RedisError.Problem
    }

    private static func connectOne(_ address: addrinfo, deadline: ContinuousClock.Instant) -> Result<Int32, ConnectFailure> {
        let fd = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
        guard fd >= 0 else { return .failure(ConnectFailure(problem: .connectFailed(code: errno))) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var yes: Int32 = 1
        #if canImport(Darwin)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        if cConnect(fd, address.ai_addr, address.ai_addrlen) != 0 {
            let code = errno
            guard code == EINPROGRESS || code == EINTR else {
                SystemCalls.closeDescriptor(fd)
                return .failure(ConnectFailure(problem: .connectFailed(code: code)))
            }
            switch wait(fd, forWriting: true, until: deadline) {
            case .ready: break
            case .timedOut:
                SystemCalls.closeDescriptor(fd)
                return .failure(ConnectFailure(problem: .connectTimedOut))
            case .failed(let code):
                SystemCalls.closeDescriptor(fd)
                return .failure(ConnectFailure(problem: .connectFailed(code: code)))
            }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
            if failure != 0 {
                SystemCalls.closeDescriptor(fd)
                return .failure(ConnectFailure(problem: .connectFailed(code: failure)))
            }
        }
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        return .success(fd)
    }

    /// Waits until `fd` can be read (or written), at most until `deadline`; retries `EINTR`.
    static func wait(_ fd: Int32, forWriting: Bool, until deadline: ContinuousClock.Instant) -> Readiness {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero { return .timedOut }
            let (seconds, attoseconds) = left.components
            // Rounded up to a whole millisecond, so a wait never ends just before its deadline.
            let milliseconds = min(Int64(Int32.max), seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            var entry = pollfd(fd: fd, events: Int16(forWriting ? POLLOUT : POLLIN), revents: 0)
            let count = poll(&entry, 1, Int32(milliseconds))
            if count > 0 { return .ready }
            if count == 0 { continue }
            let code = errno
            if code != EINTR { return .failed(code) }
        }
    }

    /// Whether an idle connection has something to read or is closed (`poll(2)` without
    /// waiting): on a connection with no request outstanding, either means the server closed
    /// it (it restarted, or dropped an idle client), so it must not be used again.
    static func isStale(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) != 0
    }

    /// Sends what it can of `bytes` without blocking: the count sent (0 when the socket's
    /// buffer is full: wait for it), or the `errno` it failed with.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Int, SystemError> {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        while true {
            let sent = cSend(fd, bytes.baseAddress, bytes.count, flags)
            if sent >= 0 { return .success(sent) }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .success(0) }
            return .failure(SystemError(code: code))
        }
    }

    /// Reads what has arrived, without blocking: the count (`nil` when nothing has: wait for
    /// it; 0 at the end of the stream), or the `errno` it failed with.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int?, SystemError> {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count >= 0 { return .success(count) }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .success(nil) }
            return .failure(SystemError(code: code))
        }
    }
}

// The C library's calls whose names would be ambiguous inside RedisSocket.
private func cConnect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

private func cSend(_ fd: Int32, _ base: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, base, count, flags)
}
