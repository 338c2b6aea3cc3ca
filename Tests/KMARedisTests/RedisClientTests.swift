import Testing
import _KMATestSupport
@testable import KMARedis

/// The client against a real redis-server: pipelining, logging in, and what happens when the
/// server stops, restarts or hangs: a typed error at once (or after the command timeout for a
/// server that hangs), never a wait without end, and the next call after a restart works.
@Suite struct RedisClientTests {
    /// Commands sent in one write come back in order, an error reply in its place.
    @Test func pipelinedRepliesComeBackInOrder() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let client = try RedisClient(url: server.url, options: .forTests)
        let replies = try await client.pipeline((0..<100).map { _ in RedisCommand("INCR", "counter") })
        #expect(replies == (1...100).map { RESPValue.integer(Int64($0)) })
        let mixed = try await client.pipeline([
            RedisCommand("SET", "text", "abc"), RedisCommand("INCR", "text"), RedisCommand("GET", "text"),
        ])
        #expect(mixed[0] == .simpleString("OK"))
        guard case .error(let message) = mixed[1] else { Issue.record("\(mixed[1].kind)"); return }
        #expect(message.hasPrefix("ERR"))
        #expect(mixed[2] == .bulkString(Array("abc".utf8)))
        // One command: an error reply is thrown, naming the command.
        await #expect(throws: RedisError.self) { try await client.increment("text") }
        #expect(try await client.increment("n") == 1)
        #expect(try await client.expire("n", after: .seconds(600)))  // not seconds: a busy machine can take that long before the delete
        #expect(try await client.delete("n", "text", "absent") == 2)
    }

    /// The URL's password and database: AUTH and SELECT on each new connection; a wrong
    /// password is `.authenticationFailed`, and never shown.
    @Test func logsInAndSelectsTheDatabase() async throws {
        let server = try RedisServerProcess(password: "pa ss/wörd")
        defer { server.stop() }
        let url = "redis://:pa%20ss%2Fw%C3%B6rd@127.0.0.1:\(server.port)"
        let three = try RedisCoordinator(url: url + "/3", options: .forTests)
        try await three.storeValue([1, 2, 3], forKey: "k", timeToLive: .seconds(600))
        #expect(try await three.cachedValue(forKey: "k") == [1, 2, 3])
        #expect(try await RedisCoordinator(url: url + "/0", options: .forTests).cachedValue(forKey: "k") == nil)
        do {
            try await RedisClient(url: "redis://:wrong-secret@127.0.0.1:\(server.port)", options: .forTests).ping()
            Issue.record("a wrong password was accepted")
        } catch let error as RedisError {
            guard case .authenticationFailed = error.problem else { Issue.record("\(error)"); return }
            #expect(!error.description.contains("wrong-secret"))
            #expect(!error.isUnavailable)
        }
        do {
            try await RedisClient(url: "redis://127.0.0.1:\(server.port)", options: .forTests).ping()
            Issue.record("no password was accepted")
        } catch let error as RedisError {
            guard case .serverError(let command, let message) = error.problem else { Issue.record("\(error)"); return }
            #expect(command == "PING" && message.hasPrefix("NOAUTH"))
        }
    }

    /// Redis stopped between calls: the next call fails at once with a connection error (the
    /// closed connection is seen, the refused connect reported), never a timeout; after a
    /// restart on the same port the very first call works again.
    @Test func aStoppedServerFailsFastAndARestartedOneIsUsedAgain() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        // A long command timeout: a call that waited for it instead of seeing the stop would
        // end as `.replyTimedOut`, which the test refuses.
        let coordinator = try RedisCoordinator(url: server.url, options: .forTests)
        try await coordinator.storeValue([7], forKey: "k", timeToLive: .seconds(600))
        try await coordinator.ping()
        server.stop()
        for _ in 0..<3 {
            do {
                _ = try await coordinator.cachedValue(forKey: "k")
                Issue.record("a stopped server answered")
            } catch let error as RedisError {
                #expect(error.isUnavailable)
                switch error.problem {
                case .connectFailed(let code): #expect(code == RedisSocket.connectionRefused)
                case .closedByServer: break
                default: Issue.record("not a connection error: \(error)")
                }
            }
        }
        await #expect(throws: RedisError.self) { try await coordinator.ping() }
        try server.start()
        // The first call after the restart: the pool's idle connections were closed by the
        // old server and are replaced, not used.
        #expect(try await coordinator.cachedValue(forKey: "k") == nil)
        try await coordinator.storeValue([8], forKey: "k", timeToLive: .seconds(600))
        #expect(try await coordinator.cachedValue(forKey: "k") == [8])
    }

    /// Idle connections of a server that restarted while nothing was asked: the first call
    /// succeeds (the stale connection is noticed before a command is sent on it).
    @Test func idleConnectionsOfARestartedServerAreReplaced() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let client = try RedisClient(url: server.url, options: .forTests)
        _ = try await client.pipeline((0..<4).map { _ in RedisCommand("PING") })
        server.stop()
        try server.start()
        try await client.ping()
        #expect(try await client.increment("after-restart") == 1)
    }

    /// A server that hangs (paused: connected, never answering) fails the call after the
    /// command timeout with `.replyTimedOut`; once it answers again, so does the client.
    @Test func aHangingServerTimesOutAndRecovers() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let client = try RedisClient(url: server.url, options: RedisOptions(connectTimeout: .seconds(180), commandTimeout: .milliseconds(300)))
        // Before and after the pause a call may still time out on a machine this busy; only
        // a reply that never comes must, so those calls are asked until they succeed (each
        // failure a timeout, nothing else).
        func answersInTheEnd() async throws -> Bool {
            for _ in 0..<100 {
                do {
                    try await client.ping()
                    return true
                } catch let error as RedisError where error.problem == .replyTimedOut {
                    continue
                }
            }
            return false
        }
        #expect(try await answersInTheEnd())
        server.pause()
        defer { server.resume() }
        do {
            try await client.ping()
            Issue.record("a paused server answered")
        } catch let error as RedisError {
            #expect(error.problem == .replyTimedOut && error.isUnavailable, "\(error)")
        }
        server.resume()
        #expect(try await answersInTheEnd())
    }

    /// Nothing listening: `.connectFailed` (ECONNREFUSED), saying to check that redis-server runs.
    @Test func nothingListeningIsARefusedConnection() async throws {
        let port = try RefusingPort()
        let coordinator = try RedisCoordinator(url: "redis://127.0.0.1:\(port.port)")
        do {
            try await coordinator.ping()
            Issue.record("nothing answered, yet it succeeded")
        } catch let error as RedisError {
            #expect(error.problem == .connectFailed(code: RedisSocket.connectionRefused))
            #expect(error.description.contains("check that redis-server runs there"))
            #expect(error.koreanDescription.contains("redis-server가 실행 중인지"))
        }
    }

    /// More concurrent calls than connections: they wait their turn, and the pool never
    /// opens more than its maximum.
    @Test func thePoolBoundsItsConnections() async throws {
        let server = try RedisServerProcess()
        defer { server.stop() }
        let client = try RedisClient(url: server.url, options: RedisOptions(connectTimeout: .seconds(180), commandTimeout: .seconds(180), maximumConnections: 3))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<90 { group.addTask { _ = try await client.increment("n\(index % 5)") } }
            try await group.waitForAll()
        }
        let list = try await client.send(RedisCommand("CLIENT", "LIST"))
        guard case .bulkString(let bytes) = list else { Issue.record("\(list.kind)"); return }
        let clients = String(decoding: bytes, as: UTF8.self).split(separator: "\n").count
        #expect(clients <= 3, "\(clients) connections open")
        let counts = try await client.pipeline((0..<5).map { RedisCommand("GET", "n\($0)") })
        #expect(counts.compactMap(\.integerValue).reduce(0, +) == 90)
    }
}
