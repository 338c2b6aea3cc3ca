import Foundation

/// How a server listens, whom it answers and how much it asks of KMA: what
/// `kma-forecast serve`'s options set (``init(listen:dailyQuota:tokensFile:cors:logFormat:)``
/// reads them as given).
public struct ServeConfiguration: Sendable {
    /// The IPv4 address to listen on; default `127.0.0.1` (this machine only).
    public var host = "127.0.0.1"
    /// The port, 0…65535 (0: one the system picks, see ``ServeServer/port``); default 8080.
    public var port: UInt16 = 8080
    /// KMA calls per operation per KST day, shared by every client (and every instance on one
    /// coordinator); `nil` for no quota. Past it: stale answers with their age, or 503.
    public var dailyQuota: Int?
    /// KMA requests per second per operation, shared; KMA allows 30.
    public var kmaRequestsPerSecond = 30
    /// The bearer tokens accepted, or `nil` for none required.
    public var tokens: ServeTokens?
    /// The origin allowed by CORS (`Access-Control-Allow-Origin`), or `nil` for no CORS headers.
    public var corsOrigin: String?
    /// Requests per second per client (its token's name, else its address), sustained; 0 for no limit.
    public var clientRequestsPerSecond: Double = 50
    /// Requests a client may send at once above its rate.
    public var clientBurst = 100
    /// Connections open at once, at most; one more is answered 503 and closed.
    public var maximumConnections = 512
    /// The longest time a request's head may take to arrive, from its first byte (slow
    /// clients are cut off with 408).
    public var requestTimeout: Duration = .seconds(10)
    /// How long a kept-alive connection may sit idle before it is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// How long SIGTERM waits for requests in flight before exiting anyway.
    public var drainTimeout: Duration = .seconds(30)
    /// The longest URL (bytes), header block (bytes) and header count accepted.
    public var maximumURLLength = 2_048, maximumHeaderBytes = 16_384, maximumHeaderCount = 64

    /// The defaults (127.0.0.1:8080, no quota, no tokens, no CORS).
    public init() {}

    /// A configuration from the options' texts as given (`nil`: not given).
    ///
    /// - Throws: ``ServeOptionError`` for the first option that cannot be used.
    public init(listen: String?, dailyQuota: String?, tokensFile: String?, cors: String?) throws(ServeOptionError) {
        if let listen {
            let parts = listen.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let port = UInt16(parts[1]), Self.isIPv4(String(parts[0])) else { throw .listen(listen) }
            host = String(parts[0])
            self.port = port
        }
        if let dailyQuota {
            guard let quota = Int(dailyQuota), (1...10_000_000).contains(quota) else { throw .dailyQuota(dailyQuota) }
            self.dailyQuota = quota
        }
        if let tokensFile {
            guard let data = FileManager.default.contents(atPath: tokensFile) else {
                throw .tokens("'\(tokensFile)' cannot be read (no such file, or no permission)")
            }
            tokens = try ServeTokens(text: String(decoding: data, as: UTF8.self))
        }
        if let cors {
            guard cors == "*" || Self.isOrigin(cors) else { throw .cors(cors) }
            corsOrigin = cors
        }
    }

    /// `scheme://host[:port]` with no path, query or user.
    static func isOrigin(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme, ["http", "https"].contains(scheme),
              let host = components.host, !host.isEmpty, components.path.isEmpty, components.query == nil,
              components.user == nil, components.fragment == nil else { return false }
        return true
    }

    /// Whether `text` is a dotted-quad IPv4 address (four numbers 0…255).
    static func isIPv4(_ text: String) -> Bool {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { $0.count <= 3 && !$0.isEmpty && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }
    }
}
