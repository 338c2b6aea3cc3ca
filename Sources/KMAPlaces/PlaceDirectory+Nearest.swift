import KMAGrid

extension PlaceDirectory {
    /// The row of the table nearest to a coordinate (any level: 시도, 시군구 or 읍면동), by
    /// distance on KMA's Lambert conformal conic plane; `nil` when no row has a position.
    ///
    /// A coordinate has no administrative code of its own: services keyed by one (the UV index's
    /// `areaNo`) use this row's ``Place/regionCode`` and should say it is the nearest place's.
    /// Only rows of KMA's table itself count (``Place/isInKMATable``): the regions of the later
    /// map have their rows' positions, and KMA's services know the table's codes.
    public func nearestPlace(to coordinate: GeoCoordinate) -> Place? {
        let target = LambertConformalConic.kma.forward(latitude: coordinate.latitude, longitude: coordinate.longitude)
        var best: Place?
        var bestDistance = Double.infinity
        for place in places where place.isInKMATable {
            guard let position = place.coordinate else { continue }
            let p = LambertConformalConic.kma.forward(latitude: position.latitude, longitude: position.longitude)
            let distance = (p.x - target.x) * (p.x - target.x) + (p.y - target.y) * (p.y - target.y)
            if distance < bestDistance {
                bestDistance = distance
                best = place
            }
        }
        return best
    }
}
