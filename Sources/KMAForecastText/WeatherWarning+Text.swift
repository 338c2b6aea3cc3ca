import KMAForecast

/// Weather warnings as lines for people (`package`: the terminal view, `kma-forecast alerts` and
/// the MCP tools say them the same way). Zone names come from the network and are escaped
/// (``PrintableText``).
package enum WeatherWarningText {
    /// `호우경보 · 제주시중산간 · 09-26 11:00 발효` / `Heavy rain warning (호우경보) · 제주시중산간 · since
    /// 09-26 11:00`, with the end when KMA announced one (`· 12:00 해제 예정` / `· until 12:00`).
    package static func line(_ alert: WeatherWarning, _ language: DisplayLanguage) -> String {
        let zone = PrintableText.singleLine(alert.zoneName.isEmpty ? alert.zoneID : alert.zoneName)
        let since = when(alert.effectiveAt, language)
        let end = alert.endsAt.map { when($0, language) }
        switch language {
        case .ko:
            return "\(alert.title) · \(zone) · \(since) 발효" + (end.map { " · \($0) 해제 예정" } ?? "")
        case .en:
            return "\(alert.englishTitle) (\(alert.title)) · \(zone) · since \(since)" + (end.map { " · until \($0)" } ?? "")
        }
    }

    /// A warning announced to start later: `풍랑주의보 · 남해서부동쪽먼바다 · 09-26 10:00 발효 예정` /
    /// `High seas advisory (풍랑주의보) · … · from 09-26 10:00`.
    package static func preliminaryLine(_ alert: WeatherWarning, _ language: DisplayLanguage) -> String {
        let zone = PrintableText.singleLine(alert.zoneName.isEmpty ? alert.zoneID : alert.zoneName)
        let from = when(alert.effectiveAt, language)
        switch language {
        case .ko: return "\(alert.title) · \(zone) · \(from) 발효 예정"
        case .en: return "\(alert.englishTitle) (\(alert.title)) · \(zone) · from \(from)"
        }
    }

    /// The heading of the warnings in force: `기상특보 발효 중` / `Weather warnings in force`.
    package static func heading(_ language: DisplayLanguage) -> String {
        language == .ko ? "기상특보 발효 중" : "Weather warnings in force"
    }

    /// One sentence naming the warnings in force, for an agent or a notification:
    /// `Weather warnings in force: 폭염경보 (Heat wave warning) in 서울동남권 since 2026-08-01 11:00.`;
    /// empty when none is.
    package static func sentence(_ alerts: [WeatherWarning]) -> String {
        guard !alerts.isEmpty else { return "" }
        let parts = alerts.map { alert in
            "\(alert.title) (\(alert.englishTitle)) in \(PrintableText.singleLine(alert.zoneName)) (\(alert.zoneID)) since \(CalendarText.readable(alert.effectiveAt)) KST"
                + (alert.endsAt.map { ", until \(CalendarText.readable($0)) KST" } ?? "")
        }
        return "Weather warnings in force: " + parts.joined(separator: "; ") + "."
    }

    /// `09-26 11:00`.
    static func when(_ time: KSTDateTime, _ language: DisplayLanguage) -> String {
        let iso = time.iso8601
        return String(iso.dropFirst(5).prefix(5)) + " " + String(iso.dropFirst(11).prefix(5))
    }
}
