/// Decodes KMA's answer to `getFcstVersion`: the version of a product's data file for one run.
///
/// ```json
/// {"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},
///  "body":{"dataType":"JSON","items":{"item":{"filetype":"ODAM","version":"20210628092217"}},
///          "pageNo":1,"numOfRows":10,"totalCount":1}}}
/// ```
///
/// `items.item` may be an object or a list (the item whose `filetype` matches is used; an item
/// without `filetype` is taken as the one asked for); `version` may be a string or a number.
/// Any answer that is not a successful one — a `resultCode` other than `00` (NO_DATA for a
/// run KMA has not made yet), the gateway's XML envelope, HTML, an empty or cut body — gives
/// exactly the ``ForecastResponseError`` that ``ForecastPageDecoder`` gives for a forecast
/// page, because it is that decoder that reads it.
public enum FileVersionDecoder {
    /// The version in an answer.
    ///
    /// - Parameters:
    ///   - bytes: The response body.
    ///   - fileType: The `ftype` asked for: `ODAM`, `VSRT` or `SHRT` (``ForecastProduct/fileType``).
    /// - Returns: The file version.
    /// - Throws: ``ForecastResponseError``; ``ForecastResponseError/unexpectedShape(_:)`` for a
    ///   successful answer without a version for `fileType`, or with a version that is not
    ///   `YYYYMMDDHHMMSS`.
    public static func decode(_ bytes: [UInt8], fileType: String) throws(ForecastResponseError) -> ForecastFileVersion {
        let scanned: Result<Scan, ForecastResponseError> = bytes.withUnsafeBytes { raw in
            do throws(ForecastResponseError) {
                let start = ResponseSniffer.contentStart(raw)
                if let problem = ResponseSniffer.problem(raw, start: start) { throw problem }
                var scan = Scan()
                var reader = JSONReader(raw, position: start)
                try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                    if reader.key(key, is: "response") {
                        try scan.response(&reader)
                    } else {
                        try reader.skipValue()
                    }
                }
                reader.skipWhitespace()
                guard reader.atEnd else { throw reader.malformed("expected the end of the body after the JSON object") }
                return .success(scan)
            } catch {
                return .failure(error)
            }
        }
        let scan = try scanned.get()
        guard scan.resultCode == "00" else {
            // Not a success: the page decoder reads errors (and any envelope it knows) the
            // same way for every operation.
            _ = try ForecastPageDecoder.decode(bytes)
            throw .unexpectedShape("the getFcstVersion answer has no resultCode 00")
        }
        let wanted = fileType.uppercased()
        let candidates = scan.items.filter { $0.fileType.map { $0.uppercased() == wanted } ?? true }
        guard let item = candidates.first, let text = item.version else {
            let found = scan.items.compactMap(\.fileType).joined(separator: ", ")
            throw .unexpectedShape("the getFcstVersion answer has no version for ftype \(wanted)" + (found.isEmpty ? "" : " (it has \(found.prefix(60)))"))
        }
        guard let version = ForecastFileVersion(text) else {
            throw .unexpectedShape("the getFcstVersion answer's version '\(KeyRedaction.redact(String(text.prefix(40))))' is not YYYYMMDDHHMMSS")
        }
        return version
    }

    /// What a walk over the answer found.
    private struct Scan {
        struct Item {
            var fileType: String?
            var version: String?
        }

        var resultCode: String?
        var items: [Item] = []

        mutating func response(_ reader: inout JSONReader) throws(ForecastResponseError) {
            guard try reader.peek() == UInt8(ascii: "{") else { throw .unexpectedShape("'response' is not an object") }
            try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                if reader.key(key, is: "header") {
                    try header(&reader)
                } else if reader.key(key, is: "body") {
                    try body(&reader)
                } else {
                    try reader.skipValue()
                }
            }
        }

        private mutating func header(_ reader: inout JSONReader) throws(ForecastResponseError) {
            guard try reader.peek() == UInt8(ascii: "{") else { throw .unexpectedShape("'response.header' is not an object") }
            try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                if reader.key(key, is: "resultCode") {
                    resultCode = ResultCode.text(sent: try reader.scalarText("resultCode"))
                } else {
                    try reader.skipValue()
                }
            }
        }

        private mutating func body(_ reader: inout JSONReader) throws(ForecastResponseError) {
            if try reader.consumeNull() { return }
            guard try reader.peek() == UInt8(ascii: "{") else { throw .unexpectedShape("'response.body' is not an object") }
            try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                guard reader.key(key, is: "items") else { return try reader.skipValue() }
                switch try reader.peek() {
                case UInt8(ascii: "{"):
                    try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                        guard reader.key(key, is: "item") else { return try reader.skipValue() }
                        switch try reader.peek() {
                        case UInt8(ascii: "{"):
                            try item(&reader)
                        case UInt8(ascii: "["):
                            try reader.forEachElement { (reader: inout JSONReader) throws(ForecastResponseError) in
                                guard try reader.peek() == UInt8(ascii: "{") else { throw .unexpectedShape("an item of getFcstVersion is not an object") }
                                try item(&reader)
                            }
                        default:
                            try reader.skipValue()
                        }
                    }
                default:
                    // "" or null: no items.
                    try reader.skipValue()
                }
            }
        }

        private mutating func item(_ reader: inout JSONReader) throws(ForecastResponseError) {
            var found = Item()
            try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                if reader.key(key, is: "filetype") {
                    found.fileType = try reader.scalarText("filetype")
                } else if reader.key(key, is: "version") {
                    found.version = try reader.scalarText("version")
                } else {
                    try reader.skipValue()
                }
            }
            items.append(found)
        }
    }
}
