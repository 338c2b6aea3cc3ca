import Testing
import _KMATestSupport
@testable import KMARedis

/// The client against stand-ins that are not a well-behaved Redis: garbage, a length of 4 GB
/// announced and never sent, a count of 2³¹, a reply cut short, a server that never answers,
/// an HTTP server. Each call ends in a typed error naming the fault, and never waits for the
/// (long) command timeout: a parser that waited for the announced bytes would end in
/// `.replyTimedOut`, which these tests refuse.
@Suite struct HostileServerTests {
    private static let patient = RedisOptions(connectTimeout: .seconds(180), commandTimeout: .seconds(180), limits: RESPLimits(maximumBulkLength: 1 << 20, maximumElements: 1000))

    private func failure(of reply: String, closes: Bool = false) async throws -> RedisError.Problem? {
        let server = try CannedReplyServer(reply: Array(reply.utf8), closesAfterReply: closes)
        defer { server.stop() }
        let client = try RedisClient(url: server.url, options: Self.patient)
        do {
            _ = try await client.get("k")
            return nil
        } catch let error as RedisError {
            return error.problem
        }
    }

    @Test(arguments: [
        ("?garbage\r\n", RedisError.Problem.protocolViolation(.unknownType(UInt8(ascii: "?")))),
        ("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", .protocolViolation(.unknownType(UInt8(ascii: "H")))),
        ("$4294967296\r\n", .protocolViolation(.bulkTooLong(length: 4_294_967_296, limit: 1 << 20))),
        ("*2147483647\r\n", .protocolViolation(.tooManyElements(limit: 1000))),
        ("$-7\r\n", .protocolViolation(.negativeLength(-7))),
        ("$12x\r\n", .protocolViolation(.invalidNumber(what: "string length"))),
        (String(repeating: "*1\r\n", count: 40), .protocolViolation(.nestingTooDeep(limit: 16))),
        ("$3\r\nabcdef\r\n", .protocolViolation(.missingLineEnd)),
        (":12\r\n", .unexpectedReply(command: "GET", kind: "an integer")),
    ])
    func aHostileReplyIsATypedError(_ reply: String, _ expected: RedisError.Problem) async throws {
        #expect(try await failure(of: reply) == expected)
    }

    /// A line that never ends: refused once it passes the line limit, not waited for.
    @Test func aLineWithoutEndIsRefused() async throws {
        #expect(try await failure(of: "+" + String(repeating: "A", count: 70_000)) == .protocolViolation(.lineTooLong(limit: 64 << 10)))
    }

    /// A reply cut short by a closed connection: `.closedByServer`, not a wait.
    @Test func aReplyCutShortIsAClosedConnection() async throws {
        #expect(try await failure(of: "$10\r\nabc", closes: true) == .closedByServer)
    }

    /// The connection that sent garbage is closed, never used again: the next call opens a
    /// new one (and meets the same garbage, from the start of a reply).
    @Test func aConnectionThatSentGarbageIsNotReused() async throws {
        let server = try CannedReplyServer(reply: Array("+OK\r\n+extra\r\n".utf8))
        defer { server.stop() }
        let client = try RedisClient(url: server.url, options: Self.patient)
        // The first reply is read; the unasked-for second one makes the idle connection stale.
        #expect(try await client.send(RedisCommand("SET", "k", "v")) == .simpleString("OK"))
        #expect(try await client.send(RedisCommand("SET", "k", "v")) == .simpleString("OK"))
    }

    /// A server that accepts and never answers: `.replyTimedOut` after the command timeout.
    @Test func aSilentServerTimesOut() async throws {
        let gateway = try SilentGateway()
        defer { gateway.stop() }
        let client = try RedisClient(url: "redis://127.0.0.1:\(gateway.port)", options: RedisOptions(commandTimeout: .milliseconds(200)))
        await #expect(throws: RedisError(endpoint: "127.0.0.1:\(gateway.port)", .replyTimedOut)) { try await client.ping() }
    }
}
