import Testing
@testable import KMARedis

/// The reply parser on its own: every RESP2 and RESP3 type, replies split anywhere, and the
/// faults of a hostile server, each a typed error (the hostile server over a socket is in
/// HostileServerTests).
@Suite struct RESPParserTests {
    private func parse(_ text: String, limits: RESPLimits = RESPLimits()) throws(RESPProtocolError) -> [RESPValue?] {
        var parser = RESPParser(limits: limits)
        parser.append(Array(text.utf8))
        var values: [RESPValue?] = []
        while true {
            let value = try parser.next()
            values.append(value)
            if value == nil { return values }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var wire: String
        var value: RESPValue
        var testDescription: String { wire.replacingOccurrences(of: "\r\n", with: "⏎") }
    }

    static let cases: [Case] = [
        Case(wire: "+OK\r\n", value: .simpleString("OK")),
        Case(wire: "-ERR unknown command\r\n", value: .error("ERR unknown command")),
        Case(wire: ":0\r\n", value: .integer(0)),
        Case(wire: ":-9223372036854775808\r\n", value: .integer(.min)),
        Case(wire: ":9223372036854775807\r\n", value: .integer(.max)),
        Case(wire: "$5\r\nhe\r\no\r\n", value: .bulkString(Array("he\r\no".utf8))),
        Case(wire: "$0\r\n\r\n", value: .bulkString([])),
        Case(wire: "$-1\r\n", value: .null),
        Case(wire: "*-1\r\n", value: .null),
        Case(wire: "*0\r\n", value: .array([])),
        Case(wire: "*3\r\n:1\r\n$1\r\na\r\n*1\r\n+x\r\n", value: .array([.integer(1), .bulkString([97]), .array([.simpleString("x")])])),
        // RESP3
        Case(wire: "_\r\n", value: .null),
        Case(wire: "#t\r\n", value: .boolean(true)),
        Case(wire: "#f\r\n", value: .boolean(false)),
        Case(wire: ",3.25\r\n", value: .double(3.25)),
        Case(wire: "(3492890328409238509324850943850943825024385\r\n", value: .simpleString("3492890328409238509324850943850943825024385")),
        Case(wire: "!21\r\nSYNTAX invalid syntax\r\n", value: .error("SYNTAX invalid syntax")),
        Case(wire: "=15\r\ntxt:Some string\r\n", value: .bulkString(Array("Some string".utf8))),
        Case(wire: "%1\r\n+key\r\n:7\r\n", value: .array([.simpleString("key"), .integer(7)])),
        Case(wire: "~2\r\n:1\r\n:2\r\n", value: .array([.integer(1), .integer(2)])),
        Case(wire: ">2\r\n+message\r\n+hi\r\n", value: .array([.simpleString("message"), .simpleString("hi")])),
        Case(wire: "|1\r\n+ttl\r\n:3600\r\n+OK\r\n", value: .simpleString("OK")),
    ]

    @Test(arguments: cases)
    func readsEachType(_ item: Case) throws {
        #expect(try parse(item.wire) == [item.value, nil])
    }

    /// Incremental: the same replies however the bytes are split, down to one byte at a time;
    /// nothing is returned before a reply is whole.
    @Test func readsRepliesSplitAnywhere() throws {
        let wire = Self.cases.map(\.wire).joined()
        let whole = try parse(wire).compactMap { $0 }
        #expect(whole == Self.cases.map(\.value))
        for step in [1, 2, 3, 7, 64] {
            var parser = RESPParser()
            var values: [RESPValue] = []
            let bytes = Array(wire.utf8)
            for start in stride(from: 0, to: bytes.count, by: step) {
                parser.append(bytes[start..<min(bytes.count, start + step)])
                while let value = try parser.next() { values.append(value) }
            }
            #expect(values == whole, "split every \(step) bytes")
            #expect(parser.bufferedCount == 0)
        }
    }

    struct Fault: Sendable, CustomTestStringConvertible {
        var wire: String
        var error: RESPProtocolError
        var testDescription: String { String(wire.prefix(30)).replacingOccurrences(of: "\r\n", with: "⏎") }
    }

    static let limits = RESPLimits(maximumBulkLength: 1024, maximumLineLength: 64, maximumElements: 100, maximumDepth: 4)

    static let faults: [Fault] = [
        Fault(wire: "?what\r\n", error: .unknownType(UInt8(ascii: "?"))),
        Fault(wire: "HTTP/1.1 400 Bad Request\r\n", error: .unknownType(UInt8(ascii: "H"))),
        Fault(wire: "\0\r\n", error: .unknownType(0)),
        Fault(wire: "$4294967296\r\n", error: .bulkTooLong(length: 4_294_967_296, limit: 1024)),
        Fault(wire: "$1025\r\n", error: .bulkTooLong(length: 1025, limit: 1024)),
        Fault(wire: "$-5\r\n", error: .negativeLength(-5)),
        Fault(wire: "*-2\r\n", error: .negativeLength(-2)),
        Fault(wire: "$99999999999999999999\r\n", error: .invalidNumber(what: "string length")),
        Fault(wire: "$+5\r\n", error: .invalidNumber(what: "string length")),
        Fault(wire: "$ 5\r\n", error: .invalidNumber(what: "string length")),
        Fault(wire: "$\r\n", error: .invalidNumber(what: "string length")),
        Fault(wire: ":12a\r\n", error: .invalidNumber(what: "integer")),
        Fault(wire: ":9223372036854775808\r\n", error: .invalidNumber(what: "integer")),
        Fault(wire: ":-\r\n", error: .invalidNumber(what: "integer")),
        Fault(wire: "(12x\r\n", error: .invalidNumber(what: "big number")),
        Fault(wire: "*2147483647\r\n", error: .tooManyElements(limit: 100)),
        Fault(wire: "%60\r\n", error: .tooManyElements(limit: 100)),
        Fault(wire: "*9223372036854775807\r\n", error: .tooManyElements(limit: 100)),
        Fault(wire: String(repeating: "*1\r\n", count: 5) + ":1\r\n", error: .nestingTooDeep(limit: 4)),
        Fault(wire: String(repeating: "|0\r\n", count: 50) + ":1\r\n", error: .nestingTooDeep(limit: 4)),
        Fault(wire: "+" + String(repeating: "x", count: 65), error: .lineTooLong(limit: 64)),
        Fault(wire: "+OK\rX", error: .missingLineEnd),
        Fault(wire: "$3\r\nabcXY", error: .missingLineEnd),
        Fault(wire: "#x\r\n", error: .malformedValue(what: "boolean")),
        Fault(wire: "_x\r\n", error: .malformedValue(what: "null")),
        Fault(wire: ",1.2.3\r\n", error: .malformedValue(what: "double")),
    ]

    @Test(arguments: faults)
    func refusesHostileReplies(_ fault: Fault) {
        #expect(throws: fault.error) { try parse(fault.wire, limits: Self.limits) }
    }

    /// A length announced within the limits but never sent: the parser waits (returns nil)
    /// without allocating it, until the buffer passes the reply limit.
    @Test func refusesAReplyLongerThanItsLimit() throws {
        var parser = RESPParser(limits: RESPLimits(maximumBulkLength: 1000, maximumReplyLength: 1200))
        parser.append(Array("*2\r\n$1000\r\n".utf8) + [UInt8](repeating: 65, count: 1000) + Array("\r\n$1000\r\n".utf8))
        #expect(throws: RESPProtocolError.replyTooLong(limit: 1200)) { try parser.next() }
        var waiting = RESPParser(limits: RESPLimits(maximumBulkLength: 1000))
        waiting.append(Array("$1000\r\nabc".utf8))
        #expect(try waiting.next() == nil)
    }

    /// Noise never crashes the parser: every input ends in values, a wait for more, or a
    /// typed error (seeded, so a failure is reproducible).
    @Test func survivesNoise() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet = Array("*$:+-_#,(!=%~>|\r\n0123456789-tfx".utf8)
        var outcomes = (values: 0, errors: 0)
        for _ in 0..<2000 {
            let length = Int(next() % 64)
            let bytes = (0..<length).map { _ in next() % 4 == 0 ? UInt8(truncatingIfNeeded: next()) : alphabet[Int(next() % UInt64(alphabet.count))] }
            var parser = RESPParser(limits: Self.limits)
            parser.append(bytes)
            do {
                while try parser.next() != nil { outcomes.values += 1 }
            } catch {
                outcomes.errors += 1
            }
        }
        #expect(outcomes.errors > 0)
    }

