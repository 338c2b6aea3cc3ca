/// The level of a weather warning, KMA's `warnStress` code kept as sent: 0 주의보 (advisory),
/// 1 경보 (warning), 2 중대경보 (severe warning, new in 2026: 폭염중대경보). Any other code is kept and
/// shown as unknown, never as one of these.
public struct WarningLevel: Hashable, Sendable, Comparable {
    /// KMA's `warnStress` code.
    public var code: Int

    /// A level from KMA's code.
    public init(code: Int) { self.code = code }

    /// 주의보 (0).
    public static let advisory = WarningLevel(code: 0)
    /// 경보 (1).
    public static let warning = WarningLevel(code: 1)
    /// 중대경보 (2).
    public static let severe = WarningLevel(code: 2)

    /// `주의보`, `경보`, `중대경보`; `nil` for another code.
    public var koreanName: String? {
        switch code {
        case 0: "주의보"
        case 1: "경보"
        case 2: "중대경보"
        default: nil
        }
    }

    /// `advisory`, `warning`, `severe warning`; `nil` for another code.
    public var englishName: String? {
        switch code {
        case 0: "advisory"
        case 1: "warning"
        case 2: "severe warning"
        default: nil
        }
    }

    /// Orders by severity (the code).
    public static func < (a: WarningLevel, b: WarningLevel) -> Bool { a.code < b.code }
}

extension WarningKind {
    /// The warning's Korean title: `폭염경보`, `호우주의보`, `폭염중대경보`; a code without a name
    /// shows as `특보(7)` or `호우특보(단계 5)`, never as another kind or level.
    public static func koreanTitle(kind: WarningKind, level: WarningLevel) -> String {
        let what = kind.koreanName ?? "특보(\(kind.code))"
        guard let levelName = level.koreanName else { return what + "(단계 \(level.code))" }
        return kind.koreanName == nil ? "\(what) \(levelName)" : what + levelName
    }

    /// The warning's English title: `Heat wave warning`, `Heavy rain advisory`, `Heat wave severe
    /// warning`; `Warning kind 7 advisory` for a code without a name.
    public static func englishTitle(kind: WarningKind, level: WarningLevel) -> String {
        let what = kind.englishName ?? "warning kind \(kind.code)"
        let text = what + " " + (level.englishName ?? "(level \(level.code))")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
