import KMAGrid

/// Why a place or coordinate has no warning zone.
public enum WarningZoneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The coordinate is off KMA's grid.
    case outsideGrid(GridError)
    /// The place (named) is in no zone of the table (이어도, or a province or county the table lacks).
    case noZone(String)

    /// A message for a person.
    public var description: String {
        switch self {
        case .outsideGrid(let error): "\(error)"
        case .noZone(let name): "\(name) is in no land warning zone (특보구역) of KMA's list of 2026-06-01"
        }
    }
}

extension WarningZones {
    /// The province zones by the names of KMA's grid table (both the new and the former names).
    static let provinceZones: [String: String] = [
        "서울특별시": "L1100000", "부산광역시": "L1150000", "대구광역시": "L1140000", "인천광역시": "L1110000",
        "광주광역시": "L1130000", "대전광역시": "L1120000", "울산광역시": "L1160000", "세종특별자치시": "L1170000",
        "경기도": "L1010000", "강원특별자치도": "L1020000", "강원도": "L1020000", "충청북도": "L1040000", "충청남도": "L1030000",
        "전북특별자치도": "L1060000", "전라북도": "L1060000", "전라남도": "L1050000", "경상북도": "L1070000",
        "경상남도": "L1080000", "제주특별자치도": "L1090000",
    ]

    /// Towns (and counties) with a zone of their own: (province, county, town prefix) → zone; an
    /// empty town matches the whole county. `approximate` lists zones a town shares.
    static let namedTowns: [(province: String, county: String, town: String, zone: String, alsoIn: [String])] = [
        ("경상북도", "울릉군", "", "L1072100", []),
        ("인천광역시", "옹진군", "백령면", "L1014200", []), ("인천광역시", "옹진군", "대청면", "L1014200", []),
        ("인천광역시", "옹진군", "연평면", "L1014300", []),
        ("인천광역시", "중구", "영종", "L1110110", []), ("인천광역시", "중구", "운서동", "L1110110", []),
        ("인천광역시", "중구", "용유동", "L1110110", []),
        ("전라남도", "신안군", "흑산면", "L1052500", []), ("전라남도", "여수시", "삼산면", "L1052600", []),
        ("제주특별자치도", "제주시", "추자면", "L1091000", []), ("전북특별자치도", "부안군", "위도면", "L1061520", []),
        ("전라남도", "영광군", "낙월면", "L1052720", []),
        ("충청남도", "보령시", "오천면", "L1031910", ["L1031920"]), ("전라남도", "완도군", "청산면", "L1053310", ["L1053320"]),
        ("전북특별자치도", "군산시", "옥도면", "L1061620", ["L1061630"]),
    ]

    /// The zone of a place of KMA's grid table (see ``WarningZones`` for the rules).
    ///
    /// - Parameters:
    ///   - place: The place.
    ///   - places: The grid table, for the centre of a county split by direction (KMA's by default).
    /// - Throws: ``WarningZoneError/noZone(_:)`` for a place in no land zone (이어도).
    ///
    /// A region of the later map (``Place/isInKMATable`` false: 영종구, 전남광주통합특별시 동구,
    /// 수원시) is placed as the row of KMA's table its cell comes from (its former row, or its
    /// seat's): the zones are KMA's and name the places as KMA's table does.
    public func assignment(for place: Place, places: PlaceDirectory = .kma) throws(WarningZoneError) -> WarningZoneAssignment {
        let row = place.isInKMATable ? place : places.place(regionCode: place.kmaRegionCode) ?? place
        return try assignment(for: row, at: row.coordinate ?? ForecastGrid.kma.center(of: row.cell), places: places)
    }

