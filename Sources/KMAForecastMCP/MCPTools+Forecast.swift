import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces

extension MCPTools {
    /// `kma_forecast`: the library's forecast (``LocalForecast``) at one place, as text and as
    /// the same values structured (``structured(_:hours:)``); without a key, the recorded
    /// sample, marked.
    func forecast(_ input: MCPToolArguments, progress: @escaping Progress) async throws(MCPToolInputError) -> Outcome {
        try input.allow(["place", "latitude", "longitude", "nx", "ny", "hours", "days"])
        let (location, _) = try input.location()
        let hours = try input.int("hours", 1...120) ?? 24
        let days = try input.int("days", 1...11)
        guard service.key != nil else {
            // The one sample, for its own place only: another place is refused, never answered with it.
            let sample: LocalForecast
            do { sample = try LocalForecast.sample(at: location) } catch { return .error(Self.sampleRefusal(error)) }
            return Outcome(text: MCPForecastText.render(sample, hours: hours), structured: Self.structured(sample, hours: hours), isError: false)
        }
        let client = try service.forecastClient()
        progress(0, 1, "asking KMA")
        let forecast: LocalForecast
        do {
            forecast = try await client.forecast(for: location, midTermDays: days, alerts: true, uvIndex: true, budget: service.budget)
        } catch {
            return .error(Self.failureText(error))
        }
        if Task.isCancelled { return .error("cancelled") }
        progress(1, 1, "done")
        var text = MCPForecastText.render(forecast, hours: hours)
        // Every product failed: nothing to read, so an error the model acts on.
        let nothing = forecast.products.allSatisfy { $0.status == .failed } && forecast.midTerm?.status != .delivered
        if nothing { text = "KMA returned no forecast. " + text + "\n" + Self.nextStep(forecast.failures) }
        return Outcome(text: text, structured: Self.structured(forecast, hours: hours), isError: nothing)
    }

    /// The forecast's structured result, in the shape of `Schemas/mcp-forecast.schema.json`
    /// (``forecastOutput``): the values the text gives (``MCPCompactForecast`` with detail), no
    /// more: the place, the warnings in force, now, the first `hours` hours, the days, what is
    /// missing. The whole forecast with every source and run is `kma-forecast --format json`'s.
    static func structured(_ forecast: LocalForecast, hours: Int) -> JSONValue {
        let compact = MCPCompactForecast(forecast, hours: hours, detail: true)
        var members: [(String, JSONValue)] = []
        if let name = compact.placeName { members.append(("place", .string(name))) }
        members += [("nx", .number(compact.nx)), ("ny", .number(compact.ny))]
        if compact.placeName == nil, let point = forecast.location.coordinate {
            members += [("latitude", .number(point.latitude)), ("longitude", .number(point.longitude))]
        }
        members.append(("requestedAt", .string(forecast.requestedAt.iso8601)))
        if let recording = forecast.recording { members.append(("sample", .string(recording.note))) }
        if let failure = forecast.warnings?.failure {
            members.append(("warningsError", .string(failure.message)))
        } else if forecast.warnings != nil {
            members.append(("warnings", Self.json(alerts: forecast.alerts)))
        }
        if let now = forecast.current { members.append(("now", MCPCompactForecast.json(MCPCompactForecast.Hour(now, detail: true)))) }
        members.append(("hours", .array(compact.hours.map(MCPCompactForecast.json))))
        if forecast.hourly.count > compact.hours.count { members.append(("moreHours", .number(forecast.hourly.count - compact.hours.count))) }
        members.append(("days", .array(compact.days.map(MCPCompactForecast.json))))
        var missing = MCPCompactForecast.json(missing: compact.missing).arrayValue ?? []
        if let failure = forecast.midTerm?.failure {
            missing.append(.object([("product", .string("mid-term")), ("error", .string(failure.message))]))
        }
        if !missing.isEmpty { members.append(("missing", .array(missing))) }
        if let next = forecast.nextUpdate { members.append(("nextUpdate", .string(next.iso8601))) }
        return .object(members)
    }

    /// Why a place has no sample without a key, and how to get live forecasts.
    static func sampleRefusal(_ error: ForecastClientError) -> String {
        "No KMA_SERVICE_KEY is set, so only the bundled sample is served, and it is not of this place: \(error.description) To get live forecasts, \(MCPService.keyStep)."
    }

    /// A client error as the model should read it: what failed and what to do.
    static func failureText(_ error: ForecastClientError) -> String {
        let failure = ForecastFailure(error)
        return "KMA forecast failed: \(failure.message) " + nextStep([failure])
    }

    /// The next step for failures: the key for a refusal, wait for a transient one, the budget.
    static func nextStep(_ failures: [ForecastFailure]) -> String {
        if failures.contains(where: \.isAccessRefusal) {
            return "Next step: the key was refused; check KMA_SERVICE_KEY in the client's env for this server (and that it has applied, 활용신청, for the service)."
        }
        if failures.contains(where: { $0.kind == "budgetExhausted" }) {
            return "Next step: this server's request budget (KMA_MAX_REQUESTS) is used up; restart the server or raise it."
        }
        if failures.contains(where: \.isTransient) {
            return "Next step: this is temporary; try again in a minute."
        }
        return ""
    }
}
