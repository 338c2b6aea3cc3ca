import Foundation

/// The bearer tokens a server accepts (`--tokens FILE`), kept only as SHA-256 hashes: the
/// file holds one hash a line (64 hexadecimal digits, then optionally a space and a client
/// name for the logs and the per-client limit), `#` comments and blank lines. A token is
/// checked by hashing it and comparing with every hash in constant time (no early exit), so
/// neither the tokens nor how much of one matched leak.
///
/// ```
/// # sha256 of each token:  printf %s "$TOKEN" | sha256sum
/// 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08 ios-app
/// ```
public struct ServeTokens: Sendable, Hashable {
    struct Entry: Sendable, Hashable {
        var hash: [UInt8]
        var name: String
    }

    let entries: [Entry]

    /// Tokens from the text of a tokens file.
    ///
    /// - Throws: ``ServeOptionError/tokens(_:)`` naming the first bad line, and for an empty list.
    public init(text: String) throws(ServeOptionError) {
        var entries: [Entry] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            let hex = fields[0].lowercased()
            guard hex.count == 64, let hash = Self.bytes(hex: hex) else {
                throw .tokens("line \(number + 1) is not a SHA-256 hash (64 hexadecimal digits, then optionally a name): hash each token with 'printf %s TOKEN | sha256sum'")
            }
            entries.append(Entry(hash: hash, name: fields.count == 2 ? fields[1] : "token-" + String(hex.prefix(8))))
        }
        guard !entries.isEmpty else { throw .tokens("the file lists no token hashes") }
        self.entries = entries
    }

    /// The client name of a presented token, or `nil` when it is none of the list.
    func client(presenting token: String) -> String? {
        let hash = SHA256.hash(Array(token.utf8))
        var found: String?
        for entry in entries where SHA256.constantTimeEqual(entry.hash, hash) && found == nil {
            found = entry.name
        }
        return found
    }

    /// The hash of a token, as a tokens file holds it (64 lower-case hexadecimal digits).
    public static func hash(of token: String) -> String {
        SHA256.hex(SHA256.hash(Array(token.utf8)))
    }

    private static func bytes(hex: String) -> [UInt8]? {
        var out: [UInt8] = []
        var high: UInt8?
        for scalar in hex.unicodeScalars {
            guard let digit = UInt8(String(scalar), radix: 16) else { return nil }
            if let value = high {
                out.append(value << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        return out.count == 32 ? out : nil
    }
}
