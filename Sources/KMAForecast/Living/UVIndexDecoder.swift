/// Decodes answers of `LivingWthrIdxServiceV5/getUVIdxV5` (자외선지수): bytes in, a
/// ``UVIndexForecast`` out. Pure: no network, no clock.
///
/// ```swift
/// let uv = try UVIndexDecoder.decode(body)          // uv.issuedAt, uv.values[0].time, .index
/// ```
///
/// The envelope is read as the mid-term service's (``MidTermDecoder``: JSON or XML, the
/// gateway's refusals, API Hub's, `resultCode` other than `00` as
/// ``ForecastResponseError/resultCode(_:message:)``, no item as
/// ``ForecastResponseError/emptyRun``); the first item is the area's (ask with `areaNo`).
/// `date` must be `YYYYMMDDHH`; each `hN` (N = 0, 3, … 99) is a whole number 0…30, or missing
/// (`""`, `null`, absent); anything else is ``ForecastResponseError/unexpectedShape(_:)``.
public enum UVIndexDecoder {
    /// The largest UV index accepted (the highest ever measured on Earth is about 43; KMA's
    /// forecasts stay below 15).
    public static let maximumIndex = 30

    /// Decodes an answer.
    ///
    /// - Parameter areaNo: The area asked for: of an answer listing several areas, its item is
    ///   taken (else the first; check ``UVIndexForecast/areaNo``).
    /// - Throws: ``ForecastResponseError``.
    public static func decode(_ bytes: [UInt8], areaNo: String? = nil) throws(ForecastResponseError) -> UVIndexForecast {
        let item = try MidTermDecoder.item(bytes, matching: areaNo.map { (key: "areaNo", value: $0) })
        guard let stamp = item.text("date") else { throw .unexpectedShape("the UV index item has no date") }
        guard let issuedAt = issueTime(stamp) else {
            throw .unexpectedShape("the UV index item's date \"\(KeyRedaction.redact(String(stamp.prefix(20))))\" is not YYYYMMDDHH")
        }
        var values: [UVIndexForecast.Value] = []
        for hours in stride(from: 0, through: 99, by: 3) {
            guard let number = try item.number("h\(hours)", range: 0...Double(maximumIndex)) else { continue }
            guard number == number.rounded() else { throw .unexpectedShape("h\(hours) is \(number), not a whole UV index") }
            values.append(.init(time: issuedAt.adding(seconds: Int64(hours) * 3600), index: Int(number)))
        }
        return UVIndexForecast(areaNo: item.text("areaNo") ?? "", issuedAt: issuedAt, values: values)
    }

    /// The instant of a `YYYYMMDDHH` stamp, KST; `nil` when it is not one.
    public static func issueTime(_ stamp: String) -> KSTDateTime? {
        let utf8 = Array(stamp.utf8)
        guard utf8.count == 10, utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(stamp) else { return nil }
        return try? KSTDateTime(year: n / 1_000_000, month: n / 10_000 % 100, day: n / 100 % 100, hour: n % 100)
    }

    /// `YYYYMMDDHH` of an instant (its hour), KST: the service's `time` parameter.
    public static func stamp(_ time: KSTDateTime) -> String {
        String(time.yyyymmdd) + time.hour.zeroPadded(toWidth: 2)
    }
}
