import KMAGrid

/// Every code KMA's services know a place by, worked out offline from the embedded tables:
/// the forecast grid cell, the 행정구역 code KMA's table has (`areaNo`), the mid-term land
/// region and temperature point, the warning zone, and the forecast office.
///
/// ```swift
/// let codes = try PlaceDirectory.kma.place(named: "제주시").codes
/// codes.cell                      // 53,38
/// codes.warningZone?.zone.name    // 제주시북부
/// codes.midTerm?.landRegion.id    // 11G00000
/// ```
public struct PlaceCodes: Hashable, Sendable {
    /// The place (of the current map when it was looked up by name).
    public let place: Place
    /// The forecast grid cell (KMA's, the table's `nx`, `ny`).
    public var cell: GridCell { place.cell }
    /// The official 10-digit 행정구역 code of the place (on the 2026 map for its regions).
    public var regionCode: String { place.regionCode }
    /// The 10-digit code of the row of KMA's grid table the place is (or whose cell it has):
    /// the `areaNo` KMA's services keyed by 행정구역 (the UV index) take.
    public var areaNo: String { place.kmaRegionCode }
    /// The mid-term land region (getMidLandFcst `regId`) and temperature point (getMidTa
    /// `regId`); `nil` for a place in no region (a province the table lacks).
    public let midTerm: MidTermAssignment?
    /// The land warning zone (특보구역); `nil` for a place in none (이어도).
    public let warningZone: WarningZoneAssignment?
    /// The KMA office that forecasts for the place's province (unconfirmed: see ``ForecastOffice``).
    public let forecastOffice: ForecastOffice?

    /// The codes of a place, from KMA's tables (``MidTermRegions/kma``, ``WarningZones/kma``).
    public init(_ place: Place, directory: PlaceDirectory = .kma) {
        self.place = place
        self.midTerm = try? MidTermRegions.kma.assignment(for: place)
        self.warningZone = try? WarningZones.kma.assignment(for: place, places: directory)
        self.forecastOffice = place.levels.first.flatMap(ForecastOffice.office(forProvince:))
    }
}

extension Place {
    /// Every code of the place (``PlaceCodes``), from the embedded tables.
    public var codes: PlaceCodes { PlaceCodes(self) }
}
