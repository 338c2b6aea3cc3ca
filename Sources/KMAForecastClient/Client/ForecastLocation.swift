import KMAGrid
import KMAPlaces

/// Where a forecast is for: a coordinate, a KMA grid cell, or a Korean place name from KMA's
/// own table (``PlaceDirectory/kma``).
///
/// ```swift
/// let here: ForecastLocation = .coordinate(GeoCoordinate(latitude: 37.5665, longitude: 126.978))
/// let cell: ForecastLocation = .cell(try GridCell(nx: 60, ny: 127))
/// let name: ForecastLocation = .place("부산 해운대구")          // looked up when resolved
/// let place: ForecastLocation = .place(try LocationParser.place(named: "해운대구"))  // already resolved
/// ```
///
/// A coordinate gets the cell of KMA's formula; a place name gets the cell KMA's table assigns
/// it (about 1 % of the table's rows differ from the formula applied to their own point: KMA
/// moved the point later). The mid-term regions: a place's from its province, a coordinate's
/// (or a cell's centre's) from the province of the table's nearest row.
///
/// A place once looked up travels on as ``place(_:)-enum.case`` (its cell, point and name
/// need no second lookup); a name given as text is ``placeName(_:)``, looked up when resolved.
/// ``LocationParser`` reads any of them from text.
public enum ForecastLocation: Hashable, Sendable {
    /// A point in degrees (latitude −90…90, longitude −180…180); it must lie on the KMA grid.
    case coordinate(GeoCoordinate)
    /// A grid cell (nx 1…149, ny 1…253).
    case cell(GridCell)
    /// A place of KMA's table, already looked up (``LocationParser/place(named:)``,
    /// ``PlaceDirectory/place(named:)``): its cell, point, name and regions are the place's own.
    case place(Place)
    /// A place name as KMA's table writes it, in any of the forms ``PlaceDirectory/place(named:)``
    /// accepts (`서울`, `부산 해운대구`, `역삼1동`, `Busan` …), looked up when resolved.
    case placeName(String)

    /// A place name, looked up when resolved: ``placeName(_:)``, spelled as before
    /// (`.place("해운대")`).
    public static func place(_ name: String) -> ForecastLocation { .placeName(name) }

    /// The cell, with the place's name, coordinate and mid-term regions when known.
    ///
    /// - Throws: ``ForecastClientError`` with ``ForecastClientError/Reason/outsideGrid(_:)`` for
    ///   a coordinate off the grid, or ``ForecastClientError/Reason/unknownPlace(_:)`` for a name
    ///   that matches no place or several.
    public func resolved() throws(ForecastClientError) -> LocalForecast.Location {
        try resolvedWithRegions().location
    }

    /// The location and its mid-term assignment (`nil` where the place has none).
    func resolvedWithRegions() throws(ForecastClientError) -> (location: LocalForecast.Location, regions: MidTermAssignment?) {
        switch self {
        case .coordinate(let point):
            let cell: GridCell
            do throws(GridError) {
                cell = try ForecastGrid.kma.cell(for: point)
            } catch {
                throw ForecastClientError(.outsideGrid(error))
            }
            let regions = try? MidTermRegions.kma.assignment(for: point)
            return (.init(cell: cell, coordinate: point, placeName: nil, midTermRegions: regions.map(MidTermRegionCodes.init)), regions)
        case .cell(let cell):
            let regions = try? MidTermRegions.kma.assignment(for: ForecastGrid.kma.center(of: cell))
            return (.init(cell: cell, coordinate: nil, placeName: nil, midTermRegions: regions.map(MidTermRegionCodes.init)), regions)
        case .place(let place):
            return Self.resolved(place)
        case .placeName(let name):
            do throws(PlaceLookupError) {
                let place = try PlaceDirectory.kma.place(named: name)
                return Self.resolved(place)
            } catch {
                throw ForecastClientError(.unknownPlace(error))
            }
        }
    }

    /// A place of KMA's table: its cell, point, name and regions.
    static func resolved(_ place: Place) -> (location: LocalForecast.Location, regions: MidTermAssignment?) {
        let regions = try? MidTermRegions.kma.assignment(for: place)
        return (.init(cell: place.cell, coordinate: place.coordinate, placeName: place.displayName, midTermRegions: regions.map(MidTermRegionCodes.init)), regions)
    }
}

extension ForecastLocation {
    /// What a location stands for when a service maps it to its own area (a warning zone, a UV
    /// index area), worked out in one place: the place it names (a name looked up once in
    /// `places`), else the point it is (a coordinate, or a cell's centre).
    enum Standing: Hashable, Sendable {
        case place(Place)
        case point(GeoCoordinate)
    }

    /// The place or point the location stands for (``Standing``).
    ///
    /// - Throws: ``PlaceLookupError`` for a name that matches no place or several.
    func standing(in places: PlaceDirectory = .kma) throws(PlaceLookupError) -> Standing {
        switch self {
        case .coordinate(let point): .point(point)
        case .cell(let cell): .point(ForecastGrid.kma.center(of: cell))
        case .place(let place): .place(place)
        case .placeName(let name): .place(try places.place(named: name))
        }
    }
}
