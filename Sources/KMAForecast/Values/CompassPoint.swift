/// One of the 16 points of the compass KMA uses for wind direction (`VEC`).
///
/// KMA's rule: `k = floor((VEC + 11.25) / 22.5)`, 0 is north, counting clockwise, and 16 is
/// north again. So north covers 348.75° up to (not including) 11.25°, and each point the
/// 22.5° centred on it, lower edge included.
///
/// ```swift
/// CompassPoint(degrees: 241)?.abbreviation   // "WSW"
/// CompassPoint(degrees: 241)?.koreanName     // "서남서"
/// CompassPoint(degrees: 348.75)              // .north
/// ```
public enum CompassPoint: Int, CaseIterable, Hashable, Sendable {
    /// 북, N, 0°.
    case north = 0
    /// 북북동, NNE, 22.5°.
    case northNortheast
    /// 북동, NE, 45°.
    case northeast
    /// 동북동, ENE, 67.5°.
    case eastNortheast
    /// 동, E, 90°.
    case east
    /// 동남동, ESE, 112.5°.
    case eastSoutheast
    /// 남동, SE, 135°.
    case southeast
    /// 남남동, SSE, 157.5°.
    case southSoutheast
    /// 남, S, 180°.
    case south
    /// 남남서, SSW, 202.5°.
    case southSouthwest
    /// 남서, SW, 225°.
    case southwest
    /// 서남서, WSW, 247.5°.
    case westSouthwest
    /// 서, W, 270°.
    case west
    /// 서북서, WNW, 292.5°.
    case westNorthwest
    /// 북서, NW, 315°.
    case northwest
    /// 북북서, NNW, 337.5°.
    case northNorthwest

    /// The point for a direction by KMA's rule.
    ///
    /// - Parameter degrees: 0...360, clockwise from north.
    /// - Returns: `nil` outside 0...360 or for NaN.
    public init?(degrees: Double) {
        guard degrees >= 0, degrees <= 360 else { return nil }
        let k = Int(((degrees + 11.25) / 22.5).rounded(.down))
        self = CompassPoint(rawValue: k % 16) ?? .north
    }

    /// The direction the point is centred on, in degrees: 0, 22.5 … 337.5.
    public var degrees: Double { Double(rawValue) * 22.5 }

    /// The English abbreviation: `N`, `NNE`, `NE` … `NNW`.
    public var abbreviation: String { Self.abbreviations[rawValue] }

    /// The English name: `north`, `north-northeast` … `north-northwest`.
    public var englishName: String { Self.englishNames[rawValue] }

    /// The Korean name KMA uses: `북`, `북북동`, `북동` … `북북서`.
    public var koreanName: String { Self.koreanNames[rawValue] }

    /// The name for a terminal: Korean (`북북동`) or the English abbreviation (`NNE`).
    public func name(in language: DisplayLanguage) -> String {
        language == .ko ? koreanName : abbreviation
    }

    private static let abbreviations = [
        "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
    ]
    private static let englishNames = [
        "north", "north-northeast", "northeast", "east-northeast", "east", "east-southeast", "southeast",
        "south-southeast", "south", "south-southwest", "southwest", "west-southwest", "west", "west-northwest",
        "northwest", "north-northwest",
    ]
    private static let koreanNames = [
        "북", "북북동", "북동", "동북동", "동", "동남동", "남동", "남남동", "남", "남남서", "남서", "서남서", "서", "서북서", "북서", "북북서",
    ]
}
