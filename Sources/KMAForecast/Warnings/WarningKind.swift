/// The kind of a weather warning (특보 종류), KMA's `warnVar` code kept as sent.
///
/// ```swift
/// let kind = WarningKind(code: 12)
/// kind.koreanName      // "폭염"
/// kind.englishName     // "heat wave"
/// WarningKind(code: 7).koreanName   // nil: the sources disagree on 7, 8 and 9
/// ```
///
/// Names are given only where the public sources agree and the recorded answers confirm them
/// (`Fixtures/warnings/SOURCES.md`): 1 강풍, 2 호우, 3 한파, 4 건조, 5 폭풍해일, 6 풍랑, 12 폭염, 13 열대야.
/// Codes 7, 8 and 9 are read as 태풍, 대설, 황사 by three peers and as 대설, 황사, 태풍 by a fourth;
/// no recording settles it, so they stay unnamed, like any code this table does not know:
/// the code is kept, shown as `특보(7)` / `warning kind 7`, and never given another kind's name.
public struct WarningKind: Hashable, Sendable, Comparable {
    /// KMA's `warnVar` code.
    public var code: Int

    /// A kind from KMA's code.
    public init(code: Int) { self.code = code }

    /// 강풍 (1), strong wind.
    public static let wind = WarningKind(code: 1)
    /// 호우 (2), heavy rain.
    public static let heavyRain = WarningKind(code: 2)
    /// 한파 (3), cold wave.
    public static let coldWave = WarningKind(code: 3)
    /// 건조 (4), dry weather.
    public static let dry = WarningKind(code: 4)
    /// 폭풍해일 (5), storm surge.
    public static let stormSurge = WarningKind(code: 5)
    /// 풍랑 (6), high seas.
    public static let highSeas = WarningKind(code: 6)
    /// 폭염 (12), heat wave.
    public static let heatWave = WarningKind(code: 12)
    /// 열대야 (13), tropical night.
    public static let tropicalNight = WarningKind(code: 13)

    /// The Korean name (`폭염`), or `nil` for a code whose meaning is not established.
    public var koreanName: String? {
        switch code {
        case 1: "강풍"
        case 2: "호우"
        case 3: "한파"
        case 4: "건조"
        case 5: "폭풍해일"
        case 6: "풍랑"
        case 12: "폭염"
        case 13: "열대야"
        default: nil
        }
    }

    /// The English name (`heat wave`), or `nil` for a code whose meaning is not established.
    public var englishName: String? {
        switch code {
        case 1: "strong wind"
        case 2: "heavy rain"
        case 3: "cold wave"
        case 4: "dry weather"
        case 5: "storm surge"
        case 6: "high seas"
        case 12: "heat wave"
        case 13: "tropical night"
        default: nil
        }
    }

    /// Whether the code has a name here.
    public var isKnown: Bool { koreanName != nil }

    /// Orders by code.
    public static func < (a: WarningKind, b: WarningKind) -> Bool { a.code < b.code }
}