    /// The zone of a coordinate: the zone of the nearest place of KMA's grid table, with the
    /// coordinate itself deciding between the parts of a county split by direction. Approximate
    /// also when the nearest place of another county is almost as near (within 1.5 times the
    /// distance): the point may be across the county line. A point at sea gets the nearest land
    /// zone.
    ///
    /// - Throws: ``WarningZoneError``.
    public func assignment(for coordinate: GeoCoordinate, places: PlaceDirectory = .kma) throws(WarningZoneError) -> WarningZoneAssignment {
        do {
            _ = try ForecastGrid.kma.cell(for: coordinate)
        } catch {
            throw .outsideGrid(error)
        }
        let target = LambertConformalConic.kma.forward(latitude: coordinate.latitude, longitude: coordinate.longitude)
        func distance(_ place: Place) -> Double {
            guard let position = place.coordinate else { return .infinity }
            let p = LambertConformalConic.kma.forward(latitude: position.latitude, longitude: position.longitude)
            return ((p.x - target.x) * (p.x - target.x) + (p.y - target.y) * (p.y - target.y)).squareRoot()
        }
        var best: (place: Place, distance: Double)?
        for place in places.places where place.depth >= 2 && place.isInKMATable {
            let d = distance(place)
            if d < best?.distance ?? .infinity { best = (place, d) }
        }
        guard let best else { throw .noZone("no row of the grid table has a position") }
        let found = try assignment(for: best.place, at: coordinate, places: places)
        let county = Array(best.place.levels.prefix(2))
        var other: (place: Place, distance: Double)?
        for place in places.places where place.depth >= 2 && place.isInKMATable && Array(place.levels.prefix(2)) != county {
            let d = distance(place)
            if d < other?.distance ?? .infinity { other = (place, d) }
        }
        guard !found.isApproximate, let other, other.distance < 1.5 * best.distance,
              let across = try? assignment(for: other.place, at: coordinate, places: places), across.zone != found.zone else { return found }
        return WarningZoneAssignment(zone: found.zone, isApproximate: true, method: .border, alternatives: [across.zone])
    }

    /// The city part of a county name: `수원시` of `수원시권선구`, else the name.
    static func cityPart(_ county: String) -> String {
        guard county.hasSuffix("구"), let si = county.firstIndex(of: "시"), county.index(after: si) < county.endIndex else { return county }
        return String(county[...si])
    }

    /// A name without its parenthesised part: `제주시` of `제주시(산지 제외)`.
    static func bare(_ name: String) -> String {
        String(name.prefix { $0 != "(" })
    }

    private func assignment(for place: Place, at point: GeoCoordinate, places: PlaceDirectory) throws(WarningZoneError) -> WarningZoneAssignment {
        let province = place.levels.first ?? ""
        let county = place.levels.count > 1 ? place.levels[1] : ""
        let town = place.levels.count > 2 ? place.levels[2] : ""
        guard let provinceID = Self.provinceZones[province], let provinceZone = zone(id: provinceID) else { throw .noZone(place.name) }
        for named in Self.namedTowns where named.province == province || (named.province == "전북특별자치도" && province == "전라북도") {
            guard named.county == county, town.hasPrefix(named.town) || named.town.isEmpty, let found = zone(id: named.zone) else { continue }
            if named.town.isEmpty || !town.isEmpty {
                let others = named.alsoIn.compactMap { zone(id: $0) }
                return WarningZoneAssignment(zone: found, isApproximate: !others.isEmpty, method: others.isEmpty ? .name : .mainPart, alternatives: others)
            }
        }
        if county.isEmpty {
            // A province as a whole: the zone of the nearest of its places to its point.
            let target = LambertConformalConic.kma.forward(latitude: point.latitude, longitude: point.longitude)
            var nearest: (place: Place, distance: Double)?
            for other in places.places where other.depth >= 2 && other.isInKMATable && other.levels.first == province {
                guard let position = other.coordinate else { continue }
                let p = LambertConformalConic.kma.forward(latitude: position.latitude, longitude: position.longitude)
                let d = (p.x - target.x) * (p.x - target.x) + (p.y - target.y) * (p.y - target.y)
                if d < nearest?.distance ?? .infinity { nearest = (other, d) }
            }
            guard let nearest else { throw .noZone(place.name) }
            let found = try assignment(for: nearest.place, at: point, places: places)
            return WarningZoneAssignment(zone: found.zone, isApproximate: true, method: .province, alternatives: [])
        }
        let city = Self.cityPart(county)
        let below = children(of: provinceID)
        // The county's own zone: its full name (`수원시`, `제주시(산지 제외)`) or short name (`수원`).
        let countyZone = city.isEmpty || city == province ? nil : below.first { Self.bare($0.name) == city || $0.shortName == String(city.dropLast()) }
        let area: WarningZone
        let candidates: [WarningZone]
        let isMine: (Place) -> Bool
        if let countyZone {
            area = countyZone
            candidates = leaves(under: countyZone.id).filter { !isNamedTown($0.id) }
            isMine = { $0.levels.first == province && $0.levels.count > 1 && Self.cityPart($0.levels[1]) == city }
        } else {
            // A metropolitan city's districts (서울, 부산 …): the zones not named after a county.
            let countyNames = Set(below.filter { isCountyZone($0, province: province) }.map { Self.bare($0.name) })
            area = provinceZone
            candidates = below.filter { !isCountyZone($0, province: province) }.flatMap { leaves(under: $0.id) }.filter { !isNamedTown($0.id) }
            isMine = { $0.levels.first == province && $0.levels.count > 1 && !countyNames.contains(Self.cityPart($0.levels[1])) }
        }
        guard let first = candidates.first else { throw .noZone(place.name) }
        if candidates.count == 1 { return WarningZoneAssignment(zone: first, isApproximate: false, method: .name) }
        // A band by height (제주시중산간, the slopes between the coast and 제주도산지) is no
        // direction: the places of the table (읍·면·동 offices, the city hall) are in the coastal
        // parts, so the choice is among those, the band listed as an alternative.
        let bands = candidates.filter { Self.isHeightBand($0.shortName) }
        if !bands.isEmpty, bands.count < candidates.count {
            let coastal = candidates.filter { !Self.isHeightBand($0.shortName) }
            let found = bySeat(coastal, area: area, point: point, town: town, isMine: isMine, places: places)
                ?? split(coastal, area: area, point: point, isMine: isMine, places: places, townKnown: !town.isEmpty)
            return WarningZoneAssignment(zone: found.zone, isApproximate: true, method: found.method, alternatives: found.alternatives + bands)
        }
        return split(candidates, area: area, point: point, isMine: isMine, places: places, townKnown: !town.isEmpty)
    }

