/// One answer as the coordinator stores it: the JSON body, when it was fetched, when KMA's
/// schedule says a newer one exists, and its entity tag. Stored as one header line
/// (`KMAS1 <fetchedAt> <nextUpdate> <etag>`, Unix seconds) and the body after it, so any
/// instance reading it needs nothing else.
struct ServedEntry: Sendable, Hashable {
    /// When the forecast was fetched (Unix seconds, by the server's clock).
    var fetchedAt: Int64
    /// When KMA's schedule says a newer forecast exists (Unix seconds); `Cache-Control`'s
    /// `max-age` counts down to it.
    var nextUpdate: Int64
    /// The strong entity tag of the body, quoted (`"…"`).
    var etag: String
    /// The JSON.
    var body: [UInt8]

    /// An entry whose tag is the body's SHA-256 (its first 128 bits, hexadecimal).
    init(fetchedAt: Int64, nextUpdate: Int64, body: [UInt8]) {
        self.fetchedAt = fetchedAt
        self.nextUpdate = nextUpdate
        self.body = body
        etag = "\"" + SHA256.hex(SHA256.hash(body)).prefix(32) + "\""
    }

    private init(fetchedAt: Int64, nextUpdate: Int64, etag: String, body: [UInt8]) {
        self.fetchedAt = fetchedAt
        self.nextUpdate = nextUpdate
        self.etag = etag
        self.body = body
    }

    /// The stored bytes.
    var bytes: [UInt8] {
        Array("KMAS1 \(fetchedAt) \(nextUpdate) \(etag)\n".utf8) + body
    }

    /// An entry from stored bytes, or `nil` when they are not one (another version, damaged).
    init?(bytes: [UInt8]) {
        guard let newline = bytes.prefix(200).firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        guard fields.count == 4, fields[0] == "KMAS1", let fetched = Int64(fields[1]), let next = Int64(fields[2]) else { return nil }
        self.init(fetchedAt: fetched, nextUpdate: next, etag: String(fields[3]), body: Array(bytes[(newline + 1)...]))
    }
}
