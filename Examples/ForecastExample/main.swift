// An app's forecast screen in one call: the weather warnings in force, a place's next 24 hours
// (temperature, feels-like, condition, chance of rain and where it came from, UV), its ten days
// with sunrise and sunset, errors as a user reads them. With KMA_SERVICE_KEY unset it shows the bundled recorded sample instead.
import Foundation
import KMAForecastKit

let key = ProcessInfo.processInfo.environment["KMA_SERVICE_KEY"] ?? ""
let place = CommandLine.arguments.dropFirst().first ?? "해운대"
do {
    let forecast: LocalForecast
    if key.isEmpty {
        forecast = .sample
    } else {
        var configuration = ClientConfiguration(serviceKey: try ServiceKey(key))
        configuration.baseURL = ProcessInfo.processInfo.environment["KMA_BASE_URL"]
        configuration.midBaseURL = ProcessInfo.processInfo.environment["KMA_MID_BASE_URL"]
        configuration.uvIndexBaseURL = ProcessInfo.processInfo.environment["KMA_UV_BASE_URL"]
        forecast = try await ForecastClient(configuration: configuration).forecast(for: .place(place), midTermDays: 10, alerts: true, uvIndex: true)
    }
    print(forecast.recording?.note ?? "\(forecast.location.placeName ?? place), requested \(forecast.requestedAt)")
    for alert in forecast.alerts { print("Warning:", alert.title, "(\(alert.englishTitle))", alert.zoneName, "since", alert.effectiveAt) }
    for failure in forecast.failures { print("Missing:", failure.localizedDescription) }
    for hour in forecast.hours(24) {
        let chance = hour.precipitationChance.map { "\(Int(($0 * 100).rounded()))%" } ?? "-"
        let from = hour.source(of: .pop)?.product.rawValue ?? "-"
        let feels = hour.apparentTemperatureCelsius.map { "feels \($0)°C" } ?? "", uv = hour.uvIndex.map { " UV \($0)" } ?? ""
        print(hour.time, hour.condition?.englishName ?? "-", hour.temperature.map { "\($0.value)°C" } ?? "-", feels, "rain", chance, "(\(from))" + uv)
    }
    for day in forecast.daily {
        let low = day.low.map { "\($0.value)" } ?? "-", high = day.high.map { "\($0.value)" } ?? "-"
        let chance = day.precipitationChance.map { "\(Int(($0 * 100).rounded()))%" } ?? "-"
        let sun = [day.sun?.sunrise, day.sun?.sunset].map { $0.map { String($0.iso8601.dropFirst(11).prefix(5)) } ?? "-" }.joined(separator: "–")
        print(day.isoDate, low, "/", high, day.condition?.englishName ?? "-", chance, day.source?.kind ?? "missing", "sun", sun)
    }
    print("Refresh at:", forecast.nextUpdate.map { "\($0)" } ?? "-")
} catch {
    print("Error:", error.localizedDescription)
    exit(1)
}
