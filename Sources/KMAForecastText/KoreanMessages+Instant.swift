import KMAForecast

extension KoreanMessages {
    /// Why a given instant was refused (``GivenInstantError``), in Korean, from the error's case:
    /// the words of its English ``GivenInstantError/reason``, for every face that reads one.
    package static func givenInstant(_ error: GivenInstantError) -> String {
        switch error {
        case .unreadable, .notATime(_, .unreadable):
            "ISO 8601 시각이 필요합니다, 예: 2026-11-21T02:09:59+09:00, 2026-11-20T17:09:59Z, 2026-11-21T02:09 (한국 시각)"
        case .notATime(_, .fieldOutOfRange(let field, let value, let range)):
            "\(fieldName(field)) \(value)은(는) \(range.lowerBound)...\(range.upperBound) 밖입니다"
        case .outsideYears:
            "\(GivenInstant.years.lowerBound)년부터 \(GivenInstant.years.upperBound)년까지의 시각을 주세요 (한국 시각, 1000-01-01T00:00:00+09:00부터 9999-12-31T23:59:59+09:00까지)"
        }
    }

    /// A date or time field's name (`month` → `월`).
    private static func fieldName(_ field: String) -> String {
        switch field {
        case "year": "연도"
        case "month": "월"
        case "day": "일"
        case "hour": "시"
        case "minute": "분"
        case "second": "초"
        default: field
        }
    }
}
