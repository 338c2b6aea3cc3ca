import KMAGrid
import KMAPlaces

/// Where a forecast is for: a coordinate, a KMA grid cell, or a Korean place name from KMA's
/// own table (``PlaceDirectory/kma``).
///
/// ```swift
/// let here: ForecastLocation = .coordinate(GeoCoordinate(latitude: 37.5665, longitude: 126.978))
/// let cell: ForecastLocation = .cell(try GridCell(nx: 60, ny: 127))
/// let place: ForecastLocation = .place("부산 해운대구")
/// ```
public enum ForecastLocation: Hashable, Sendable, Codable {
    /// A point in degrees (latitude −90…90, longitude −180…180); it must lie on the KMA grid.
    case coordinate(GeoCoordinate)
    /// A grid cell (nx 1…149, ny 1…253).
    case cell(GridCell)
    /// A place name as KMA's table writes it, in any of the forms ``PlaceDirectory/place(named:)``
    /// accepts (`서울`, `부산 해운대구`, `역삼1동` …).
    case place(String)

    /// The cell, with the place's name and coordinate when known.
    ///
    /// - Throws: ``ForecastClientError`` with ``ForecastClientError/Reason/outsideGrid(_:)`` for
    ///   a coordinate off the grid, or ``ForecastClientError/Reason/unknownPlace(_:)`` for a name
    ///   that matches no place or several.
    public func resolved() throws(ForecastClientError) -> LocalForecast.Location {
        switch self {
        case .coordinate(let point):
            do throws(GridError) {
                return .init(cell: try ForecastGrid.kma.cell(for: point), coordinate: point, placeName: nil)
            } catch {
                throw ForecastClientError(.outsideGrid(error))
            }
        case .cell(let cell):
            return .init(cell: cell, coordinate: nil, placeName: nil)
        case .place(let name):
            do throws(PlaceLookupError) {
                let place = try PlaceDirectory.kma.place(named: name)
                return .init(cell: place.cell, coordinate: place.coordinate, placeName: place.name)
            } catch {
                throw ForecastClientError(.unknownPlace(error))
            }
        }
    }
}
