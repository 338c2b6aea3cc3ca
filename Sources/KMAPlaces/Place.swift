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

    /// Creates a place.
    ///
    /// - Parameters:
    ///   - regionCode: The 10-digit region code.
    ///   - levels: One to three names, province first.
    ///   - cell: The grid cell.
    ///   - coordinate: The representative point in degrees, if known.
    public init(regionCode: String, levels: [String], cell: GridCell, coordinate: GeoCoordinate?) {
        self.regionCode = regionCode
        self.levels = levels
        self.name = levels.joined(separator: " ")
        self.cell = cell
        self.coordinate = coordinate
    }

    /// The official English name (Revised Romanization, as the Korean government writes it)
    /// of a province or metropolitan city (depth 1: `Seoul`, `Busan`, `Gyeonggi-do`, `Gangwon
    /// State`, `Jeju-do`) or of a city that is a row of its own (depth 2: `Uijeongbu-si`,
    /// `Jeju-si`); `nil` for other regions (counties, districts, towns: the table has no
    /// English names, and KMAPlaces makes none up). The name, and the same without its `-do` /
    /// `-si`, finds the place in ``PlaceDirectory/place(named:)``.
    public var englishName: String? { EnglishPlaceNames.name(of: levels) }

    /// How deep the region is: 1 for a province or metropolitan city, 2 for a city, county or
    /// district, 3 for a town or neighbourhood (읍·면·동).
    public var depth: Int { levels.count }

    /// Whether `other` is this region or lies inside it (its names start with this one's).
    public func contains(_ other: Place) -> Bool {
        other.levels.count >= levels.count && other.levels.starts(with: levels)
    }
}

extension Place: CustomStringConvertible {
    /// The full name and the cell, e.g. `서울특별시 종로구 (nx 60, ny 127)`.
    public var description: String { "\(name) (nx \(cell.nx), ny \(cell.ny))" }
}
