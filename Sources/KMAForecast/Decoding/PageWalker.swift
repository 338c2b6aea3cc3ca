/// Walks one response page in a single pass and hands its items to a sink.
///
/// Accepts any key order and whitespace. The header is always checked before any item is
/// delivered: when `body` comes before `header` (legal JSON, never seen from KMA but possible
/// behind a proxy that re-serialises), the body is skipped, the header read, and the body
/// walked afterwards. Items in KMA's usual compact layout take the fast path
/// (`PageWalker+FastPath.swift`); anything else takes the general path, item by item.
struct PageWalker<Sink: ItemSink> {
    let bytes: UnsafeRawBufferPointer
    var sink: Sink

    private(set) var resultCode: String?
    private(set) var resultMessage = ""
    private(set) var pageNo: Int?
    private(set) var numOfRows: Int?
    private(set) var totalCount: Int?
    private(set) var itemCount = 0
    /// How many items took the fast path (for tests and tuning).
    private(set) var fastPathItemCount = 0

    // Caches: items of a page share their run and, a dozen at a time, their hour.
    var cachedBaseDate = -1
    var cachedBaseTime = -1
    var cachedBase = ForecastBase(uncheckedWallSeconds: 0)
    var cachedForecastDate = -1
    var cachedDays: Int64 = 0
    /// The last two non-ASCII inline values found to be valid UTF-8 (`강수없음`, `적설없음` …
    /// repeat through a page, so each is validated once).
    var validatedText0 = (low: UInt64(0), high: UInt64(0))
    var validatedText1 = (low: UInt64(0), high: UInt64(0))

    init(_ bytes: UnsafeRawBufferPointer, sink: Sink) {
        self.bytes = bytes
        self.sink = sink
    }

