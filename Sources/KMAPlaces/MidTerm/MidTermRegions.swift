import KMAGrid

/// The mid-term forecast's codes for any place or coordinate: KMA's 10 land regions and 176
/// temperature points (`Fixtures/midterm/midterm_regions.csv`, KMA's 2025-12 code list with
/// FcstZoneInfoService positions, embedded in the library).
///
/// ```swift
/// let place = try PlaceDirectory.kma.place(named: "익산")
/// let codes = try MidTermRegions.kma.assignment(for: place)
/// print(codes.landRegion.id, codes.temperaturePoint.name)   // 11F10000 익산
/// ```
///
/// **The rule** (KMA_SPEC §9): the land region comes from the place's province — 강원 split
/// into 영동 (강릉, 동해, 태백, 속초, 삼척, 고성, 양양) and 영서 by county; the temperature point is
/// the nearest one *inside that region* by the prefix table (``landRegionID(forPointID:)``).
/// Nearest alone sends about 2 % of KMA's 3,834 places to a neighbouring region (익산 → 논산,
/// 연천 → 철원). Points without a position and 이어도/독도 are never the nearest. 서해5도 and
/// 울릉도·독도 have no land region of their own: they get 11B00000 and 11H10000, marked
/// approximate. A bare coordinate takes its province from the nearest row of KMA's grid table.
///
/// Distances are measured on KMA's own Lambert conformal grid (5 km units): conformal, so
/// true to well under 1 % over the distances compared.
///
/// Attribution (KOGL Type 1): ``attribution``.
public struct MidTermRegions: Sendable {
    /// The 10 land regions, in KMA's order.
    public let landRegions: [MidTermLandRegion]
    /// The 176 temperature points, in the table's order.
    public let temperaturePoints: [MidTermTemperaturePoint]
    /// The grid positions of ``temperaturePoints`` that may be nearest (index into the list).
    private let candidates: [(index: Int, x: Double, y: Double)]

    /// The attribution KMA's licence (공공누리 제1유형) asks for.
    public static let attribution = "출처: 기상청 중기예보 조회서비스 예보구역 (FcstZoneInfoService; KOGL type 1)"

    /// The embedded table. Parsed on first use.
    public static let kma: MidTermRegions = {
        do {
            return try MidTermRegions(csv: EmbeddedMidTermRegionTable.csv)
        } catch {
            // The embedded table is checked by KMAPlacesTests; this is a build defect.
            fatalError("The embedded mid-term region table is unreadable (\(error)); regenerate it with Scripts/generate-place-table.py")
        }
    }()

    /// KMA_SPEC §9's names and the `getMidFcst` station of each land region.
    static let landRegionFacts: [String: (name: String, station: String)] = [
        "11B00000": ("서울·인천·경기", "109"), "11D10000": ("강원영서", "105"), "11D20000": ("강원영동", "105"),
        "11C20000": ("대전·세종·충남", "133"), "11C10000": ("충북", "131"), "11F20000": ("광주·전남", "156"),
        "11F10000": ("전북", "146"), "11H10000": ("대구·경북", "143"), "11H20000": ("부산·울산·경남", "159"),
        "11G00000": ("제주", "184"),
    ]

