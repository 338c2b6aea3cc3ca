// The app developer's program: a coordinate's cell, the merged forecast, the next 24 hours,
// daily min/max, errors, then 50 places within a request budget. Run with KMA_SERVICE_KEY set.
import Foundation
import KMAForecastKit

guard let key = ProcessInfo.processInfo.environment["KMA_SERVICE_KEY"], !key.isEmpty else {
    print("Set KMA_SERVICE_KEY to your data.go.kr service key."); exit(1)
}
let client = try ForecastClient(configuration: ClientConfiguration(serviceKey: try ServiceKey(key)))
let here = GeoCoordinate(latitude: 37.5665, longitude: 126.978)
print("Grid cell:", try ForecastGrid.kma.cell(for: here))

do {
    let forecast = try await client.forecast(for: .coordinate(here))
    for failed in forecast.failures { print("\(failed.product.rawValue) failed:", failed.failure?.message ?? "") }
    for hour in forecast.hours(24) {
        let temperature = hour.temperatureCelsius.map { "\($0) °C" } ?? "-"
        print(hour.time.iso8601, hour.product.rawValue, hour.condition?.englishName ?? "-", temperature)
    }
    for day in forecast.daily {
        print(day.date, "low", day.minimumTemperature?.value ?? .nan, "high", day.maximumTemperature?.value ?? .nan)
    }
    print("Refresh at:", forecast.nextUpdate?.iso8601 ?? "-")
} catch {
    print("Error:", error.localizedDescription)
}

let places = Array(PlaceDirectory.kma.places.prefix(50))
let budget = RequestBudget(limit: 500)
let results = await client.forecasts(for: places.map { .cell($0.cell) }, products: [.shortTerm], budget: budget)
for (place, result) in zip(places, results) {
    switch result {
    case .success(let forecast): print(place.name, "high", forecast.daily.first?.maximumTemperature?.value ?? .nan)
    case .failure(let error): print(place.name, "failed:", error.localizedDescription)
    }
}
print("Requests used:", budget.requestsUsed, "of", budget.limit)
