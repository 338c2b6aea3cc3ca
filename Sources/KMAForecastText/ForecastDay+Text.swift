import KMAForecast

/// A day's sun and UV index as words for the text views (`sunrise 07:15, sunset 17:19, UV up to
/// 6 (high)`; `해돋이 07:15, 해넘이 17:19, 자외선지수 최고 6 (높음)`), shared by the CLI's views.
package enum DaySunText {
    /// The phrase of a day's sunrise, sunset and highest UV index (each where the day has it),
    /// or `nil` when it has none of them.
    package static func phrase(_ day: ForecastDay, _ language: DisplayLanguage) -> String? {
        let ko = language == .ko
        var parts: [String] = []
        if let rise = day.sun?.sunrise { parts.append((ko ? "해돋이 " : "sunrise ") + CalendarText.time(rise.hhmm)) }
        if let set = day.sun?.sunset { parts.append((ko ? "해넘이 " : "sunset ") + CalendarText.time(set.hhmm)) }
        if let uv = day.uvIndexMax, let category = day.uvIndexCategory {
            parts.append(ko ? "자외선지수 최고 \(uv) (\(category.koreanName))" : "UV up to \(uv) (\(category.englishName))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// An hour's UV index (`UV 6 (high)`, `자외선지수 6 (높음)`), or `nil` without one.
    package static func hourUV(_ index: Int?, _ language: DisplayLanguage) -> String? {
        guard let index else { return nil }
        let category = UVIndexCategory(index: index)
        return language == .ko ? "자외선지수 \(index) (\(category.koreanName))" : "UV \(index) (\(category.englishName))"
    }
}
