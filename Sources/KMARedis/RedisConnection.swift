import _KMASystem

/// One TCP connection to Redis, logged in and on its database: commands out, replies in, each
/// exchange bounded by a deadline. Synchronous: it blocks the calling thread in `poll(2)` (at
/// most until the deadline), so ``RedisConnectionPool`` runs it off the cooperative pool.
///
/// Used by one caller at a time (the pool hands it out and takes it back), hence
/// `@unchecked Sendable`. After a failure of the connection itself (a timeout, a closed or
/// reset socket, bytes that are not RESP) it is ``broken`` and the pool closes it: a stream
/// whose replies may be out of step with its commands is never used again. An error reply
/// (`-ERR …`) leaves it in step, and usable.
final class RedisConnection: @unchecked Sendable {
    let endpoint: String
    private let descriptor: Int32
    private var parser: RESPParser
    private var chunk = [UInt8](repeating: 0, count: 64 << 10)
    private(set) var broken = false

    /// Connects to `url`'s server and logs in: `AUTH` when the URL has a password, `SELECT`
    /// when its database is not 0, pipelined in one exchange.
    init(url: RedisURL, options: RedisOptions) throws(RedisError) {
        endpoint = url.endpoint
        parser = RESPParser(limits: options.limits)
        let deadline = ContinuousClock.now.advanced(by: options.connectTimeout)
        switch RedisSocket.connect(host: url.host, port: url.port, deadline: deadline) {
        case .success(let fd): descriptor = fd
        case .failure(let failure): throw RedisError(endpoint: url.endpoint, failure.problem)
        }
        var login: [RedisCommand] = []
        if let password = url.password {
            login.append(url.user.map { RedisCommand("AUTH", $0, password) } ?? RedisCommand("AUTH", password))
        }
        if url.database != 0 { login.append(RedisCommand("SELECT", url.database)) }
        guard !login.isEmpty else { return }
        let replies = try exchange(login, timeout: options.commandTimeout)
        for (command, reply) in zip(login, replies) {
            guard case .error(let message) = reply else { continue }
            let problem: RedisError.Problem = command.name == "AUTH"
                ? .authenticationFailed(message) : .serverError(command: command.name, message: message)
            close()
            throw RedisError(endpoint: endpoint, problem)
        }
    }

    deinit { close() }

    /// Whether the connection may not be used again: it failed, or (idle) the server closed
    /// it or sent something nobody asked for (already read, or waiting to be).
    var isStale: Bool { broken || parser.bufferedCount > 0 || RedisSocket.isStale(descriptor) }

    /// Sends `commands` in one write (pipelined) and reads one reply for each, in order, all
    /// within `timeout` from now. Error replies are returned as ``RESPValue/error(_:)``.
    func exchange(_ commands: [RedisCommand], timeout: Duration) throws(RedisError) -> [RESPValue] {
        guard !broken else { throw RedisError(endpoint: endpoint, .closedByServer) }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var bytes: [UInt8] = []
        for command in commands { command.encode(into: &bytes) }
        do throws(RedisError) {
            try send(bytes, until: deadline)
            var replies: [RESPValue] = []
            replies.reserveCapacity(commands.count)
            while replies.count < commands.count { replies.append(try receiveReply(until: deadline)) }
            return replies
        } catch {
            close()
            throw error
        }
    }

    private func send(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) throws(RedisError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { RedisSocket.send(descriptor, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            switch sent {
            case .success(let count) where count > 0:
                offset += count
            case .success:
                try wait(forWriting: true, until: deadline)
            case .failure(let failure):
                throw self.failure(failure.code == RedisSocket.brokenPipe || failure.code == RedisSocket.connectionReset
                    ? .closedByServer : .transferFailed(code: failure.code))
            }
        }
    }

    private func receiveReply(until deadline: ContinuousClock.Instant) throws(RedisError) -> RESPValue {
        while true {
            do throws(RESPProtocolError) {
                if let reply = try parser.next() { return reply }
            } catch {
                throw failure(.protocolViolation(error))
            }
            let received = chunk.withUnsafeMutableBytes { RedisSocket.receive(descriptor, into: $0) }
            switch received {
            case .success(nil):
                try wait(forWriting: false, until: deadline)
            case .success(0):
                throw failure(.closedByServer)
            case .success(let count?):
                parser.append(chunk[0..<count])
            case .failure(let failure):
                throw self.failure(failure.code == RedisSocket.connectionReset ? .closedByServer : .transferFailed(code: failure.code))
            }
        }
    }

    private func wait(forWriting: Bool, until deadline: ContinuousClock.Instant) throws(RedisError) {
        switch RedisSocket.wait(descriptor, forWriting: forWriting, until: deadline) {
        case .ready: return
        case .timedOut: throw failure(.replyTimedOut)
        case .failed(let code): throw failure(.transferFailed(code: code))
        }
    }

    private func failure(_ problem: RedisError.Problem) -> RedisError { RedisError(endpoint: endpoint, problem) }

    private var closed = false

    /// Closes the socket (once).
    func close() {
        guard !closed else { return }
        closed = true
        broken = true
        SystemCalls.closeDescriptor(descriptor)
    }
}
