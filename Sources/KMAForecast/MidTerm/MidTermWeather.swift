/// A mid-term weather phrase (`wf4Am`, `wf8` …) read as a sky condition and a precipitation
/// type, with the phrase kept as KMA wrote it.
///
/// | phrase | sky | precipitation |
/// |---|---|---|
/// | 맑음 | clear (1) | none (0) |
/// | 구름많음 / 흐림 | mostly cloudy (3) / overcast (4) | none (0) |
/// | 구름많고 비, 흐리고 비 | 3 / 4 | rain (1) |
/// | … 비/눈 (also 눈/비) | 3 / 4 | rain and snow (2) |
/// | … 눈 | 3 / 4 | snow (3) |
/// | … 소나기 | 3 / 4 | shower (4) |
///
/// Spaces do not matter. Any other phrase is kept with an unknown condition (`sky` and
/// `precipitation` both `nil`), never guessed.
public struct MidTermWeather: Hashable, Sendable {
    /// The phrase as KMA sent it, e.g. `흐리고 비`.
    public let text: String
    /// The sky condition, `nil` for an unknown phrase.
    public let sky: SkyCondition?
    /// The precipitation type, `nil` for an unknown phrase.
    public let precipitation: PrecipitationType?

    /// Reads a phrase.
    public init(text: String) {
        self.text = text
        let compact = String(text.unicodeScalars.filter { $0 != " " && $0 != "\u{3000}" && $0 != "\t" }.map(Character.init))
        let reading = Self.read(compact)
        sky = reading?.0
        precipitation = reading?.1
    }

    /// Whether the phrase was understood.
    public var isKnown: Bool { sky != nil }

    private static func read(_ phrase: String) -> (SkyCondition, PrecipitationType)? {
        switch phrase {
        case "맑음": return (.clear, .noPrecipitation)
        case "구름많음": return (.mostlyCloudy, .noPrecipitation)
        case "흐림": return (.overcast, .noPrecipitation)
        default: break
        }
        let sky: SkyCondition
        let rest: Substring
        if phrase.hasPrefix("구름많고") {
            sky = .mostlyCloudy
            rest = phrase.dropFirst(4)
        } else if phrase.hasPrefix("흐리고") {
            sky = .overcast
            rest = phrase.dropFirst(3)
        } else {
            return nil
        }
        switch rest {
        case "비": return (sky, .rain)
        case "비/눈", "눈/비": return (sky, .rainAndSnow)
        case "눈": return (sky, .snow)
        case "소나기": return (sky, .shower)
        default: return nil
        }
    }
}
