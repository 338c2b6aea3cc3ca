import KMAGrid

/// An administrative region of Korea from KMA's grid location table, with the forecast grid
/// cell KMA assigns to it.
///
/// ```swift
/// let place = try PlaceDirectory.kma.place(named: "서울 종로구")
/// print(place.name, place.cell.nx, place.cell.ny)   // 서울특별시 종로구 60 127
/// ```
///
/// The cell is the table's own `nx`, `ny`: KMA's assignment. For about 45 rows it is not the
/// cell that the grid formula gives for the row's latitude/longitude (KMA moved those points
/// later without recomputing the cell); the table's cell is the one to use for the place.
public struct Place: Hashable, Sendable {
    /// The 10-digit administrative region code (행정구역코드), e.g. `1111051500`.
    public let regionCode: String
    /// The names from the province down, one to three of them: 시·도 (e.g. `서울특별시`),
    /// 시·군·구 (e.g. `종로구`, `수원시영통구`), 읍·면·동 (e.g. `청운효자동`).
    public let levels: [String]
    /// The full name: ``levels`` joined by spaces, e.g. `서울특별시 종로구 청운효자동`.
    public let name: String
    /// The forecast grid cell KMA assigns to the region (the table's `nx`, `ny`).
    public let cell: GridCell
    /// The region's representative point in degrees, as in the table; `nil` where the table
    /// has none (it writes 0, 0 for the two 이어도 rows, whose cell is 28, 8).
    public let coordinate: GeoCoordinate?
    /// The edition of the map the place belongs to: ``PlaceDirectory/kmaEdition`` (`2510`) for a
    /// row of KMA's grid table (and a city the table only has as districts, e.g. 수원시), or the
    /// day a later change of the map took effect (`2026-02-01`: 화성시's four 구; `2026-07-01`:
    /// 전남광주통합특별시, 인천's 제물포구, 영종구, 서해구, 검단구). See `Fixtures/grid/SOURCES.md`.
    public let edition: String
    /// The region code of the place that replaced this one (``PlaceDirectory/current(_:)``
    /// follows it), or `nil` for a place of the current map. A superseded place stays in the
    /// directory, so a saved name or code still finds its successor.
    public let successorCode: String?
    /// The code of the row of KMA's grid table the place's cell comes from: the place's own
    /// ``regionCode`` for a row of the table, the former row for a renamed or recoded one, the
    /// seat's row for a new region. KMA's services keyed by a 행정구역 code (the UV index's
    /// `areaNo`) know the table's codes, so this is the code to send them.
    public let kmaRegionCode: String

    /// Creates a place.
    ///
    /// - Parameters:
    ///   - regionCode: The 10-digit region code.
    ///   - levels: One to three names, province first.
    ///   - cell: The grid cell.
    ///   - coordinate: The representative point in degrees, if known.
    ///   - edition: The map's edition (KMA's table's by default).
    ///   - successorCode: The code of the place that replaced it, if any.
    ///   - kmaRegionCode: The code of the row of KMA's table the cell comes from (`regionCode` by default).
    public init(
        regionCode: String, levels: [String], cell: GridCell, coordinate: GeoCoordinate?,
        edition: String = PlaceDirectory.kmaEdition, successorCode: String? = nil, kmaRegionCode: String? = nil
    ) {
        self.regionCode = regionCode
        self.levels = levels
        self.name = levels.joined(separator: " ")
        self.cell = cell
        self.coordinate = coordinate
        self.edition = edition
        self.successorCode = successorCode
        self.kmaRegionCode = kmaRegionCode ?? regionCode
    }

    /// Whether the place is a row of KMA's grid table itself (not a region the later map added).
    public var isInKMATable: Bool { edition == PlaceDirectory.kmaEdition && kmaRegionCode == regionCode }

    /// Whether the place is of the current map (nothing replaced it).
    public var isCurrent: Bool { successorCode == nil }

    /// The same place marked as replaced by `code`.
    func superseded(by code: String) -> Place {
        Place(regionCode: regionCode, levels: levels, cell: cell, coordinate: coordinate, edition: edition, successorCode: code, kmaRegionCode: kmaRegionCode)
    }

    /// The English name (Revised Romanization, as the Korean government writes it) of a
    /// province or metropolitan city (depth 1: `Seoul`, `Busan`, `Gyeonggi-do`, `Gangwon
    /// State`) or of a city, county or district (depth 2: `Uijeongbu-si`, `Jeju-si`,
    /// `Jongno-gu`, `Gapyeong-gun`, `Suwon-si Yeongtong-gu`); `nil` for a town (depth 3). The
    /// name, and the same without its unit, finds the place in ``PlaceDirectory/place(named:)``.
    public var englishName: String? { EnglishPlaceNames.name(of: levels) }

    /// How deep the region is: 1 for a province or metropolitan city, 2 for a city, county or
    /// district, 3 for a town or neighbourhood (읍·면·동).
    public var depth: Int { levels.count }

    /// Whether `other` is this region or lies inside it: its names start with this one's, or
    /// this is a city (시) and `other` one of its districts (`경기도 수원시` contains `경기도
    /// 수원시영통구` and the towns below it).
    public func contains(_ other: Place) -> Bool {
        if other.levels.count >= levels.count && other.levels.starts(with: levels) { return true }
        guard levels.count == 2, levels[1].hasSuffix("시"), other.levels.count >= 2, other.levels[0] == levels[0] else { return false }
        let district = other.levels[1]
        return district.count > levels[1].count && district.hasPrefix(levels[1]) && district.hasSuffix("구")
    }
}

extension Place: CustomStringConvertible {
    /// The full name and the cell, e.g. `서울특별시 종로구 (nx 60, ny 127)`.
    public var description: String { "\(name) (nx \(cell.nx), ny \(cell.ny))" }
}