    /// A table in the layout of `Fixtures/midterm/midterm_regions.csv`:
    /// `regId,regName,regSp,regUp,lat,lon`, land regions with `regSp` `A`, points with `C`.
    ///
    /// - Throws: ``PlaceTableError`` naming the first bad line.
    public init(csv: String) throws(PlaceTableError) {
        let header = "regId,regName,regSp,regUp,lat,lon"
        var lines = csv.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        guard let first = lines.first else { throw .noRows }
        guard first == header else { throw .unexpectedHeader(String(first.prefix(80))) }
        lines.removeFirst()
        var lands: [MidTermLandRegion] = []
        var points: [MidTermTemperaturePoint] = []
        var seen: Set<String> = []
        for (offset, line) in lines.enumerated() {
            let number = offset + 2
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6 else { throw .malformedRow(line: number, reason: "expected 6 fields, found \(fields.count)") }
            let id = fields[0]
            guard id.utf8.count == 8, id.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) }) else {
                throw .malformedRow(line: number, reason: "regId '\(id.prefix(20))' is not 8 digits and capital letters")
            }
            guard seen.insert(id).inserted else { throw .duplicateRegionCode(id, line: number) }
            switch fields[2] {
            case "A":
                guard let facts = Self.landRegionFacts[id] else {
                    throw .malformedRow(line: number, reason: "land region \(id) is not one of KMA's 10")
                }
                lands.append(MidTermLandRegion(id: id, name: facts.name, outlookStationID: facts.station))
            case "C":
                guard let land = Self.landRegionID(forPointID: id) else {
                    throw .malformedRow(line: number, reason: "temperature point \(id) has no land region in the prefix table")
                }
                var coordinate: GeoCoordinate?
                if !fields[4].isEmpty || !fields[5].isEmpty {
                    guard let lat = Double(fields[4]), let lon = Double(fields[5]), (32...39).contains(lat), (124...132).contains(lon) else {
                        throw .malformedRow(line: number, reason: "lat '\(fields[4].prefix(20))', lon '\(fields[5].prefix(20))' is not a position in Korea")
                    }
                    coordinate = GeoCoordinate(latitude: lat, longitude: lon)
                }
                points.append(MidTermTemperaturePoint(id: id, name: fields[1], coordinate: coordinate, landRegionID: land))
            default:
                throw .malformedRow(line: number, reason: "regSp '\(fields[2].prefix(5))' is neither A (land region) nor C (point)")
            }
        }
        guard !lands.isEmpty, !points.isEmpty else { throw .noRows }
        for point in points where !lands.contains(where: { $0.id == point.landRegionID }) {
            throw .malformedRow(line: 0, reason: "point \(point.id)'s land region \(point.landRegionID) is not in the table")
        }
        landRegions = lands
        temperaturePoints = points
        candidates = points.indices.compactMap { index in
            guard points[index].isCandidateForNearest, let position = points[index].coordinate else { return nil }
            let projected = LambertConformalConic.kma.forward(latitude: position.latitude, longitude: position.longitude)
            return (index, projected.x, projected.y)
        }
    }

    /// KMA_SPEC §9's prefix table: the land region of a temperature point's code.
    ///
    /// 11A, 11B → 11B00000; 11C1/11C2 → 11C10000/11C20000; 11D1/11D2 → 11D10000/11D20000;
    /// 11E → 11H10000; 11F1 or 21F1 → 11F10000; 11F2 or 21F2 → 11F20000; 11G → 11G00000;
    /// 11H1/11H2 → 11H10000/11H20000. (Walking `regUp` does not give these.)
    ///
    /// - Returns: `nil` for a code the table does not cover.
    public static func landRegionID(forPointID id: String) -> String? {
        let prefix3 = String(id.prefix(3)), prefix4 = String(id.prefix(4))
        switch prefix3 {
        case "11A", "11B": return "11B00000"
        case "11E": return "11H10000"
        case "11G": return "11G00000"
        default: break
        }
        switch prefix4 {
        case "11C1": return "11C10000"
        case "11C2": return "11C20000"
        case "11D1": return "11D10000"
        case "11D2": return "11D20000"
        case "11F1", "21F1": return "11F10000"
        case "11F2", "21F2": return "11F20000"
        case "11H1": return "11H10000"
        case "11H2": return "11H20000"
        default: return nil
        }
    }

    /// The land region with a code, if the table has it.
    public func landRegion(id: String) -> MidTermLandRegion? { landRegions.first { $0.id == id } }

    /// The temperature point with a code, if the table has it.
    public func temperaturePoint(id: String) -> MidTermTemperaturePoint? { temperaturePoints.first { $0.id == id } }

    /// 강원's counties that belong to 영동 (11D20000); the rest of 강원 is 영서 (11D10000).
    static let yeongdongCounties: Set<String> = ["강릉시", "동해시", "태백시", "속초시", "삼척시", "고성군", "양양군"]

    /// The land region of a place of KMA's grid table, and whether it only approximates the
    /// place's (서해5도, 울릉도·독도, 이어도); `nil` for a province this table does not know.
    public func landRegion(for place: Place) -> (region: MidTermLandRegion, isApproximate: Bool)? {
        let province = place.levels.first ?? ""
        let county = place.levels.count > 1 ? place.levels[1] : ""
        let town = place.levels.count > 2 ? place.levels[2] : ""
        let id: String
        var approximate = false
        switch province {
        case "서울특별시", "경기도": id = "11B00000"
        case "인천광역시":
            id = "11B00000"
            approximate = county == "옹진군" && ["백령면", "대청면", "연평면"].contains(town)
        case "강원특별자치도", "강원도": id = Self.yeongdongCounties.contains(county) ? "11D20000" : "11D10000"
        case "대전광역시", "세종특별자치시", "충청남도": id = "11C20000"
        case "충청북도": id = "11C10000"
        case "광주광역시", "전라남도", "전남광주통합특별시": id = "11F20000"
        case "전북특별자치도", "전라북도": id = "11F10000"
        case "대구광역시": id = "11H10000"
        case "경상북도":
            id = "11H10000"
            approximate = county == "울릉군"
        case "부산광역시", "울산광역시", "경상남도": id = "11H20000"
        case "제주특별자치도": id = "11G00000"
        case "이어도":
            id = "11G00000"
            approximate = true
        default: return nil
        }
        return landRegion(id: id).map { ($0, approximate) }
    }

    /// The mid-term codes of a place of KMA's grid table.
    ///
    /// The distance is measured from the place's position, or from its cell's centre where the
    /// table has no position (이어도).
    ///
    /// - Throws: ``MidTermRegionError/noLandRegion(_:)`` for a province this table does not know.
    public func assignment(for place: Place) throws(MidTermRegionError) -> MidTermAssignment {
        try assignment(for: place, at: place.coordinate ?? ForecastGrid.kma.center(of: place.cell))
    }

    /// The mid-term codes of a coordinate: the province of KMA's grid-table row nearest to it,
    /// then the temperature point nearest to the coordinate inside that province's region.
    ///
    /// - Parameters:
    ///   - coordinate: Degrees; must be on KMA's grid (``ForecastGrid/cell(for:)``).
    ///   - places: The grid table (KMA's by default).
    /// - Throws: ``MidTermRegionError/outsideGrid(_:)`` for a coordinate off the grid.
    public func assignment(for coordinate: GeoCoordinate, places: PlaceDirectory = .kma) throws(MidTermRegionError) -> MidTermAssignment {
        do {
            _ = try ForecastGrid.kma.cell(for: coordinate)
        } catch {
            throw .outsideGrid(error)
        }
        let best = places.nearestPlace(to: coordinate)
        guard let best else { throw .noLandRegion("no row of the grid table has a position") }
        return try assignment(for: best, at: coordinate)
    }

    private func assignment(for place: Place, at coordinate: GeoCoordinate) throws(MidTermRegionError) -> MidTermAssignment {
        guard let (land, approximate) = landRegion(for: place) else {
            throw .noLandRegion(place.name)
        }
        let target = LambertConformalConic.kma.forward(latitude: coordinate.latitude, longitude: coordinate.longitude)
        var inside: (index: Int, distance: Double)?
        var anywhere: (index: Int, distance: Double)?
        for candidate in candidates {
            let distance = (candidate.x - target.x) * (candidate.x - target.x) + (candidate.y - target.y) * (candidate.y - target.y)
            if distance < anywhere?.distance ?? .infinity { anywhere = (candidate.index, distance) }
            if temperaturePoints[candidate.index].landRegionID == land.id, distance < inside?.distance ?? .infinity {
                inside = (candidate.index, distance)
            }
        }
        guard let inside, let anywhere else { throw .noTemperaturePoint(land.id) }
        return MidTermAssignment(
            landRegion: land, temperaturePoint: temperaturePoints[inside.index], isApproximate: approximate,
            nearestPoint: temperaturePoints[anywhere.index], place: place
        )
    }
}

/// Why a place or coordinate has no mid-term codes.
public enum MidTermRegionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The coordinate is off KMA's grid.
    case outsideGrid(GridError)
    /// The place's province (named) has no land region in the table.
    case noLandRegion(String)
    /// The land region (its code) has no temperature point with a position.
    case noTemperaturePoint(String)

    /// A message for a person.
    public var description: String {
        switch self {
        case .outsideGrid(let error): "\(error)"
        case .noLandRegion(let name): "\(name) has no mid-term land region: its province is not one of KMA's"
        case .noTemperaturePoint(let id): "land region \(id) has no temperature point with a position in the mid-term table"
        }
    }
}
