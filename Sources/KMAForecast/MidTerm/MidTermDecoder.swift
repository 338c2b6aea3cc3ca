/// Decodes the answers of KMA's mid-term service (`getMidTa`, `getMidLandFcst`, `getMidFcst`):
/// bytes in, typed days out. Pure: no network, no clock.
///
/// ```swift
/// let issue = MidTermIssue(tmFc: "202610040600")!
/// let temperatures = try MidTermDecoder.temperatures(taBody, issue: issue)
/// let land = try MidTermDecoder.landForecast(landBody, issue: issue)
/// ```
///
/// - **JSON and XML.** In JSON the numbers are JSON numbers; in XML (`dataType=XML`) they are
///   element text: both are read. `items.item` may be a list (its first element is used: the
///   answer has one) or a single object.
/// - **Missing.** An absent key, `""` and `null` (and KMA's ±900 filler) are all "missing":
///   never 0 % nor 맑음.
/// - **Day numbers.** Only the days the run carries are read (``MidTermIssue/days``: 4–10 for an
///   06 run, 5–10 for an 18 run): day-3 keys of the layout before 2024-11-28, and day-4 keys
///   that other clients report in an 18 run as `""`, `null` or `0`, are ignored.
/// - **Errors** are ``ForecastResponseError``, classified as for the short-term service:
///   `resultCode` other than `00` (`03` NO_DATA for a retired region …), the gateway's
///   envelope in XML or JSON (`returnReasonCode` 22, 23, 30 …), API Hub's refusals, HTML, an
///   empty or cut body; an answer with no item is ``ForecastResponseError/emptyRun``; a value
///   that is neither a number nor missing where a number belongs is
///   ``ForecastResponseError/unexpectedShape(_:)``, and so is a day whose low is above its
///   high (`taMin4=40, taMax4=-40`).
public enum MidTermDecoder {
    /// Decodes a `getMidTa` answer.
    ///
    /// - Parameters:
    ///   - bytes: The response body.
    ///   - issue: The run asked for (decides which day numbers exist).
    /// - Throws: ``ForecastResponseError``.
    public static func temperatures(_ bytes: [UInt8], issue: MidTermIssue) throws(ForecastResponseError) -> MidTermTemperatures {
        let item = try self.item(bytes)
        var days: [MidTermTemperatures.Day] = []
        for n in issue.days {
            let day = MidTermTemperatures.Day(
                day: n,
                minimum: try item.number("taMin\(n)", range: -80...70),
                maximum: try item.number("taMax\(n)", range: -80...70),
                minimumLow: try item.number("taMin\(n)Low", range: 0...50),
                minimumHigh: try item.number("taMin\(n)High", range: 0...50),
                maximumLow: try item.number("taMax\(n)Low", range: 0...50),
                maximumHigh: try item.number("taMax\(n)High", range: 0...50)
            )
            if let low = day.minimum, let high = day.maximum, low > high {
                throw .unexpectedShape("taMin\(n) is \(plain(low)) °C, above taMax\(n) \(plain(high)) °C: a day's low cannot be above its high")
            }
            if day.minimum != nil || day.maximum != nil { days.append(day) }
        }
        return MidTermTemperatures(regionID: item.text("regId") ?? "", issue: issue, days: days)
    }

    /// Decodes a `getMidLandFcst` answer.
    ///
    /// - Parameters:
    ///   - bytes: The response body.
    ///   - issue: The run asked for (decides which day numbers exist).
    /// - Throws: ``ForecastResponseError``.
    public static func landForecast(_ bytes: [UInt8], issue: MidTermIssue) throws(ForecastResponseError) -> MidTermLandForecast {
        let item = try self.item(bytes)
        func half(_ suffix: String) throws(ForecastResponseError) -> MidTermLandForecast.Half? {
            let pop = try item.number("rnSt" + suffix, range: 0...100).map { Int($0.rounded()) }
            let weather = item.text("wf" + suffix).map(MidTermWeather.init(text:))
            return pop == nil && weather == nil ? nil : MidTermLandForecast.Half(weather: weather, probabilityOfPrecipitation: pop)
        }
        var days: [MidTermLandForecast.Day] = []
        for n in issue.days {
            let day: MidTermLandForecast.Day
            if n <= 7 {
                day = .init(day: n, morning: try half("\(n)Am"), afternoon: try half("\(n)Pm"), isHalfDaySplit: true)
            } else {
                let whole = try half("\(n)")
                day = .init(day: n, morning: whole, afternoon: whole, isHalfDaySplit: false)
            }
            if day.morning != nil || day.afternoon != nil { days.append(day) }
        }
        return MidTermLandForecast(regionID: item.text("regId") ?? "", issue: issue, days: days)
    }

    /// Decodes a `getMidFcst` answer: the forecaster's outlook text (`wfSv`, or `wfSv1` in
    /// older answers), whitespace at the ends removed and cut to a readable size
    /// (``MidTermOutlookText``); `nil` when the item has none.
    ///
    /// - Throws: ``ForecastResponseError``.
    public static func outlook(_ bytes: [UInt8]) throws(ForecastResponseError) -> String? {
        try outlookText(bytes).text
    }

