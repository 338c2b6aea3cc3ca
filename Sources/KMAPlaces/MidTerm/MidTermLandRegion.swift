import KMAGrid

/// One of the mid-term forecast's 10 land regions (`getMidLandFcst`'s `regId`), e.g.
/// `11B00000` 서울·인천·경기.
public struct MidTermLandRegion: Hashable, Sendable {
    /// The region code, e.g. `11B00000`.
    public let id: String
    /// The region's name as KMA_SPEC §9 lists it, e.g. `서울·인천·경기`, `강원영동`.
    public let name: String
    /// The `stnId` of the forecaster's outlook (`getMidFcst`) that covers the region, e.g.
    /// `109` for 서울·인천·경기, `105` for both halves of 강원.
    public let outlookStationID: String

    /// A region.
    public init(id: String, name: String, outlookStationID: String) {
        self.id = id
        self.name = name
        self.outlookStationID = outlookStationID
    }
}

/// One of the mid-term forecast's temperature points (`getMidTa`'s `regId`), e.g. `11B10101`
/// 서울.
public struct MidTermTemperaturePoint: Hashable, Sendable {
    /// The point's code, e.g. `11B10101`.
    public let id: String
    /// The point's name, e.g. `서울`.
    public let name: String
    /// Its position (FcstZoneInfoService), `nil` for the five points the service lists without
    /// one (11F10204 완주, 11F20505 화순, 11G00901 산천단, 11G01001 한남, 11H10707 군위).
    public let coordinate: GeoCoordinate?
    /// The land region its code belongs to by KMA_SPEC §9's prefix table (``MidTermRegions/landRegionID(forPointID:)``).
    public let landRegionID: String

    /// A point.
    public init(id: String, name: String, coordinate: GeoCoordinate?, landRegionID: String) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.landRegionID = landRegionID
    }

    /// Whether the point may be chosen as a place's nearest: it has a position and is not
    /// 이어도 (11G00601, an ocean station) or 독도 (11E00102).
    public var isCandidateForNearest: Bool {
        coordinate != nil && id != "11G00601" && id != "11E00102"
    }
}

/// The mid-term codes of a place: its land region (weather and rain chance) and its
/// temperature point (low and high).
public struct MidTermAssignment: Hashable, Sendable {
    /// The land region, from the place's province (강원 split into 영동 and 영서 by county).
    public var landRegion: MidTermLandRegion
    /// The nearest temperature point inside ``landRegion``.
    public var temperaturePoint: MidTermTemperaturePoint
    /// `true` for places with no land region of their own (서해5도: 옹진군 백령면, 대청면, 연평면;
    /// 울릉군 with 독도; the two 이어도 rows): the land region is the nearest there is.
    public var isApproximate: Bool
    /// The nearest temperature point of any region. When it lies in another land region than
    /// ``landRegion`` (익산 → 논산, 연천 → 철원), nearest alone would have been wrong.
    public var nearestPoint: MidTermTemperaturePoint
    /// The row of KMA's grid table whose province decided the land region: the place itself,
    /// or, for a bare coordinate, the table's nearest row.
    public var place: Place

    /// An assignment.
    public init(landRegion: MidTermLandRegion, temperaturePoint: MidTermTemperaturePoint, isApproximate: Bool,
                nearestPoint: MidTermTemperaturePoint, place: Place) {
        self.landRegion = landRegion
        self.temperaturePoint = temperaturePoint
        self.isApproximate = isApproximate
        self.nearestPoint = nearestPoint
        self.place = place
    }

    /// Whether the nearest point of any region lies in another land region.
    public var nearestIsElsewhere: Bool { nearestPoint.landRegionID != landRegion.id }
}
