import KMAForecast

// One line for `print(value)` of each public value a forecast is made of, so that a print in an
// app or a playground reads as a summary, not thousands of lines of nested fields (`dump(value)`
// still shows them all; the JSON, `--format json`, is the stored form).

extension LocalForecast: CustomStringConvertible {
    /// `LocalForecast(경기도 수원시 권선구 (nx 60, ny 120), asked 2022-11-20T05:10:00+09:00: 67 hours, 3 days, no failure, recording)`.
    public var description: String {
        var parts = ["\(hourly.count) hours", "\(daily.count) days"]
        if current != nil { parts.insert("now", at: 0) }
        if !alerts.isEmpty { parts.append("\(alerts.count) warnings in force") }
        parts.append(failures.isEmpty ? "no failure" : "\(failures.count) failures (\(failures.map(\.service.rawValue).joined(separator: ", ")))")
        if recording != nil { parts.append("recording") }
        return "LocalForecast(\(location), asked \(requestedAt.iso8601): " + parts.joined(separator: ", ") + ")"
    }
}

extension LocalForecast.Location: CustomStringConvertible {
    /// `경기도 수원시 권선구 (nx 60, ny 120)`, or the coordinate or the cell alone.
    public var description: String {
        let cellText = "nx \(cell.nx), ny \(cell.ny)"
        if let placeName { return "\(placeName) (\(cellText))" }
        if let coordinate { return "\(coordinate.latitude), \(coordinate.longitude) (\(cellText))" }
        return cellText
    }
}

extension HourlyForecast: CustomStringConvertible {
    /// `HourlyForecast(2022-11-20T06:00:00+09:00, nx 60, ny 120: 10 °C, overcast, rain 30%; short-term)`.
    public var description: String {
        var parts: [String] = []
        if let temperature = temperatureCelsius { parts.append("\(temperature.rounded() == temperature ? String(Int(temperature)) : String(temperature)) °C") }
        if let condition { parts.append(condition.englishName) }
        if let chance = precipitationChance { parts.append("rain \(Int((chance * 100).rounded()))%") }
        if let uvIndex { parts.append("UV \(uvIndex)") }
        let from = sources.map(\.product.rawValue).joined(separator: "+")
        return "HourlyForecast(\(time.iso8601), nx \(cell.nx), ny \(cell.ny): " + (parts.isEmpty ? "no value" : parts.joined(separator: ", ")) + "; \(from))"
    }
}

extension ProductOutcome: CustomStringConvertible {
    /// `ProductOutcome(short-term: delivered, run 20221120 0500, 67 rows)` or the failure's kind.
    public var description: String {
        let run = base.map { ", run \($0.baseDate) \($0.baseTime), \(rows.count) rows" } ?? ""
        return "ProductOutcome(\(product.rawValue): \(status.rawValue)\(run)" + (failure.map { ", \($0.kind)" } ?? "") + ")"
    }
}

extension ForecastRun: CustomStringConvertible {
    /// `ForecastRun(short-term, nx 60, ny 120, run 20221120 0500, 67 rows, 1 page)`.
    public var description: String {
        "ForecastRun(\(product.rawValue), nx \(cell.nx), ny \(cell.ny), run \(base.baseDate) \(base.baseTime), \(rows.count) rows, \(pageCount) page\(pageCount == 1 ? "" : "s")\(fromCache ? ", cached" : ""))"
    }
}

extension MidTermOutcome: CustomStringConvertible {
    /// `MidTermOutcome(delivered, runs 2026100406)` or the failure's kind.
    public var description: String {
        "MidTermOutcome(\(status.rawValue)" + (runs.isEmpty ? "" : ", runs " + runs.map(\.tmFc).joined(separator: ", ")) + (failure.map { ", \($0.kind)" } ?? "") + ")"
    }
}

extension WarningsOutcome: CustomStringConvertible {
    /// `WarningsOutcome(delivered, zone 수원시 L1011900, at 2026-09-26T11:00:00+09:00, recording)`.
    public var description: String {
        let zoneText = zone.map { ", zone \($0.name) \($0.id)" } ?? ""
        return "WarningsOutcome(\(status.rawValue)\(zoneText), at \(replayedAt.iso8601)" + (failure.map { ", \($0.kind)" } ?? "") + (recording == nil ? "" : ", recording") + ")"
    }
}

extension UVIndexOutcome: CustomStringConvertible {
    /// `UVIndexOutcome(delivered, area 1100000000 서울특별시, issued 2026-09-26T12:00:00+09:00, 8 values)`.
    public var description: String {
        let areaText = area.map { ", area \($0.areaNo) \($0.placeName)" } ?? ""
        let issued = issuedAt.map { ", issued \($0.iso8601), \(values.count) values" } ?? ""
        return "UVIndexOutcome(\(status.rawValue)\(areaText)\(issued)" + (failure.map { ", \($0.kind)" } ?? "") + ")"
    }
}

extension ZoneWarnings: CustomStringConvertible {
    /// `ZoneWarnings(경기도 수원시 권선구 (nx 60, ny 120): 0 in force, zone 수원시 L1011900)`.
    public var description: String {
        "ZoneWarnings(\(location): \(alerts.count) in force" + (warnings.zone.map { ", zone \($0.name) \($0.id)" } ?? "") + (warnings.failure.map { ", \($0.kind)" } ?? "") + ")"
    }
}

extension SampleRecording: CustomStringConvertible {}