    /// Whether a zone is reached only through ``namedTowns`` (an island or a town of its own).
    private func isNamedTown(_ id: String) -> Bool {
        Self.namedTowns.contains { $0.zone == id && !$0.town.isEmpty && $0.alsoIn.isEmpty } || ["L1061630", "L1031920", "L1053320"].contains(id)
    }

    /// Whether a zone below a province is a county's (`…시`, `…군`, not the province's own name).
    private func isCountyZone(_ zone: WarningZone, province: String) -> Bool {
        let name = Self.bare(zone.name)
        return name != province && (name.hasSuffix("시") || name.hasSuffix("군"))
    }

    /// One part of a split county (or city) for a point.
    private func split(_ parts: [WarningZone], area: WarningZone, point: GeoCoordinate, isMine: (Place) -> Bool, places: PlaceDirectory, townKnown: Bool) -> WarningZoneAssignment {
        // Parts that are the county without its islands (`부안군(위도면 제외)`): the rest are named towns.
        if let main = parts.first(where: { $0.name.contains("제외") }) {
            return WarningZoneAssignment(zone: main, isApproximate: !townKnown, method: townKnown ? .name : .mainPart, alternatives: townKnown ? [] : parts.filter { $0 != main })
        }
        if let low = parts.first(where: { $0.shortName.hasSuffix("평지") }), parts.contains(where: { $0.shortName.hasSuffix("산지") }) {
            return WarningZoneAssignment(zone: low, isApproximate: true, method: .lowland, alternatives: parts.filter { $0 != low })
        }

        // By direction from the centre of the area's places.
        var sumX = 0.0, sumY = 0.0, count = 0.0
        var positions: [(x: Double, y: Double)] = []
        for place in places.places where place.depth == 3 && place.isInKMATable && isMine(place) {
            guard let position = place.coordinate else { continue }
            let p = LambertConformalConic.kma.forward(latitude: position.latitude, longitude: position.longitude)
            positions.append((p.x, p.y))
            sumX += p.x
            sumY += p.y
            count += 1
        }
        guard count > 0 else { return WarningZoneAssignment(zone: parts[0], isApproximate: true, method: .direction, alternatives: Array(parts.dropFirst())) }
        let centre = (x: sumX / count, y: sumY / count)
        let spread = max(1, (positions.reduce(0) { $0 + ($1.x - centre.x) * ($1.x - centre.x) + ($1.y - centre.y) * ($1.y - centre.y) } / count).squareRoot())
        let p = LambertConformalConic.kma.forward(latitude: point.latitude, longitude: point.longitude)
        let offset = (x: (p.x - centre.x) / spread, y: (p.y - centre.y) / spread)
        let parentName = Self.bare(area.shortName)
        var best = parts[0]
        var bestDistance = Double.infinity
        for part in parts {
            let target = Self.bearing(of: part.shortName.hasPrefix(parentName) ? String(part.shortName.dropFirst(parentName.count)) : part.shortName)
            let d = (offset.x - target.x) * (offset.x - target.x) + (offset.y - target.y) * (offset.y - target.y)
            if d < bestDistance {
                bestDistance = d
                best = part
            }
        }
        return WarningZoneAssignment(zone: best, isApproximate: true, method: .direction, alternatives: parts.filter { $0 != best })
    }

