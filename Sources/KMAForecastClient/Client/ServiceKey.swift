import KMAForecast

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
/// "Decoding" key. Sending the Encoding key through a query builder encodes it twice, and KMA
/// answers SERVICE_KEY_IS_NOT_REGISTERED_ERROR or HTTP 403. So a key that contains `%XX` is
/// decoded first (again while `%XX` remains, so a key encoded twice by hand works too: a real
/// key never contains `%`), and the request encodes every byte outside `A–Z a–z 0–9 - . _ ~`
/// (`+` → `%2B`, `/` → `%2F`, `=` → `%3D`). A literal `+` is kept as `+`, never read as a space.
///
/// The key never appears in a description, an error, a log line or a cache file.
public struct ServiceKey: Hashable, Sendable {
    /// The key as KMA issued it (decoded).
    internal let decoded: String

    /// Normalises a pasted key. Surrounding whitespace and line breaks are removed.
    ///
    /// - Parameter pasted: The Encoding or the Decoding key.
    /// - Throws: ``ForecastClientError`` with ``ForecastClientError/Reason/invalidServiceKey(_:)``
    ///   for an empty key, a key with spaces, control or non-ASCII characters inside, or a `%`
    ///   not followed by two hexadecimal digits. The message never quotes the key.
    public init(_ pasted: String) throws(ForecastClientError) {
        var bytes = Array(pasted.trimmingASCIIWhitespace().utf8)
        guard !bytes.isEmpty else {
            throw ForecastClientError(.invalidServiceKey("the key is empty"))
        }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw ForecastClientError(.invalidServiceKey(
                "the key contains a space, a control character or a non-ASCII character; copy it again from the portal"
            ))
        }
        var rounds = 0
        while bytes.contains(UInt8(ascii: "%")) {
            guard rounds < 3, let decoded = Self.percentDecode(bytes) else {
                throw ForecastClientError(.invalidServiceKey(
                    "the key contains a '%' that is not followed by two hexadecimal digits; paste the key exactly as the portal shows it"
                ))
            }
            bytes = decoded
            rounds += 1
        }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw ForecastClientError(.invalidServiceKey(
                "the key decodes to a space, a control character or a non-ASCII character; copy it again from the portal"
            ))
        }
        self.decoded = String(decoding: bytes, as: UTF8.self)
    }

    /// The key percent-encoded once, as it goes into the query string.
    internal var percentEncoded: String {
        var out: [UInt8] = []
        out.reserveCapacity(decoded.utf8.count * 3)
        for byte in decoded.utf8 {
            if Self.isUnreserved(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(HexDigit.byte(byte >> 4, uppercase: true))
                out.append(HexDigit.byte(byte & 0x0F, uppercase: true))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with the key removed in every form it could be echoed in (see ``KeyRedaction``:
    /// encoded any number of times up to three, any letter case, `+` as a space, `+ / =`
    /// dropped, any piece of 12 characters or more) and any `serviceKey=`/`authKey=` value
    /// redacted.
    internal func redact(_ text: String) -> String {
        KeyRedaction.redact(text, keys: [decoded])
    }

    /// Whether `bytes` contain the key in any form ``redact(_:)`` removes.
    internal func occurs(in bytes: [UInt8]) -> Bool {
        KeyRedaction.contains(decoded, in: bytes)
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
                guard index + 2 < bytes.count, let high = HexDigit.value(bytes[index + 1]), let low = HexDigit.value(bytes[index + 2]) else {
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
}

extension ServiceKey: CustomStringConvertible, CustomDebugStringConvertible {
    /// `ServiceKey(REDACTED)`: the key itself is never printed.
    public var description: String { "ServiceKey(\(KeyRedaction.placeholder))" }
    /// `ServiceKey(REDACTED)`.
    public var debugDescription: String { description }
}

extension ServiceKey: CustomReflectable {
    /// No children, so `dump(_:)` and debuggers show no key either.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