    /// Decodes the page: checks the body's kind, walks the JSON, checks the header.
    mutating func run() throws(ForecastResponseError) -> PageInfo {
        let start = ResponseSniffer.contentStart(bytes)
        if let problem = ResponseSniffer.problem(bytes, start: start) { throw problem }
        var reader = JSONReader(bytes, position: start)
        var sawResponse = false
        try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
            if reader.key(key, is: "response") {
                sawResponse = true
                try walkResponse(&reader)
            } else if reader.key(key, is: "OpenAPI_ServiceResponse") {
                // The gateway's envelope as JSON (seen with HTTP 403).
                throw try Self.gatewayEnvelope(&reader)
            } else {
                try reader.skipValue()
            }
        }
        reader.skipWhitespace()
        guard reader.atEnd else { throw reader.malformed("expected the end of the body after the JSON object") }
        guard sawResponse else {
            if let refusal = try APIHubRefusal.find(in: bytes, at: start) { throw refusal }
            throw .unexpectedShape("there is no 'response' object at the top level")
        }
        // resultCode 00 (checkHeader let it through) and nothing in it: not a forecast.
        guard itemCount > 0 || (totalCount ?? 0) != 0 else { throw .emptyRun }
        return PageInfo(
            resultCode: ResultCode(rawValue: resultCode ?? ""), resultMessage: resultMessage,
            pageNo: pageNo, numOfRows: numOfRows, totalCount: totalCount, itemCount: itemCount
        )
    }

    private mutating func walkResponse(_ reader: inout JSONReader) throws(ForecastResponseError) {
        guard try reader.peek() == UInt8(ascii: "{") else { throw .unexpectedShape("'response' is not an object") }
        var deferredBody: Int?
        var sawHeader = false
        try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
            if reader.key(key, is: "header") {
                sawHeader = true
                try walkHeader(&reader)
                try checkHeader()
            } else if reader.key(key, is: "body") {
                if sawHeader {
                    try walkBody(&reader)
                } else {
                    deferredBody = reader.position
                    try reader.skipValue()
                }
            } else {
                try reader.skipValue()
            }
        }
        guard sawHeader else { throw .unexpectedShape("'response' has no 'header'") }
        if let deferredBody {
            var bodyReader = JSONReader(reader.bytes, position: deferredBody)
            try walkBody(&bodyReader)
        }
    }

    private mutating func walkHeader(_ reader: inout JSONReader) throws(ForecastResponseError) {
        guard try reader.peek() == UInt8(ascii: "{") else { throw .unexpectedShape("'response.header' is not an object") }
        try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
            if reader.key(key, is: "resultCode") {
                resultCode = ResultCode.text(sent: try reader.scalarText("resultCode"))
            } else if reader.key(key, is: "resultMsg") {
                resultMessage = try reader.scalarText("resultMsg")
            } else {
                try reader.skipValue()
            }
        }
    }

    /// The gateway's JSON envelope `{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{…}}}` as an
    /// error; the reader is at the envelope's value. Fields are read in `cmmMsgHeader` or
    /// directly in the envelope.
    private static func gatewayEnvelope(_ reader: inout JSONReader) throws(ForecastResponseError) -> ForecastResponseError {
        var code = "", authMessage = "", errorMessage = ""
        func read(_ reader: inout JSONReader, depth: Int) throws(ForecastResponseError) {
            guard try reader.peek() == UInt8(ascii: "{") else { return try reader.skipValue() }
            try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                if reader.key(key, is: "returnReasonCode") {
                    code = try reader.optionalScalarText() ?? ""
                } else if reader.key(key, is: "returnAuthMsg") {
                    authMessage = (try reader.optionalScalarText() ?? "").trimmingWhitespace()
                } else if reader.key(key, is: "errMsg") {
                    errorMessage = (try reader.optionalScalarText() ?? "").trimmingWhitespace()
                } else if depth == 0, reader.key(key, is: "cmmMsgHeader") {
                    try read(&reader, depth: 1)
                } else {
                    try reader.skipValue()
                }
            }
        }
        try read(&reader, depth: 0)
        return .gateway(reasonCode: ResultCode(rawValue: code.trimmingWhitespace()), authMessage: authMessage, errorMessage: errorMessage)
    }

    /// Throws for any header but `00`.
    private func checkHeader() throws(ForecastResponseError) {
        guard let code = resultCode else { throw .unexpectedShape("'response.header' has no 'resultCode'") }
        if code == "00" { return }
        if code == "0000" { throw .legacyFormat("resultCode 0000 '\(PrintableText.excerpt(resultMessage))'") }
        throw .resultCode(ResultCode(rawValue: code), message: resultMessage)
    }

    private mutating func walkBody(_ reader: inout JSONReader) throws(ForecastResponseError) {
        if try reader.consumeNull() { return }
        guard try reader.peek() == UInt8(ascii: "{") else { throw .unexpectedShape("'response.body' is not an object") }
        try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
            if reader.key(key, is: "items") {
                try walkItems(&reader)
            } else if reader.key(key, is: "pageNo") {
                pageNo = try reader.integerField("pageNo")
            } else if reader.key(key, is: "numOfRows") {
                numOfRows = try reader.integerField("numOfRows")
            } else if reader.key(key, is: "totalCount") {
                totalCount = try reader.integerField("totalCount")
            } else {
                try reader.skipValue()
            }
        }
    }

    private mutating func walkItems(_ reader: inout JSONReader) throws(ForecastResponseError) {
        switch try reader.peek() {
        case UInt8(ascii: "\""):
            // NO_DATA pages send "items": "".
            let span = try reader.readString()
            guard span.count == 0 else { throw .unexpectedShape("'response.body.items' is a non-empty string") }
        case UInt8(ascii: "n"):
            try reader.readLiteral("null")
        case UInt8(ascii: "{"):
            try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                if reader.key(key, is: "item") {
                    try walkItemList(&reader)
                } else {
                    try reader.skipValue()
                }
            }
        default:
            throw .unexpectedShape("'response.body.items' is neither an object nor \"\"")
        }
    }

    private mutating func walkItemList(_ reader: inout JSONReader) throws(ForecastResponseError) {
        switch try reader.peek() {
        case UInt8(ascii: "["):
            try reader.forEachElement { (reader: inout JSONReader) throws(ForecastResponseError) in
                guard try reader.peek() == UInt8(ascii: "{") else {
                    throw .unexpectedShape("item \(itemCount + 1) is not an object")
                }
                if try fastItem(&reader) {
                    fastPathItemCount += 1
                } else {
                    try generalItem(&reader)
                }
            }
        case UInt8(ascii: "{"):
            // A page with one item sends it as an object instead of a list.
            try generalItem(&reader)
        case UInt8(ascii: "n"):
            try reader.readLiteral("null")
        default:
            throw .unexpectedShape("'response.body.items.item' is neither a list nor an object")
        }
    }

    /// Reads one item in any layout.
    private mutating func generalItem(_ reader: inout JSONReader) throws(ForecastResponseError) {
        let number = itemCount + 1
        var baseDate: Int?
        var baseTime: Int?
        var category: ForecastCategory?
        var forecastDate: Int?
        var forecastTime: Int?
        var forecastValue: InlineText?
        var observedValue: InlineText?
        var nx: Int?
        var ny: Int?
        try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
            if reader.key(key, is: "baseDate") {
                baseDate = try reader.digitsField("baseDate", count: 8, item: number)
            } else if reader.key(key, is: "baseTime") {
                baseTime = try reader.digitsField("baseTime", count: 4, item: number)
            } else if reader.key(key, is: "category") {
                let text = try reader.scalarText("category")
                guard let parsed = ForecastCategory(validating: text) else {
                    throw .unexpectedShape("item \(number) has category '\(PrintableText.excerpt(text))', which is empty, longer than \(ForecastCategory.maximumCodeLength) bytes, or holds a NUL character")
                }
                category = parsed
            } else if reader.key(key, is: "fcstDate") {
                forecastDate = try reader.digitsField("fcstDate", count: 8, item: number)
            } else if reader.key(key, is: "fcstTime") {
                forecastTime = try reader.digitsField("fcstTime", count: 4, item: number)
            } else if reader.key(key, is: "fcstValue") {
                forecastValue = try reader.valueText("fcstValue", item: number)
            } else if reader.key(key, is: "obsrValue") {
                observedValue = try reader.valueText("obsrValue", item: number)
            } else if reader.key(key, is: "nx") {
                nx = try reader.integerField("nx")
            } else if reader.key(key, is: "ny") {
                ny = try reader.integerField("ny")
            } else {
                try reader.skipValue()
            }
        }
        func missing(_ name: String) -> ForecastResponseError { .unexpectedShape("item \(number) has no '\(name)'") }
        guard let baseDate else { throw missing("baseDate") }
        guard let baseTime else { throw missing("baseTime") }
        guard let category else { throw missing("category") }
        guard let nx else { throw missing("nx") }
        guard let ny else { throw missing("ny") }
        let isObservation: Bool
        let text: InlineText
        switch (forecastValue, observedValue) {
        case (let value?, nil):
            text = value
            isObservation = false
        case (nil, let value?):
            text = value
            isObservation = true
        case (.some, .some):
            throw .unexpectedShape("item \(number) has both 'fcstValue' and 'obsrValue'")
        case (nil, nil):
            throw .unexpectedShape("item \(number) has neither 'fcstValue' nor 'obsrValue'")
        }
        let date: Int
        let time: Int
        if isObservation {
            date = forecastDate ?? baseDate
            time = forecastTime ?? baseTime
        } else {
            guard let forecastDate else { throw missing("fcstDate") }
            guard let forecastTime else { throw missing("fcstTime") }
            date = forecastDate
            time = forecastTime
        }
        try deliver(
            baseDate: baseDate, baseTime: baseTime, category: category, forecastDate: date, forecastTime: time,
            text: text, isObservation: isObservation, nx: nx, ny: ny
        )
    }

    /// Validates an item's numbers and hands it to the sink (both paths end here).
    @inline(__always)
    mutating func deliver(
        baseDate: Int, baseTime: Int, category: ForecastCategory, forecastDate: Int, forecastTime: Int,
        text: InlineText, isObservation: Bool, nx: Int, ny: Int
    ) throws(ForecastResponseError) {
        let number = itemCount + 1
        if baseDate != cachedBaseDate || baseTime != cachedBaseTime {
            guard let base = Self.base(date: baseDate, time: baseTime) else {
                throw .unexpectedShape("item \(number) has baseDate \(baseDate) / baseTime \(baseTime.zeroPadded(toWidth: 4)), which is not a real date and time")
            }
            cachedBase = base
            cachedBaseDate = baseDate
            cachedBaseTime = baseTime
        }
        if forecastDate != cachedForecastDate {
            guard Self.isRealDate(forecastDate) else {
                throw .unexpectedShape("item \(number) has fcstDate \(forecastDate), which is not a real date")
            }
            cachedDays = KSTDateTime.daysFromCivil(year: Int64(forecastDate / 10_000), month: Int64(forecastDate / 100 % 100), day: Int64(forecastDate % 100))
            cachedForecastDate = forecastDate
        }
        guard forecastTime % 100 < 60, forecastTime / 100 < 24 else {
            throw .unexpectedShape("item \(number) has fcstTime \(forecastTime.zeroPadded(toWidth: 4)), which is not a time of day")
        }
        guard nx >= 0, nx < 65_536, ny >= 0, ny < 65_536 else {
            throw .unexpectedShape("item \(number) has nx \(nx), ny \(ny), outside any grid")
        }
        if category.isLegacyOnly {
            throw .legacyFormat("category \(category.code)")
        }
        try sink.accept(
            base: cachedBase, category: category, forecastDate: forecastDate, forecastTime: forecastTime,
            text: text, isObservation: isObservation, nx: nx, ny: ny,
            key: ForecastRowBuilder.key(nx: nx, ny: ny, days: cachedDays, time: forecastTime)
        )
        itemCount += 1
    }

    static func base(date: Int, time: Int) -> ForecastBase? {
        guard let dateTime = try? KSTDateTime(
            year: date / 10_000, month: date / 100 % 100, day: date % 100, hour: time / 100, minute: time % 100
        ) else { return nil }
        return ForecastBase(dateTime)
    }

    static func isRealDate(_ date: Int) -> Bool {
        let year = date / 10_000, month = date / 100 % 100, day = date % 100
        guard (1970...4839).contains(year), (1...12).contains(month), day >= 1 else { return false }
        return day <= KSTDateTime.daysInMonth(year: year, month: month)
    }
}

extension ForecastCategory {
    /// Codes of the retired pre-2021 service only: `T3H`, `R06`, `S06`.
    @inline(__always)
    var isLegacyOnly: Bool {
        self == ForecastCategory.known(0x54, 0x33, 0x48) || self == ForecastCategory.known(0x52, 0x30, 0x36)
            || self == ForecastCategory.known(0x53, 0x30, 0x36)
    }
}