    @Test func integersAreStrict() {
        #expect(RESPParser.integer(Array("0".utf8)[...]) == 0)
        #expect(RESPParser.integer(Array("-12".utf8)[...]) == -12)
        #expect(RESPParser.integer(Array("-9223372036854775809".utf8)[...]) == nil)
        #expect(RESPParser.integer(Array("".utf8)[...]) == nil)
        #expect(RESPParser.integer(Array("1 ".utf8)[...]) == nil)
        #expect(RESPValue.bulkString(Array("42".utf8)).integerValue == 42)
    }

    @Test func encodesCommandsAsArraysOfBulkStrings() {
        let command = RedisCommand("SET", "k", [0, 13, 10, 255] as [UInt8], "PX", 1500)
        #expect(command.encoded == Array("*5\r\n$3\r\nSET\r\n$1\r\nk\r\n$4\r\n".utf8) + [0, 13, 10, 255] + Array("\r\n$2\r\nPX\r\n$4\r\n1500\r\n".utf8))
        #expect(command.name == "SET")
        var pipelined: [UInt8] = []
        RedisCommand("PING").encode(into: &pipelined)
        RedisCommand("PING").encode(into: &pipelined)
        #expect(pipelined == Array("*1\r\n$4\r\nPING\r\n*1\r\n$4\r\nPING\r\n".utf8))
    }
}
