/// One command to send to Redis: its name and arguments, each a binary-safe byte string,
/// encoded as RESP's array of bulk strings (what every Redis version accepts).
///
/// ```swift
/// RedisCommand("SET", "kma-forecast:cache:60,127", value, "PX", "600000").encoded
/// // *5\r\n$3\r\nSET\r\n$24\r\nkma-forecast:cache:60,127\r\n…
/// ```
public struct RedisCommand: Sendable, Hashable {
    /// The command's name and arguments, in order.
    public var arguments: [[UInt8]]

    /// A command from its name and arguments as bytes.
    public init(arguments: [[UInt8]]) {
        self.arguments = arguments
    }

    /// A command from its name and arguments, each text (UTF-8) or bytes.
    public init(_ name: String, _ arguments: any RedisArgument...) {
        self.arguments = [Array(name.utf8)] + arguments.map(\.redisBytes)
    }

    /// The command's name, for a message ("EVALSHA"); never its arguments, which may be values.
    public var name: String {
        arguments.first.map { String(decoding: $0, as: UTF8.self).uppercased() } ?? ""
    }

    /// The command in RESP: `*<count>\r\n` then `$<length>\r\n<bytes>\r\n` per argument.
    public var encoded: [UInt8] {
        var out: [UInt8] = []
        encode(into: &out)
        return out
    }

    /// Appends the command in RESP to `out`: pipelined commands are encoded one after another
    /// into one buffer and sent in one write.
    public func encode(into out: inout [UInt8]) {
        out.reserveCapacity(out.count + arguments.reduce(16) { $0 + $1.count + 16 })
        out.append(UInt8(ascii: "*"))
        out.append(contentsOf: String(arguments.count).utf8)
        out.append(contentsOf: [13, 10])
        for argument in arguments {
            out.append(UInt8(ascii: "$"))
            out.append(contentsOf: String(argument.count).utf8)
            out.append(contentsOf: [13, 10])
            out.append(contentsOf: argument)
            out.append(contentsOf: [13, 10])
        }
    }
}

/// What a command's argument can be: text (sent as its UTF-8), bytes (as they are), an
/// integer (as its decimal digits).
public protocol RedisArgument: Sendable {
    /// The argument as RESP carries it.
    var redisBytes: [UInt8] { get }
}

extension String: RedisArgument {
    public var redisBytes: [UInt8] { Array(utf8) }
}

extension Array: RedisArgument where Element == UInt8 {
    public var redisBytes: [UInt8] { self }
}

extension Int: RedisArgument {
    public var redisBytes: [UInt8] { Array(String(self).utf8) }
}

extension Int64: RedisArgument {
    public var redisBytes: [UInt8] { Array(String(self).utf8) }
}
