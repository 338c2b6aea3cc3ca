import KMAForecast
import KMAForecastClient
import KMAForecastText

extension MCPTools {
    /// Places fetched per step of `kma_forecast_many`: progress is reported and cancellation
    /// checked between steps.
    static let manyStep = 4

    /// `kma_forecast_many`: the short-term forecast at many places, through the shared client
    /// (cells shared by places fetched once, KMA's rate, the server's budget), in steps of
    /// ``manyStep`` places with a progress notification after each.
    func forecastMany(_ input: MCPToolArguments, progress: @escaping Progress) async throws(MCPToolInputError) -> Outcome {
        try input.allow(["places", "hours"])
        let queries = try input.strings("places", count: 1...50, example: #"["부산","37.57,126.98"]"#)
        let hours = try input.int("hours", 1...120) ?? 12
        guard service.key != nil else {
            return .error("\(SettingsError.missingKey(gridOperation: nil)) \(MCPService.keyFix) (kma_forecast shows a recorded sample without a key.)")
        }
        let client = try service.forecastClient()
        var entries: [ManyEntry] = []
        var pending: [(index: Int, location: ForecastLocation)] = []
        for (index, query) in queries.enumerated() {
            do throws(MCPToolInputError) {
                pending.append((index, try MCPToolArguments.location(of: query, argument: "places")))
                entries.append((query, nil, nil, nil))
            } catch {
                entries.append((query, nil, error.message, nil))
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
                        entries[item.index].error = forecast.products.compactMap { outcome in
                            outcome.failure.map { "\(MCPForecastText.productName(outcome.product)): \($0.message)" }
                        }.joined(separator: "; ") + " " + Self.nextStep(forecast.failures)
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
        // The warnings in force at each place with a forecast: KMA's zone events fetched once.
        let forecast = pending.filter { entries[$0.index].forecast != nil && entries[$0.index].error == nil }
        // Awaited into a local first (the Swift 6.3.1 -O miscompile around an await in an expression).
        let found = await client.warnings(for: forecast.map(\.location), budget: service.budget)
        for (item, warnings) in zip(forecast, found) {
            entries[item.index].warnings = try? warnings.get()
        }
        if Task.isCancelled { return .error("cancelled") }
        return Self.manyOutcome(entries, hours: hours, requestsUsed: service.budget.map { $0.requestsUsed - used })
    }

    /// A place of `kma_forecast_many`: as asked, its forecast, or why it has none, and the
    /// weather warnings of its zone.
    typealias ManyEntry = (query: String, forecast: LocalForecast?, error: String?, warnings: ZoneWarnings?)

    /// The places' forecasts as one result, compact: what every place shares said once
    /// (``MCPCompactForecast/preamble(places:requestedAt:)``), then per place a heading, an
    /// hour a line and its days on one line (``MCPCompactForecast``); a message said for
    /// several places is written once, as a note at the end. The structured result holds the
    /// same values. An error only when no place has a forecast.
    static func manyOutcome(_ entries: [ManyEntry], hours: Int, requestsUsed: Int?) -> Outcome {
        let compact: [MCPCompactForecast?] = entries.map { entry in
            guard let forecast = entry.forecast, entry.error == nil else { return nil }
            return MCPCompactForecast(forecast, hours: hours)
        }
        // Messages said for more than one place become notes, numbered in order of use.
        var counts: [String: Int] = [:]
        for (entry, place) in zip(entries, compact) {
            for message in place?.missing.map(\.message) ?? [entry.error ?? Self.noForecast] { counts[message, default: 0] += 1 }
            if place != nil, let failure = entry.warnings?.warnings.failure { counts[Self.warningsFailed(failure), default: 0] += 1 }
        }
        var notes: [String] = []
        let note: (String) -> String = { message in
            guard counts[message, default: 0] > 1 else { return message }
            if let index = notes.firstIndex(of: message) { return "see note \(index + 1)" }
            notes.append(message)
            return "see note \(notes.count)"
        }
        var lines: [String] = []
        var places: [JSONValue] = []
        for (index, (entry, place)) in zip(entries, compact).enumerated() {
            if let place {
                lines += place.lines(query: entry.query, note: note)
                var json = place.json(query: entry.query)
                if let warnings = entry.warnings {
                    if let failure = warnings.warnings.failure {
                        lines.append("  warnings: " + note(Self.warningsFailed(failure)))
                        json = json.setting("warningsError", .string(failure.message))
                    } else {
                        lines.append("  " + (warnings.alerts.isEmpty ? "warnings: none in force" : WeatherWarningText.sentence(warnings.alerts)))
                        json = json.setting("warnings", Self.json(alerts: warnings.alerts))
                    }
                }
                places.append(json)
            } else {
                let message = entry.error ?? Self.noForecast
                lines.append("## \(entry.query)\n  error (places[\(index)]): " + note(message))
                places.append(.object([("query", .string(entry.query)), ("error", .string(PlacesForecastWriter.oneLine(message)))]))
            }
        }
        let failed = compact.filter { $0 == nil }.count
        let requestedAt = entries.lazy.compactMap { $0.forecast?.requestedAt }.first
        var header = MCPCompactForecast.preamble(places: entries.count, requestedAt: requestedAt)
        if failed == entries.count {
            header = "None of the \(entries.count) 'places' has a forecast; each says why below.\n" + header
        } else if failed > 0 {
            header += "\n\(failed) of the \(entries.count) 'places' have no forecast: see each 'error'."
        }
        var text = header + "\n" + lines.joined(separator: "\n")
        for (index, message) in notes.enumerated() { text += "\nNote \(index + 1): " + message }
        var structured: [(String, JSONValue)] = [("places", .array(places))]
        if let requestsUsed { structured.append(("requestsUsed", .number(requestsUsed))) }
        return Outcome(text: text, structured: .object(structured), isError: failed == entries.count)
    }

    /// A failed warning service as a place's line says it.
    static func warningsFailed(_ failure: ForecastFailure) -> String { "unavailable (\(failure.message))" }

    /// What a place without a forecast and without an error says (it does not happen).
    static let noForecast = "no forecast"
}
