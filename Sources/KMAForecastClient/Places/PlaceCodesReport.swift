import KMAForecast
import KMAForecastText
import KMAGrid
import KMAPlaces

/// Every code of one place, in one call and offline (``PlaceCodes``), as the CLI's
/// `kma-forecast place` and the MCP tool `kma_place_codes` show it: text (English or Korean)
/// and a JSON object. A replaced name or code (`광주광역시 동구`, `2811000000`) is answered with
/// its successor, and the answer says which place the query named.
///
/// ```swift
/// let report = try PlaceCodesReport(query: "제주시")
/// print(report.text(korean: false))
/// ```
public struct PlaceCodesReport: Sendable {
    /// The place and the replaced one the query named, if any.
    public let lookup: PlaceLookup
    /// The place's codes.
    public let codes: PlaceCodes
    /// The districts of a city (수원시: its four 구), by full name; empty for other places.
    public let parts: [String]

    /// The report of a place.
    public init(_ lookup: PlaceLookup, directory: PlaceDirectory = .kma) {
        self.lookup = lookup
        self.codes = PlaceCodes(lookup.place, directory: directory)
        self.parts = directory.parts(of: lookup.place).map(\.name)
    }

    /// The report of the place a name or 10-digit code means.
    ///
    /// - Throws: ``LocationInputError/place(_:)`` for a name that matches no place or several.
    public init(query: String) throws(LocationInputError) {
        do throws(PlaceLookupError) {
            self.init(try PlaceDirectory.kma.lookup(query))
        } catch {
            throw .place(error)
        }
    }

    /// The report as lines of text, labels in English or Korean.
    public func text(korean: Bool) -> String {
        let place = codes.place
        var lines: [String] = []
        let english = place.englishName.map { " (\($0))" } ?? ""
        lines.append(place.name + english)
        if let old = lookup.replaced {
            lines.append(korean
                ? "  옛 이름: \(old.name) (\(old.regionCode)), \(place.edition)부터 이 지역"
                : "  formerly: \(old.name) (\(old.regionCode)), replaced on \(place.edition)")
        }
        func row(_ en: String, _ ko: String, _ value: String) { lines.append("  " + Formatting.padRight(korean ? ko : en, 17) + value) }
        row("grid", "격자", "nx \(codes.cell.nx), ny \(codes.cell.ny)")
        row("region code", "행정구역코드", place.regionCode)
        row("areaNo", "areaNo", codes.areaNo + (codes.areaNo == place.regionCode ? "" : (korean ? " (KMA 격자표의 행)" : " (the row of KMA's table)")))
        if let midTerm = codes.midTerm {
            row("mid-term land", "중기 육상", "\(midTerm.landRegion.id) \(midTerm.landRegion.name)" + approximate(midTerm.isApproximate, korean))
            row("mid-term temp.", "중기 기온", "\(midTerm.temperaturePoint.id) \(midTerm.temperaturePoint.name)")
        }
        if let zone = codes.warningZone {
            let others = zone.alternatives.map(\.name).joined(separator: ", ")
            let note = zone.isApproximate ? (korean ? " (근사; 다른 후보: \(others))" : " (approximate; also possible: \(others))") : ""
            row("warning zone", "특보구역", "\(zone.zone.id) \(zone.zone.name)" + (others.isEmpty ? approximate(zone.isApproximate, korean) : note))
        }
        if let office = codes.forecastOffice {
            row("forecast office", "예보 기상청", (korean ? office.name : "\(office.englishName) (\(office.name))") + (office.isConfirmed ? "" : (korean ? " (미확인)" : " (unconfirmed)")))
        }
        if !parts.isEmpty { row("parts", "하위 구", parts.map { $0.split(separator: " ").last.map(String.init) ?? $0 }.joined(separator: ", ")) }
        row("edition", "판", place.edition)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as one JSON object (`name`, `englishName`, `regionCode`, `areaNo`, `edition`,
    /// `replaced`, `nx`, `ny`, `midTerm`, `warningZone`, `forecastOffice`, `parts`; `null` where
    /// the place has none).
    public var json: String {
        let place = codes.place
        let replaced = lookup.replaced.map { JSONText.object([("name", JSONText.string($0.name)), ("regionCode", JSONText.string($0.regionCode))]) } ?? "null"
        let midTerm = codes.midTerm.map { m in
            JSONText.object([
                ("land", JSONText.object([("id", JSONText.string(m.landRegion.id)), ("name", JSONText.string(m.landRegion.name))])),
                ("temperature", JSONText.object([("id", JSONText.string(m.temperaturePoint.id)), ("name", JSONText.string(m.temperaturePoint.name))])),
                ("approximate", m.isApproximate ? "true" : "false"),
            ])
        } ?? "null"
        let zone = codes.warningZone.map { z in
            JSONText.object([
                ("id", JSONText.string(z.zone.id)), ("name", JSONText.string(z.zone.name)), ("approximate", z.isApproximate ? "true" : "false"),
                ("alternatives", "[" + z.alternatives.map { JSONText.string($0.id) }.joined(separator: ",") + "]"),
            ])
        } ?? "null"
        let office = codes.forecastOffice.map { o in
            JSONText.object([("name", JSONText.string(o.name)), ("englishName", JSONText.string(o.englishName)), ("confirmed", o.isConfirmed ? "true" : "false")])
        } ?? "null"
        return JSONText.object([
            ("name", JSONText.string(place.name)), ("englishName", place.englishName.map(JSONText.string) ?? "null"),
            ("regionCode", JSONText.string(place.regionCode)), ("areaNo", JSONText.string(codes.areaNo)),
            ("edition", JSONText.string(place.edition)), ("replaced", replaced),
            ("nx", String(codes.cell.nx)), ("ny", String(codes.cell.ny)),
            ("midTerm", midTerm), ("warningZone", zone), ("forecastOffice", office),
            ("parts", "[" + parts.map(JSONText.string).joined(separator: ",") + "]"),
        ])
    }

    private func approximate(_ flag: Bool, _ korean: Bool) -> String {
        flag ? (korean ? " (근사)" : " (approximate)") : ""
    }
}
