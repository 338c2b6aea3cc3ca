/// Recognises bodies that are not a JSON forecast page before any JSON is read: empty bodies,
/// the gateway's XML envelope, XML forecasts (`dataType=XML`, or the retired service), HTML
/// pages, and other text.
enum ResponseSniffer {
    /// The offset of the first byte after a UTF-8 byte order mark and whitespace.
    static func contentStart(_ bytes: UnsafeRawBufferPointer) -> Int {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            index += 1
        }
        return index
    }

    /// The error for a body that does not start with `{`, or `nil` if it does.
    static func problem(_ bytes: UnsafeRawBufferPointer, start: Int) -> ForecastResponseError? {
        guard start < bytes.count else { return .empty }
        if bytes[start] == UInt8(ascii: "{") { return nil }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + 65_536)]), as: UTF8.self)
        let lower = text.lowercased()
        if bytes[start] == UInt8(ascii: "<") {
            // The gateway's envelope, also with a namespace prefix (`<ns2:OpenAPI_ServiceResponse>`).
            if openTag("OpenAPI_ServiceResponse", in: Array(text.utf8)) != nil {
                return .gateway(
                    reasonCode: ResultCode(rawValue: element("returnReasonCode", in: text) ?? ""),
                    authMessage: element("returnAuthMsg", in: text) ?? "",
                    errorMessage: element("errMsg", in: text) ?? ""
                )
            }
            if lower.hasPrefix("<!doctype html") || lower.contains("<html") {
                return .html(title: element("title", in: text))
            }
            if let code = element("resultCode", in: text) {
                if code == "0000" { return .legacyFormat("resultCode 0000 in XML") }
                if code != "00" {
                    return .resultCode(ResultCode(rawValue: code), message: element("resultMsg", in: text) ?? "")
                }
                return .xmlNotSupported
            }
            return .xmlNotSupported
        }
        let excerpt = String(text.prefix(60)).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return .malformedJSON(offset: start, reason: "expected '{' to start a JSON response, but the body begins with \"\(KeyRedaction.redact(excerpt))\"")
    }

    /// The text of the first `<name>…</name>` element, trimmed, with the basic XML entities
    /// resolved; `""` for `<name/>`. Tag names are compared by their local name, ignoring a
    /// namespace prefix (`<ns2:name>`) and ASCII case.
    static func element(_ name: String, in text: String) -> String? {
        let bytes = Array(text.utf8)
        guard let tag = openTag(name, in: bytes) else { return nil }
        if tag.selfClosing { return "" }
        let close = [UInt8(ascii: "<"), UInt8(ascii: "/")] + tag.qualifiedName
        guard let closeAt = ByteSearch.firstIndex(of: close, in: bytes, from: tag.contentStart, ignoringASCIICase: true) else { return nil }
        let content = String(decoding: bytes[tag.contentStart..<closeAt], as: UTF8.self)
        return unescapeXML(content).trimmingWhitespace()
    }

    /// The first start tag whose local name is `name` (any prefix, ASCII case ignored): its
    /// name as written (prefix included), where its content starts, and whether it is `<name/>`.
    static func openTag(_ name: String, in bytes: [UInt8]) -> (qualifiedName: [UInt8], contentStart: Int, selfClosing: Bool)? {
        let wanted = Array(name.utf8)
        var index = 0
        while index < bytes.count, let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let nameStart = open + 1
            var nameEnd = nameStart
            while nameEnd < bytes.count, !isTagNameEnd(bytes[nameEnd]) { nameEnd += 1 }
            index = max(nameEnd, nameStart)
            guard nameEnd > nameStart else { continue }
            let qualified = Array(bytes[nameStart..<nameEnd])
            // `</…`, `<?…`, `<!…` never match: their first byte is not part of a name.
            let local = qualified.lastIndex(of: UInt8(ascii: ":")).map { Array(qualified[($0 + 1)...]) } ?? qualified
            guard local.count == wanted.count, zip(local, wanted).allSatisfy({ ByteSearch.lowercasedASCII($0) == ByteSearch.lowercasedASCII($1) }) else { continue }
            guard let tagEnd = bytes[nameEnd...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            return (qualified, tagEnd + 1, bytes[tagEnd - 1] == UInt8(ascii: "/"))
        }
        return nil
    }

    /// The bytes of an XML text without its comments (`<!-- … -->`, of any length), or `nil`
    /// when a comment is never closed. Comments are found only outside them: `<!--` inside
    /// a comment is part of it.
    static func removingXMLComments(_ bytes: [UInt8]) -> [UInt8]? {
        let open = Array("<!--".utf8), close = Array("-->".utf8)
        guard var start = ByteSearch.firstIndex(of: open, in: bytes, from: 0, ignoringASCIICase: false) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var copied = 0
        while true {
            out.append(contentsOf: bytes[copied..<start])
            guard let end = ByteSearch.firstIndex(of: close, in: bytes, from: start + open.count, ignoringASCIICase: false) else { return nil }
            copied = end + close.count
            guard let next = ByteSearch.firstIndex(of: open, in: bytes, from: copied, ignoringASCIICase: false) else { break }
            start = next
        }
        out.append(contentsOf: bytes[copied...])
        return out
    }

    private static func isTagNameEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "<")
    }

    /// The text with entities and numeric character references decoded (``XMLText``); one
    /// with an invalid reference keeps its references as written (only the five entities
    /// decoded), as this reads envelopes to classify them, not to show their data.
    static func unescapeXML(_ text: String) -> String {
        guard text.contains("&") else { return text }
        if let decoded = try? XMLText.decode(text) { return decoded }
        var out = text
        for (entity, replacement) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&amp;", "&")] {
            out = out.replacingEvery(entity, with: replacement)
        }
        return out
    }
}

extension String {
    /// Every occurrence of `target` replaced by `replacement` (no Foundation).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound]
            out += replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