    /// Decodes a `getMidFcst` answer with the station it says it is for (`stnId`), so that a
    /// caller can refuse an answer for another station.
    ///
    /// - Throws: ``ForecastResponseError``.
    public static func outlookText(_ bytes: [UInt8]) throws(ForecastResponseError) -> MidTermOutlookText {
        let item = try self.item(bytes)
        return MidTermOutlookText(stationID: item.text("stnId") ?? "", text: item.text("wfSv") ?? item.text("wfSv1"))
    }

    /// A number as people write it: `40`, `-3.5`.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    // MARK: - The one item

    /// The fields of an answer's item.
    struct Item {
        var fields: [String: Field]

        enum Field {
            case number(Double)
            case text(String)
        }

        /// A number field: a JSON number or a numeric text; `nil` when missing ("", null,
        /// absent, or KMA's ±900 filler).
        func number(_ key: String, range: ClosedRange<Double>) throws(ForecastResponseError) -> Double? {
            let value: Double
            switch fields[key] {
            case nil: return nil
            case .number(let number)?: value = number
            case .text(let text)?:
                let trimmed = text.trimmingWhitespace()
                if trimmed.isEmpty { return nil }
                guard trimmed.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 || $0 == 45 }), let number = DecimalParser.parse(trimmed) else {
                    throw .unexpectedShape("\(key) is \"\(KeyRedaction.redact(String(trimmed.prefix(40))))\", not a number")
                }
                value = number
            }
            if abs(value) >= 900 { return nil }
            guard range.contains(value) else {
                throw .unexpectedShape("\(key) is \(value), outside \(Int(range.lowerBound))...\(Int(range.upperBound))")
            }
            return value
        }

        /// A text field, trimmed; `nil` when missing or empty.
        func text(_ key: String) -> String? {
            switch fields[key] {
            case .text(let text)?:
                let trimmed = text.trimmingWhitespace()
                return trimmed.isEmpty ? nil : trimmed
            case .number(let number)?:
                return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            case nil:
                return nil
            }
        }
    }

    /// The item of an answer, after its header and envelope are checked.
    ///
    /// - Parameter matching: When the answer lists several items, the first whose field
    ///   `key` is `value` (text) is taken; without one, or when none matches, the first item.
    static func item(_ bytes: [UInt8], matching: (key: String, value: String)? = nil) throws(ForecastResponseError) -> Item {
        let result: Result<Item, ForecastResponseError> = bytes.withUnsafeBytes { raw in
            do throws(ForecastResponseError) {
                let start = ResponseSniffer.contentStart(raw)
                guard start < raw.count else { throw .empty }
                if raw[start] == UInt8(ascii: "<") { return .success(try xmlItem(bytes)) }
                if let problem = ResponseSniffer.problem(raw, start: start) { throw problem }
                return .success(try jsonItem(raw, start: start, bytes: bytes, matching: matching))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func jsonItem(_ raw: UnsafeRawBufferPointer, start: Int, bytes: [UInt8], matching: (key: String, value: String)?) throws(ForecastResponseError) -> Item {
        var reader = JSONReader(raw, position: start)
        var sawResponse = false
        var code: String?
        var message = ""
        var item: Item?
        try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
            guard reader.key(key, is: "response"), try reader.peek() == UInt8(ascii: "{") else {
                try reader.skipValue()
                return
            }
            sawResponse = true
            try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                if reader.key(key, is: "header"), try reader.peek() == UInt8(ascii: "{") {
                    try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                        let isCode = reader.key(key, is: "resultCode"), isMessage = reader.key(key, is: "resultMsg")
                        guard isCode || isMessage else { try reader.skipValue(); return }
                        let value = try readField(&reader)
                        let text: String? = switch value {
                        case .text(let text)?: isCode ? ResultCode.text(sent: text) : text
                        case .number(let number)?: ResultCode.text(sent: number)
                        case nil: nil
                        }
                        if isCode { code = text } else { message = text ?? "" }
                    }
                } else if reader.key(key, is: "body"), try reader.peek() == UInt8(ascii: "{") {
                    try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                        guard reader.key(key, is: "items"), try reader.peek() == UInt8(ascii: "{") else { try reader.skipValue(); return }
                        try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                            guard reader.key(key, is: "item") else { try reader.skipValue(); return }
                            switch try reader.peek() {
                            case UInt8(ascii: "["):
                                var matched = false
                                try reader.forEachElement { (reader: inout JSONReader) throws(ForecastResponseError) in
                                    if !matched, item == nil || matching != nil, try reader.peek() == UInt8(ascii: "{") {
                                        let read = try readObject(&reader)
                                        if let matching, read.text(matching.key) == matching.value { matched = true; item = read }
                                        if item == nil { item = read }
                                    } else {
                                        try reader.skipValue()
                                    }
                                }
                            case UInt8(ascii: "{"):
                                item = try readObject(&reader)
                            default:
                                try reader.skipValue()
                            }
                        }
                    }
                } else {
                    try reader.skipValue()
                }
            }
        }
        reader.skipWhitespace()
        guard reader.atEnd else { throw reader.malformed("expected the end of the body after the top-level object") }
        guard sawResponse else {
            // The gateway's JSON envelope or an API Hub refusal: classified by the page decoder.
            do {
                _ = try ForecastPageDecoder.decode(bytes)
            } catch {
                throw error
            }
            throw .unexpectedShape("no response object")
        }
        guard let code else { throw .unexpectedShape("no response.header.resultCode") }
        if code == "0000" { throw .legacyFormat("resultCode 0000") }
        guard code == "00" else { throw .resultCode(ResultCode(rawValue: code), message: message) }
        guard let item else { throw .emptyRun }
        return item
    }

    private static func readObject(_ reader: inout JSONReader) throws(ForecastResponseError) -> Item {
        var fields: [String: Item.Field] = [:]
        try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
            let name = try reader.string(key)
            if let value = try readField(&reader) { fields[name] = value }
        }
        return Item(fields: fields)
    }

    /// A scalar value: a number, a string, or `nil` for `null`; objects, arrays and booleans
    /// are skipped as missing.
    private static func readField(_ reader: inout JSONReader) throws(ForecastResponseError) -> Item.Field? {
        switch try reader.peek() {
        case UInt8(ascii: "\""):
            return .text(try reader.string(try reader.readString()))
        case UInt8(ascii: "n"):
            _ = try reader.consumeNull()
            return nil
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let span = try reader.readNumber()
            guard let value = DecimalParser.parse(UnsafeRawBufferPointer(rebasing: reader.bytes[span])) else { throw reader.malformed("expected a finite number") }
            return .number(value)
        default:
            try reader.skipValue()
            return nil
        }
    }

    private static func xmlItem(_ bytes: [UInt8]) throws(ForecastResponseError) -> Item {
        // Comments of any length are skipped (an item after a megabyte of comment is read,
        // and an item inside a comment is not); one never closed means the answer is cut.
        guard let uncommented = ResponseSniffer.removingXMLComments(bytes) else { throw .truncated(offset: bytes.count) }
        let text = String(decoding: uncommented, as: UTF8.self)
        if ResponseSniffer.openTag("OpenAPI_ServiceResponse", in: Array(text.utf8)) != nil || !text.contains("<response") {
            // The gateway's envelope, HTML, or other XML: classified as the page decoder does.
            let problem: ForecastResponseError? = bytes.withUnsafeBytes { raw in
                ResponseSniffer.problem(raw, start: ResponseSniffer.contentStart(raw))
            }
            throw problem ?? .unexpectedShape("XML without a response element")
        }
        guard let code = ResponseSniffer.element("resultCode", in: text) else {
            throw .unexpectedShape("XML without response/header/resultCode")
        }
        guard code == "00" else {
            throw .resultCode(ResultCode(rawValue: code), message: ResponseSniffer.element("resultMsg", in: text) ?? "")
        }
        let utf8 = Array(text.utf8)
        guard let open = ResponseSniffer.openTag("item", in: utf8), !open.selfClosing,
              let close = ByteSearch.firstIndex(of: Array("</".utf8) + open.qualifiedName + [UInt8(ascii: ">")], in: utf8, from: open.contentStart, ignoringASCIICase: true) else {
            throw .emptyRun
        }
        var fields: [String: Item.Field] = [:]
        var index = open.contentStart
        while index < close, let lt = utf8[index..<close].firstIndex(of: UInt8(ascii: "<")) {
            var nameEnd = lt + 1
            while nameEnd < close, !" />\t\r\n".utf8.contains(utf8[nameEnd]) { nameEnd += 1 }
            let name = Array(utf8[(lt + 1)..<nameEnd])
            guard let tagEnd = utf8[nameEnd..<close].firstIndex(of: UInt8(ascii: ">")) else { break }
            guard !name.isEmpty, name[0] != UInt8(ascii: "/"), name[0] != UInt8(ascii: "!"), name[0] != UInt8(ascii: "?") else {
                index = tagEnd + 1
                continue
            }
            let key = String(decoding: name, as: UTF8.self)
            if utf8[tagEnd - 1] == UInt8(ascii: "/") {
                index = tagEnd + 1  // <key/>: missing
                continue
            }
            guard let end = ByteSearch.firstIndex(of: Array("</".utf8) + name, in: utf8, from: tagEnd + 1, ignoringASCIICase: true), end <= close else {
                throw .unexpectedShape("XML element <\(key)> is not closed")
            }
            let content = String(decoding: utf8[(tagEnd + 1)..<end], as: UTF8.self)
            do throws(XMLTextError) {
                // Entities and numeric character references (`&#xB9D1;&#xC74C;` is 맑음).
                fields[key] = .text(try XMLText.decode(content))
            } catch {
                throw .unexpectedShape("XML element <\(key.prefix(40))> holds \(error); the answer is not used")
            }
            index = end + name.count + 3
        }
        return Item(fields: fields)
    }
}
