/// Decodes the answers of KMA's warning service (`WthrWrnInfoService`): `getPwnCd` pages of zone
/// events and the `getPwnStatus` bulletin. Bytes in, typed values out; pure (no network, no
/// clock), with the package's one JSON reader (``JSONValue``).
///
/// ```swift
/// let page = try WarningDecoder.events(body)          // getPwnCd
/// let state = WarningReplay.state(of: page.events, at: now)
/// ```
///
/// - **Numbers or text.** KMA sends `tmFc` as a number and `command` as text; both forms are
///   read for every field. `items.item` may be a list or a single object.
/// - **Broken text.** Names and texts are kept as sent, U+FFFD included (the recordings hold
///   some); nothing is matched on them.
/// - **NO_DATA** (`03`) for `getPwnCd` is a page without events: nothing happened in the period.
/// - **Errors** are ``ForecastResponseError``: `resultCode` other than `00` (`99` with "최대 조회
///   기간은 오늘 기준으로 6일 전까지입니다." when the period starts more than 6 days back:
///   ``isQueryPeriodRefusal(_:)``), the gateway's envelope in XML or JSON (`returnReasonCode`
///   30 for a key not registered for the service …), HTML, an empty or cut body; a row without
///   a zone code, a kind, a level, a command or an issue time is ``ForecastResponseError/unexpectedShape(_:)``.
public enum WarningDecoder {
    /// Decodes a `getPwnCd` page.
    ///
    /// - Throws: ``ForecastResponseError``.
    public static func events(_ bytes: [UInt8]) throws(ForecastResponseError) -> WarningEventPage {
        let (body, code) = try envelope(bytes)
        if code == .noData { return WarningEventPage(events: [], pageNo: 1, numOfRows: 0, totalCount: 0) }
        var events: [WarningEvent] = []
        for (index, row) in items(body).enumerated() {
            events.append(try event(row, index: index))
        }
        let numOfRows = body?["numOfRows"].flatMap(integer) ?? events.count
        return WarningEventPage(
            events: events, pageNo: body?["pageNo"].flatMap(integer) ?? 1, numOfRows: numOfRows,
            totalCount: body?["totalCount"].flatMap(integer) ?? events.count
        )
    }

    /// Decodes a `getPwnStatus` answer: the newest bulletin of warnings in force nationwide,
    /// or `nil` when it has no item.
    ///
    /// - Throws: ``ForecastResponseError``.
    public static func bulletin(_ bytes: [UInt8]) throws(ForecastResponseError) -> WarningBulletin? {
        let (body, code) = try envelope(bytes)
        if code == .noData { return nil }
        guard let row = items(body).first else { return nil }
        return WarningBulletin(
            issuedAt: row["tmFc"].flatMap(integer).flatMap { WarningEvent.instant(Int64($0)) },
            effectiveAt: row["tmEf"].flatMap(integer).flatMap { WarningEvent.instant(Int64($0)) },
            sequence: row["tmSeq"].flatMap(integer),
            inForce: row["t6"].flatMap(text) ?? "", preliminary: row["t7"].flatMap(text) ?? "", other: row["other"].flatMap(text) ?? ""
        )
    }

    /// Whether an error is KMA's refusal of a query period that starts more than 6 days back
    /// (code 99, "최대 조회 기간은 오늘 기준으로 6일 전까지입니다.").
    public static func isQueryPeriodRefusal(_ error: ForecastResponseError) -> Bool {
        guard case .resultCode(let code, let message) = error, code == .unknownError else { return false }
        return message.contains("조회 기간") || message.contains("6일")
    }

    // MARK: - The envelope

