/// The text of an XML element as written in KMA's XML answers (`dataType=XML`), decoded: the
/// five predefined entities (`&lt;` `&gt;` `&amp;` `&quot;` `&apos;`) and numeric character
/// references, hexadecimal (`&#xB9D1;`) and decimal (`&#47569;`), in one pass (so `&amp;#65;`
/// is the text `&#65;`, not `A`).
///
/// A numeric reference must name a character XML allows (U+0009, U+000A, U+000D,
/// U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF) with at least one digit and a closing `;`;
/// anything else (`&#xD800;`, `&#0;`, `&#x110000;`, `&#12`, `&#x;`) is refused with
/// ``XMLTextError``, never shown undecoded or guessed at. An `&` that starts no reference (a
/// bare ampersand, an undeclared entity such as `&nbsp;`) is kept as it is written.
public enum XMLText {
    /// The decoded text of `raw`.
    ///
    /// - Throws: ``XMLTextError`` for the first numeric character reference that is invalid.
    public static func decode(_ raw: some StringProtocol) throws(XMLTextError) -> String {
        let bytes = Array(raw.utf8)
        guard bytes.contains(UInt8(ascii: "&")) else { return String(raw) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                out.append(byte)
                index += 1
                continue
            }
            if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "#") {
                let (scalar, end) = try numericReference(bytes, at: index)
                out += Array(String(Character(scalar)).utf8)
                index = end
                continue
            }
            var matched = false
            for (entity, replacement) in entities where bytes[index...].starts(with: entity) {
                out.append(replacement)
                index += entity.count
                matched = true
                break
            }
            if !matched {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let entities: [([UInt8], UInt8)] = [
        (Array("&lt;".utf8), UInt8(ascii: "<")), (Array("&gt;".utf8), UInt8(ascii: ">")),
        (Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&quot;".utf8), UInt8(ascii: "\"")),
        (Array("&apos;".utf8), UInt8(ascii: "'")),
    ]

    /// The character of the reference starting at `start` (`&#…;`) and the index after it.
    private static func numericReference(_ bytes: [UInt8], at start: Int) throws(XMLTextError) -> (Unicode.Scalar, Int) {
        var index = start + 2
        let hex = index < bytes.count && (bytes[index] == UInt8(ascii: "x") || bytes[index] == UInt8(ascii: "X"))
        if hex { index += 1 }
        var value: UInt32 = 0
        var digits = 0
        while index < bytes.count {
            let digit: UInt32
            if hex, let nibble = HexDigit.value(bytes[index]) {
                digit = UInt32(nibble)
            } else if !hex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                digit = UInt32(bytes[index] - UInt8(ascii: "0"))
            } else {
                break
            }
            // Saturating above the last code point: any longer number names no character.
            value = min(value * (hex ? 16 : 10) + digit, 0x11_0000)
            digits += 1
            index += 1
        }
        // As written, up to its ';' (at most 16 characters).
        let semicolon = bytes[start..<min(bytes.count, start + 16)].firstIndex(of: UInt8(ascii: ";"))
        let shown = String(decoding: bytes[start..<(semicolon.map { $0 + 1 } ?? min(bytes.count, start + 16))], as: UTF8.self)
        guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            throw XMLTextError(reference: shown, reason: digits == 0 ? "it has no \(hex ? "hexadecimal " : "")digits" : "it does not end with ';' after its digits")
        }
        guard Self.isXMLCharacter(value), let scalar = Unicode.Scalar(value) else {
            throw XMLTextError(reference: shown, reason: "it names no character XML allows (a surrogate, a control character, or beyond U+10FFFF)")
        }
        return (scalar, index + 1)
    }

    /// XML 1.0's `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    private static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }
}

/// A numeric character reference in XML text that names no character (see ``XMLText``).
public struct XMLTextError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reference as written (at most 16 characters of it).
    public var reference: String
    /// Why it is invalid.
    public var reason: String

    /// `the character reference '&#xD800;' is invalid: it names no character XML allows …`
    public var description: String {
        "the character reference '\(PrintableText.excerpt(reference))' is invalid: \(reason)"
    }
}
