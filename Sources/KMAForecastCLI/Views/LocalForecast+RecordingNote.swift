import KMAForecast
import KMAForecastClient
import KMAForecastText

extension LocalForecast {
    /// What a recorded forecast is, in the view's language (the library's note is English):
    /// `표본: 기록된 기상청 단기예보, 2022-11-20 05:00 KST 발표, 경기도 수원시 권선구 (격자 60, 120); 실시간 예보가 아닙니다.`
    /// `nil` for a live forecast.
    func recordingNote(_ language: DisplayLanguage) -> String? {
        language == .ko ? koreanRecordingNote : recording?.note
    }

    /// The Korean of ``LocalForecast/Recording/note``, made from the forecast itself.
    var koreanRecordingNote: String? {
        guard let recording else { return nil }
        let product = products.first { $0.status != .failed }?.product.koreanName ?? (midTerm != nil ? "중기예보" : "예보")
        let run = recording.run.map { CalendarText.run(ForecastBase($0)) + " KST 발표, " } ?? ""
        let place = location.placeName.map { $0 + " " } ?? ""
        return "표본: 기록된 기상청 \(product), \(run)\(place)(격자 \(location.cell.nx), \(location.cell.ny)); 실시간 예보가 아닙니다."
    }
}
