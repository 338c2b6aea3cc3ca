import KMAForecast

/// Dates and times for people, from KMA's `YYYYMMDD` and `HHMM` numbers (`package`: the CLI's
/// views and the charts share it).
package enum CalendarText {
    /// `11-20 (일)` / `Sun 11-20`.
    package static func day(_ date: Int, _ language: DisplayLanguage) -> String {
        let month = date / 100 % 100, day = date % 100
        let md = month.zeroPadded(toWidth: 2) + "-" + day.zeroPadded(toWidth: 2)
        guard let name = weekdayName(date, language) else { return md }
        switch language {
        case .ko: return md + " (" + name + ")"
        case .en: return name + " " + md
        }
    }

    /// `일` / `Sun`: the short name of a date's weekday, or `nil` for a date that is not real.
    package static func weekdayName(_ date: Int, _ language: DisplayLanguage) -> String? {
        guard let weekday = weekday(date) else { return nil }
        switch language {
        case .ko: return ["일", "월", "화", "수", "목", "금", "토"][weekday]
        case .en: return ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday]
        }
    }

    /// `06:00`.
    package static func time(_ hhmm: Int) -> String {
        (hhmm / 100).zeroPadded(toWidth: 2) + ":" + (hhmm % 100).zeroPadded(toWidth: 2)
    }

    /// `2022-11-20 05:00` for a run.
    package static func run(_ base: ForecastBase) -> String {
        let iso = base.dateTime.iso8601
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5))
    }

    /// `2026-11-21 05:10` (seconds only when not zero): an instant in KST for a sentence or a
    /// picture's subtitle.
    package static func readable(_ time: KSTDateTime) -> String {
        let iso = time.iso8601
        let date = iso.prefix(10)
        let clock = time.second == 0 ? iso.dropFirst(11).prefix(5) : iso.dropFirst(11).prefix(8)
        return "\(date) \(clock)"
    }

    /// 0 = Sunday … 6 = Saturday, or `nil` for a date that is not real.
    package static func weekday(_ date: Int) -> Int? {
        guard let time = try? KSTDateTime(year: date / 10_000, month: date / 100 % 100, day: date % 100) else { return nil }
        let days = (time.unixSeconds + KSTDateTime.utcOffset) / 86_400
        return Int(((days + 4) % 7 + 7) % 7)
    }
}