    /// The `response.body` of an answer and its result code, after the header and the
    /// gateway's envelopes are checked (`00` or, for the caller to read, `03`).
    static func envelope(_ bytes: [UInt8]) throws(ForecastResponseError) -> (body: JSONValue?, code: ResultCode) {
        let problem: ForecastResponseError? = bytes.withUnsafeBytes { raw in
            ResponseSniffer.problem(raw, start: ResponseSniffer.contentStart(raw))
        }
        if let problem { throw problem }
        let root: JSONValue
        do throws(JSONValue.ReadError) {
            root = try JSONValue.read(bytes)
        } catch {
            if bytes.first == UInt8(ascii: "<") { throw .xmlNotSupported }
            throw error.offset >= bytes.count - 1 ? .truncated(offset: error.offset) : .malformedJSON(offset: error.offset, reason: error.reason)
        }
        guard let response = root["response"] else {
            // The gateway's JSON envelope or an API Hub refusal: classified by the page decoder.
            do {
                _ = try ForecastPageDecoder.decode(bytes)
            } catch {
                throw error
            }
            throw .unexpectedShape("no response object")
        }
        guard let codeText = response["header"]?["resultCode"].flatMap(text) else { throw .unexpectedShape("no response.header.resultCode") }
        let code = ResultCode(rawValue: ResultCode.text(sent: codeText))
        if code.rawValue == "0000" { throw .legacyFormat("resultCode 0000") }
        if code == .noData { return (nil, code) }
        guard code == .normalService else {
            throw .resultCode(code, message: response["header"]?["resultMsg"].flatMap(text) ?? "")
        }
        return (response["body"], code)
    }

    /// The item objects of a body: `items.item` as a list or one object; none when absent or `""`.
    static func items(_ body: JSONValue?) -> [JSONValue] {
        guard let item = body?["items"]?["item"] else { return [] }
        if let list = item.arrayValue { return list.filter(\.isObject) }
        return item.isObject ? [item] : []
    }

    private static func event(_ row: JSONValue, index: Int) throws(ForecastResponseError) -> WarningEvent {
        func required(_ key: String) throws(ForecastResponseError) -> Int {
            guard let value = row[key].flatMap(integer) else {
                throw .unexpectedShape("item \(index + 1) has no whole number \(key)")
            }
            return value
        }
        guard let zoneID = row["areaCode"].flatMap(text), zoneID.utf8.count <= 16, !zoneID.isEmpty else {
            throw .unexpectedShape("item \(index + 1) has no areaCode")
        }
        let tmFc = try required("tmFc")
        guard let issuedAt = WarningEvent.instant(Int64(tmFc)) else {
            throw .unexpectedShape("item \(index + 1) (\(KeyRedaction.redact(zoneID))) has tmFc \(tmFc), not a YYYYMMDDHHMM time")
        }
        // A time is `0` (none) or a time kept as given; anything else refuses the row, never
        // reads as "no end" (a warning in force forever) or "no start" (in force now).
        func instant(_ key: String) throws(ForecastResponseError) -> KSTDateTime? {
            guard let field = row[key] else { return nil }
            if case .null = field { return nil }
            if let text = text(field), text.isEmpty { return nil }
            guard let value = integer(field) else {
                throw .unexpectedShape("item \(index + 1) has \(key) \(PrintableText.excerpt(KeyRedaction.redact(text(field) ?? "?"))), not a YYYYMMDDHHMM time or 0")
            }
            if WarningEvent.isAbsent(Int64(value)) { return nil }
            guard let instant = WarningEvent.instant(Int64(value)) else {
                throw .unexpectedShape("item \(index + 1) has \(key) \(value), not a YYYYMMDDHHMM time or 0")
            }
            return instant
        }
        let cancel = row["cancel"].flatMap(text) ?? "0"
        return WarningEvent(
            zoneID: KeyRedaction.redact(zoneID), zoneName: row["areaName"].flatMap(text).map { KeyRedaction.redact($0) } ?? "",
            command: WarningCommand(code: try required("command")), kind: WarningKind(code: try required("warnVar")),
            level: WarningLevel(code: try required("warnStress")), issuedAt: issuedAt, sequence: row["tmSeq"].flatMap(integer) ?? 0,
            startsAt: try instant("startTime"), endsAt: try instant("endTime"), allEndsAt: try instant("allEndTime"),
            isCancelled: !(cancel.isEmpty || cancel == "0"), stationID: row["stnId"].flatMap(text) ?? ""
        )
    }

    /// A whole number sent as a JSON number or as text (`"1"`, `"1 "`).
    static func integer(_ value: JSONValue) -> Int? {
        if let number = value.intValue { return number }
        guard let text = text(value), !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }

    /// A text sent as a JSON string or number, trimmed of spaces and line breaks at its ends.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text.trimmingWhitespace()
        case .number(let text): return text
        default: return nil
        }
    }
}