    /// Parts by direction from the county's seat (its own row's point, the city hall): each
    /// 읍·면 (not an island of its own) is in the part its direction from the seat names; the
    /// one part no 읍·면 is in holds the seat and its 동 (the town around the hall): 제주시북부,
    /// 서귀포시남부. `nil` when the parts do not leave exactly one for the seat.
    private func bySeat(_ parts: [WarningZone], area: WarningZone, point: GeoCoordinate, town: String, isMine: (Place) -> Bool, places: PlaceDirectory) -> WarningZoneAssignment? {
        guard let seat = places.places.first(where: { $0.isInKMATable && $0.depth == 2 && isMine($0) })?.coordinate else { return nil }
        let origin = LambertConformalConic.kma.forward(latitude: seat.latitude, longitude: seat.longitude)
        let parentName = Self.bare(area.shortName)
        func part(toward position: GeoCoordinate) -> WarningZone {
            let p = LambertConformalConic.kma.forward(latitude: position.latitude, longitude: position.longitude)
            let (dx, dy) = (p.x - origin.x, p.y - origin.y)
            return parts.max { a, b in
                let ba = Self.bearing(of: String(a.shortName.dropFirst(a.shortName.hasPrefix(parentName) ? parentName.count : 0)))
                let bb = Self.bearing(of: String(b.shortName.dropFirst(b.shortName.hasPrefix(parentName) ? parentName.count : 0)))
                return ba.x * dx + ba.y * dy < bb.x * dx + bb.y * dy
            } ?? parts[0]
        }
        var claimed: Set<String> = []
        for row in places.places where row.isInKMATable && row.depth == 3 && isMine(row) && (row.levels[2].hasSuffix("읍") || row.levels[2].hasSuffix("면")) {
            guard let position = row.coordinate, !Self.namedTowns.contains(where: { $0.county == row.levels[1] && !$0.town.isEmpty && row.levels[2].hasPrefix($0.town) }) else { continue }
            claimed.insert(part(toward: position).id)
        }
        let seatParts = parts.filter { !claimed.contains($0.id) }
        guard seatParts.count == 1 else { return nil }
        let found = town.isEmpty || town.hasSuffix("동") ? seatParts[0] : part(toward: point)
        return WarningZoneAssignment(zone: found, isApproximate: true, method: .direction, alternatives: parts.filter { $0 != found })
    }

    /// Whether a part's name is a band by height among parts by direction (`제주시중산간`);
    /// the 평지/산지 pairs are the lowland rule's.
    static func isHeightBand(_ shortName: String) -> Bool {
        shortName.hasSuffix("중산간")
    }

    /// The compass vector of a part's name (`동북부` → (0.71, 0.71), `중부` → (0, 0), `중북부` → (0, 0.5)).
    static func bearing(of suffix: String) -> (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        for character in suffix {
            switch character {
            case "동": x += 1
            case "서": x -= 1
            case "남": y -= 1
            case "북": y += 1
            default: break
            }
        }
        let length = (x * x + y * y).squareRoot()
        guard length > 0 else { return (0, 0) }
        let scale = suffix.contains("중") ? 0.5 : 1.0
        return (x / length * scale, y / length * scale)
    }
}
