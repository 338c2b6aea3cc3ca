/// A service key (`serviceKey` on data.go.kr, `authKey` on the API Hub), normalised so it is
/// sent percent-encoded exactly once, whichever form was pasted.
///
/// ```swift
/// let key = try ServiceKey("abc%2Bdef%2F%3D%3D")   // the portal's "Encoding" key
/// let same = try ServiceKey("abc+def/==")          // the "Decoding" key
/// key == same                                       // true
/// print(key)                                        // ServiceKey(REDACTED)
/// ```
///
/// The portal shows an "Encoding" key (already percent-encoded: `%2B`, `%2F`, `%3D`) and a
/// "Decoding" key; sending the Encoding key through a query builder encodes it twice, and KMA
/// answers SERVICE_KEY_IS_NOT_REGISTERED_ERROR or HTTP 403. So a key that contains `%XX` is
/// decoded first (repeatedly, so a key encoded twice by hand also works: a real key never
/// contains `%`), and the request encodes every byte outside `A–Z a–z 0–9 - . _ ~`
/// (`+` → `%2B`, `/` → `%2F`, `=` → `%3D`).
///
/// The key never appears in a description, an error, a log line or a cache file.
public struct ServiceKey: Hashable, Sendable {
    /// The key as KMA issued it (decoded).
    internal let decoded: String

    /// Normalises a pasted key.
    ///
    /// Surrounding whitespace and line breaks are removed.
    ///
    /// - Parameter pasted: The Encoding or Decoding key.
    /// - Throws: ``ForecastClientError`` with ``ForecastClientError/Reason/invalidServiceKey(_:)``
    ///   for an empty key, a key with spaces, control or non-ASCII characters inside, or a `%`
    ///   not followed by two hexadecimal digits. The message never quotes the key.
    public init(_ pasted: String) throws(ForecastClientError) {
        var bytes = Array(pasted.utf8)
        while let last = bytes.last, Self.isSpace(last) { bytes.removeLast() }
        while let first = bytes.first, Self.isSpace(first) { bytes.removeFirst() }
        guard !bytes.isEmpty else {
            throw ForecastClientError(.invalidServiceKey("the key is empty"))
        }
        for byte in bytes {
            guard byte > 0x20, byte < 0x7F else {
                throw ForecastClientError(.invalidServiceKey(
                    "the key contains a space, a control character or a non-ASCII character; copy it again from the portal"
                ))
            }
        }
        // Decode %XX until none is left (a real key never contains '%').
        var rounds = 0
        while bytes.contains(UInt8(ascii: "%")) {
            guard rounds < 3, let decoded = Self.percentDecode(bytes) else {
                throw ForecastClientError(.invalidServiceKey(
                    "the key contains '%' not followed by two hexadecimal digits; paste the key exactly as the portal shows it"
                ))
            }
            bytes = decoded
            rounds += 1
        }
        guard !bytes.isEmpty else { throw ForecastClientError(.invalidServiceKey("the key is empty")) }
        self.decoded = String(decoding: bytes, as: UTF8.self)
    }

    /// The key percent-encoded once, as it goes into the query string.
    internal var percentEncoded: String {
        var out: [UInt8] = []
        out.reserveCapacity(decoded.utf8.count * 3)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in decoded.utf8 {
            if Self.isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The forms of the key that must be removed from any text shown or stored: decoded, and
    /// encoded once with upper- and lower-case hex digits.
    internal var redactionForms: [String] {
        let encoded = percentEncoded
        return Array(Set([decoded, encoded, encoded.lowercased() == encoded ? encoded : lowerHex(encoded)]))
    }

    private func lowerHex(_ encoded: String) -> String {
        var out = Array(encoded.utf8)
        var index = 0
        while index < out.count {
            if out[index] == UInt8(ascii: "%"), index + 2 < out.count {
                for offset in 1...2 where out[index + offset] >= UInt8(ascii: "A") && out[index + offset] <= UInt8(ascii: "F") {
                    out[index + offset] += 32
                }
                index += 3
            } else {
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with the key removed (in any of its forms) and any `serviceKey=`/`authKey=`
    /// value redacted.
    internal func redact(_ text: String) -> String {
        KeyRedaction.redact(text, keys: redactionForms)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// `%XX` → byte; `nil` if a `%` is not followed by two hex digits. `+` stays `+`.
    private static func percentDecode(_ bytes: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                    return nil
                }
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension ServiceKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// `ServiceKey(REDACTED)`: the key itself is never printed.
    public var description: String { "ServiceKey(\(KeyRedaction.placeholder))" }
    /// `ServiceKey(REDACTED)`.
    public var debugDescription: String { description }
}
