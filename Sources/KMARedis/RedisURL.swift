import KMAForecast

/// Where a Redis server is and how to log in: a `redis://` URL read into its parts.
///
/// `redis://[[user]:password@]host[:port][/db]`: the host a name, an IPv4 address or an IPv6
/// address in brackets; the port 1–65535 (6379 when left out); the database 0–65535 (0 when
/// left out); the user and password percent-decoded (`%40` for `@`). `rediss://` (TLS) and
/// query parameters are refused with a message that says so, never silently ignored.
///
/// The password never appears in ``endpoint``, in ``description`` or in an error.
public struct RedisURL: Sendable, Hashable, CustomStringConvertible {
    /// The host: a name or an address (an IPv6 address without its brackets).
    public var host: String
    /// The TCP port, 1–65535.
    public var port: Int
    /// The user for `AUTH user password` (Redis 6 ACLs), or `nil` for `AUTH password`.
    public var user: String?
    /// The password, or `nil` when the server needs none.
    public var password: String?
    /// The database `SELECT`ed after connecting, 0–65535.
    public var database: Int

    /// Reads a URL.
    ///
    /// - Throws: ``RedisError`` (`.invalidURL`) saying what is wrong: the scheme, an empty
    ///   host, a port or database that is not a number in range, a bad percent escape.
    public init(_ text: String) throws(RedisError) {
        func invalid(_ why: String) -> RedisError { RedisError(endpoint: "", .invalidURL(why)) }
        let schemeEnd = text.firstRange(of: "://")
        guard let schemeEnd else { throw invalid("it does not start with redis://") }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        if scheme == "rediss" { throw invalid("rediss:// (TLS) is not supported; use redis:// over a trusted network or a TLS tunnel") }
        guard scheme == "redis" else { throw invalid("the scheme is '\(Self.shown(scheme))', not redis") }
        var rest = Substring(text[schemeEnd.upperBound...])
        if rest.contains("?") || rest.contains("#") { throw invalid("it has a query or fragment (?…, #…), which this client does not read") }
        // The credentials end at the last '@' (a password may hold '/' or '@' unescaped), so
        // no piece of a password is ever read as the host, port or database a message quotes.
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                let user = credentials[..<colon]
                self.user = user.isEmpty ? nil : try Self.decoded(user, what: "user")
                password = try Self.decoded(credentials[credentials.index(after: colon)...], what: "password")
            } else {
                // redis://secret@host: a lone credential is the password, as redis-cli reads it.
                password = try Self.decoded(credentials, what: "password")
            }
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw invalid("the IPv6 address has no closing ']'") }
            host = String(rest[rest.index(after: rest.startIndex)..<close])
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid("something follows the IPv6 address that is not ':port'") }
                portText = after.dropFirst()
            }
        } else if let colon = rest.lastIndex(of: ":") {
            host = String(rest[..<colon])
            portText = rest[rest.index(after: colon)...]
        } else {
            host = String(rest)
        }
        guard !host.isEmpty else { throw invalid("the host is empty") }
        guard host.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { throw invalid("the host holds spaces or characters outside ASCII") }
        port = 6379
        if let portText {
            guard let number = Int(portText), (1...65_535).contains(number), portText.allSatisfy(\.isASCIIDigit) else {
                throw invalid("the port '\(Self.shown(portText))' is not a number from 1 to 65535")
            }
            port = number
        }
        database = 0
        if !path.isEmpty {
            guard let number = Int(path), (0...65_535).contains(number), path.allSatisfy(\.isASCIIDigit) else {
                throw invalid("the database '\(Self.shown(path))' is not a number from 0 to 65535")
            }
            database = number
        }
    }

    /// `host:port`, with an IPv6 host in brackets: how messages name the server.
    public var endpoint: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The URL without its password: `redis://:***@host:port/db`.
    public var description: String {
        let credentials = password == nil ? (user.map { "\($0)@" } ?? "") : "\(user ?? ""):***@"
        return "redis://\(credentials)\(endpoint)/\(database)"
    }

    /// A piece of the URL percent-decoded.
    private static func decoded(_ text: Substring, what: String) throws(RedisError) -> String {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first < utf8.endIndex, utf8.index(after: first) < utf8.endIndex,
                      let high = hexValue(utf8[first]), let low = hexValue(utf8[utf8.index(after: first)]) else {
                    throw RedisError(endpoint: "", .invalidURL("the \(what) has a '%' not followed by two hexadecimal digits"))
                }
                bytes.append(high << 4 | low)
                index = utf8.index(first, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A piece of a URL (not a credential) quoted in a message: the package's one rule for
    /// text from outside, cut short.
    private static func shown(_ text: some StringProtocol) -> String {
        PrintableText.escaped(String(text), maximumLength: 40)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
