/// WHO's UV index categories (Global Solar UV Index, 2002), with KMA's Korean words:
/// 0–2 low (낮음), 3–5 moderate (보통), 6–7 high (높음), 8–10 very high (매우높음), 11+ extreme (위험).
public enum UVIndexCategory: String, Hashable, Sendable, Codable, CaseIterable {
    /// 0–2.
    case low
    /// 3–5.
    case moderate
    /// 6–7.
    case high
    /// 8–10.
    case veryHigh
    /// 11 and above.
    case extreme

    /// The category of a UV index (negative values count as 0).
    public init(index: Int) {
        switch index {
        case ..<3: self = .low
        case 3...5: self = .moderate
        case 6...7: self = .high
        case 8...10: self = .veryHigh
        default: self = .extreme
        }
    }

    /// WHO's words: `low`, `moderate`, `high`, `very high`, `extreme`.
    public var englishName: String {
        switch self {
        case .low: "low"
        case .moderate: "moderate"
        case .high: "high"
        case .veryHigh: "very high"
        case .extreme: "extreme"
        }
    }

    /// KMA's words: 낮음, 보통, 높음, 매우높음, 위험.
    public var koreanName: String {
        switch self {
        case .low: "낮음"
        case .moderate: "보통"
        case .high: "높음"
        case .veryHigh: "매우높음"
        case .extreme: "위험"
        }
    }

    /// The name in a language.
    public func name(in language: DisplayLanguage) -> String { language == .ko ? koreanName : englishName }
}
