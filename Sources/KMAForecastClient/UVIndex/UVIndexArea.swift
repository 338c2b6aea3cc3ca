import KMAForecast
import KMAGrid
import KMAPlaces

/// The area a UV index is asked for: the service is keyed by a 10-digit administrative code
/// (`areaNo`, 행정구역코드), which KMA's place table holds for every place.
///
/// A place name gives its own code. A coordinate (or a grid cell, by its centre) has none: the
/// nearest row of the table stands in (``PlaceDirectory/nearestPlace(to:)``), and
/// ``isApproximate`` says so.
public struct UVIndexArea: Hashable, Sendable, Codable {
    /// The code, e.g. `1111000000`.
    public var areaNo: String
    /// The place the code is of, as the table writes it (`서울특별시 종로구`).
    public var placeName: String
    /// `true` when the code is the nearest place's, not the location's own.
    public var isApproximate: Bool

    /// An area.
    public init(areaNo: String, placeName: String, isApproximate: Bool) {
        self.areaNo = areaNo
        self.placeName = placeName
        self.isApproximate = isApproximate
    }

    /// A place's code in KMA's table (``Place/kmaRegionCode``: its own for a row of the table;
    /// for a region of the 2026 map, the row its cell comes from, which KMA's service knows).
    public init(_ place: Place) {
        self.init(areaNo: place.kmaRegionCode, placeName: place.name, isApproximate: false)
    }

    /// The area of a location: a place's own code (a name is looked up in `places`); for a
    /// coordinate, the nearest place's; for a cell, the nearest place's to its centre (both
    /// approximate). `nil` for a name that matches no place, or a table without positions.
    public init?(_ location: ForecastLocation, places: PlaceDirectory = .kma) {
        switch try? location.standing(in: places) {
        case .place(let place)?:
            self.init(place)
        case .point(let point)?:
            guard let nearest = places.nearestPlace(to: point) else { return nil }
            self.init(areaNo: nearest.regionCode, placeName: nearest.name, isApproximate: true)
        case nil:
            return nil
        }
    }
}
