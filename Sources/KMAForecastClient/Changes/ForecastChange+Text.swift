import KMAForecast
import KMAForecastText

extension ForecastChange {
    /// The change in one English sentence, e.g. `서울: rain is forecast to start in the hour from
    /// 2026-09-26 15:00 KST (ultra-short forecast, hourly).` Text from KMA (a zone's name) is
    /// escaped by the one rule for network text (``PrintableText``), after the client redacted it.
    public var english: String { sentence(korean: false) }

    /// The change in one Korean sentence, e.g. `서울: 비이(가) 2026-09-26 15:00부터 한 시간 사이에
    /// 시작될 것으로 예보 (초단기예보, 시간 단위).`
    public var korean: String { sentence(korean: true) }

    /// The sentence's key in the tables (``KoreanMessages/changesEnglish``): the case, with
    /// `.observed` for a nowcast's observation and `.ending` for a release announced ahead.
    var textKey: String {
        switch kind {
        case .precipitationStarts, .precipitationStops, .precipitationTypeChanged:
            return basis == .observed ? kind.rawValue + ".observed" : kind.rawValue
        case .warningModified:
            return alert?.endsAt != nil && previousAlert?.endsAt != alert?.endsAt ? kind.rawValue + ".ending" : kind.rawValue
        default:
            return kind.rawValue
        }
    }

    private func sentence(korean: Bool) -> String {
        KoreanMessages.change(textKey, korean: korean, [Self.shown(place)] + values(korean: korean))
    }

    /// The values of the sentence after the place, in the tables' order.
    private func values(korean: Bool) -> [String] {
        let time = Self.time(at, resolution: resolution)
        let basisText = KoreanMessages.change("basis." + basis.rawValue, korean: korean, [])
        func type(_ value: PrecipitationType?) -> String {
            guard let value else { return korean ? "강수" : "precipitation" }
            return korean ? value.koreanName : value.englishName
        }
        func title(_ alert: WeatherWarning?) -> String {
            guard let alert else { return "" }
            return korean ? alert.title : alert.englishTitle.prefix(1).lowercased() + alert.englishTitle.dropFirst()
        }
        let zone = Self.shown(alert?.zoneName ?? "")
        switch kind {
        case .precipitationStarts:
            return basis == .observed ? [type(precipitation), time] : [type(precipitation), time, basisText]
        case .precipitationStops:
            return basis == .observed ? [type(previousPrecipitation), time] : [type(previousPrecipitation), time, basisText]
        case .precipitationTypeChanged:
            return basis == .observed
                ? [type(previousPrecipitation), type(precipitation), time] : [type(previousPrecipitation), type(precipitation), time, basisText]
        case .highRevised, .lowRevised:
            return [Self.time(at, resolution: .day), value.map(Self.number) ?? "-", previousValue.map(Self.number) ?? "-"]
        case .precipitationChanceRising, .precipitationChanceFalling:
            return [Self.time(at, resolution: .day), value.map { Self.number($0 * 100) } ?? "-", previousValue.map { Self.number($0 * 100) } ?? "-"]
        case .warningIssued, .warningUpcoming, .warningUpcomingCancelled:
            return [title(alert), zone, Self.time(alert?.effectiveAt ?? at, resolution: .minute)]
        case .warningUpgraded, .warningDowngraded, .warningKindChanged:
            return [title(previousAlert), zone, title(alert), Self.time(alert?.effectiveAt ?? at, resolution: .minute)]
        case .warningModified:
            if textKey.hasSuffix(".ending"), let end = alert?.endsAt { return [title(alert), zone, Self.time(end, resolution: .minute)] }
            return [title(alert), zone, Self.time(alert?.issuedAt ?? at, resolution: .minute)]
        case .warningReleased:
            return [title(alert), zone, Self.time(at, resolution: .minute)]
        }
    }

    /// Text from outside (a place as given, a zone's name from KMA) on one line, control
    /// characters escaped: the one rule, ``PrintableText``.
    static func shown(_ text: String) -> String { PrintableText.excerpt(text) }

    /// `2026-09-26 15:00 KST`, or `2026-09-26` for a day.
    static func time(_ instant: KSTDateTime, resolution: Resolution) -> String {
        let iso = instant.iso8601  // 2026-09-26T15:00:00+09:00
        let date = String(iso.prefix(10))
        return resolution == .day ? date : date + " " + String(iso.dropFirst(11).prefix(5)) + " KST"
    }
}
