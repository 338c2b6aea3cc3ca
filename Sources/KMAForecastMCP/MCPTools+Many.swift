import KMAForecast
import KMAForecastClient

extension MCPTools {
    /// Places fetched per step of `kma_forecast_many`: progress is reported and cancellation
    /// checked between steps.
    static let manyStep = 4

    /// `kma_forecast_many`: the short-term forecast at many places, through the shared client
    /// (cells shared by places fetched once, KMA's rate, the server's budget), in steps of
    /// ``manyStep`` places with a progress notification after each.
    func forecastMany(_ input: MCPToolArguments, progress: @escaping Progress) async throws(MCPToolInputError) -> Outcome {
        try input.allow(["places", "hours"])
        let queries = try input.strings("places", count: 1...50)
        let hours = try input.int("hours", 1...120) ?? 12
        guard service.key != nil else {
            return .error("\(SettingsError.missingKey(gridOperation: nil)) \(MCPService.keyFix) (kma_forecast shows a recorded sample without a key.)")
        }
        let client = try service.forecastClient()
        var entries: [ManyEntry] = []
        var pending: [(index: Int, location: ForecastLocation)] = []
        for (index, query) in queries.enumerated() {
            do throws(MCPToolInputError) {
                pending.append((index, try MCPToolArguments.location(of: query)))
                entries.append((query, nil, nil))
            } catch {
                entries.append((query, nil, error.message))
            }
        }
        let used = service.budget?.requestsUsed ?? 0
        var done = 0
        progress(0, pending.count, "0 of \(pending.count) places")
        var start = 0
        while start < pending.count {
            if Task.isCancelled { return .error("cancelled") }
            let step = Array(pending[start..<min(start + Self.manyStep, pending.count)])
            let results = await client.forecasts(for: step.map(\.location), products: [.ultraShort, .shortTerm], budget: service.budget)
            for (item, result) in zip(step, results) {
                switch result {
                case .success(let forecast):
                    entries[item.index].forecast = forecast
                    if forecast.products.allSatisfy({ $0.status == .failed }) {
                        entries[item.index].error = forecast.failures.map(\.message).joined(separator: "; ") + " " + Self.nextStep(forecast.failures)
                    }
                case .failure(let error):
                    entries[item.index].error = Self.failureText(error)
                }
            }
            done += step.count
            start += step.count
            progress(done, pending.count, "\(done) of \(pending.count) places")
        }
        if Task.isCancelled { return .error("cancelled") }
        return try Self.manyOutcome(entries, hours: hours, requestsUsed: service.budget.map { $0.requestsUsed - used })
    }

    /// A place of `kma_forecast_many`: as asked, its forecast, or why it has none.
    typealias ManyEntry = (query: String, forecast: LocalForecast?, error: String?)

    /// The places' forecasts as one result: a section of text and a structured entry per
    /// place; an error only when no place has a forecast.
    static func manyOutcome(_ entries: [ManyEntry], hours: Int, requestsUsed: Int?) throws(MCPToolInputError) -> Outcome {
        var lines: [String] = []
        var places: [JSONValue] = []
        for entry in entries {
            var members: [(String, JSONValue)] = [("query", .string(entry.query))]
            if let forecast = entry.forecast, entry.error == nil {
                members.append(("forecast", try Self.structured(forecast, hours: hours).removing("products")
                    .setting("products", .array([]))))
                lines.append("## \(entry.query)\n" + MCPForecastText.render(forecast, hours: hours))
            } else {
                let message = entry.error ?? "no forecast"
                members.append(("error", .string(message)))
                lines.append("## \(entry.query)\nError: \(message)")
            }
            places.append(.object(members))
        }
        var structured: [(String, JSONValue)] = [("places", .array(places))]
        if let requestsUsed { structured.append(("requestsUsed", .number(requestsUsed))) }
        let failed = entries.filter { $0.forecast == nil || $0.error != nil }.count
        let header = failed == 0 ? "\(entries.count) places." : "\(entries.count) places, \(failed) without a forecast (see each 'Error')."
        return Outcome(text: header + "\n" + lines.joined(separator: "\n"), structured: .object(structured), isError: failed == entries.count)
    }
}
