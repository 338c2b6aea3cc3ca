import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces

extension MCPTools {
    /// `kma_forecast`: the library's forecast (``LocalForecast``) at one place; its JSON, with
    /// the products' raw rows left out (the hours carry every value) and the hours cut to
    /// `hours`, is the structured result; without a key, the recorded sample, marked.
    func forecast(_ input: MCPToolArguments, progress: @escaping Progress) async throws(MCPToolInputError) -> Outcome {
        try input.allow(["place", "latitude", "longitude", "nx", "ny", "hours", "days"])
        let (location, _) = try input.location()
        let hours = try input.int("hours", 1...120) ?? 24
        let days = try input.int("days", 1...11)
        guard service.key != nil else {
            // The one sample, for its own place only: another place is refused, never answered with it.
            let sample: LocalForecast
            do { sample = try LocalForecast.sample(at: location) } catch { return .error(Self.sampleRefusal(error)) }
            return Outcome(text: MCPForecastText.render(sample, hours: hours), structured: try Self.structured(sample, hours: hours), isError: false)
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
        return Outcome(text: text, structured: try Self.structured(forecast, hours: hours), isError: nothing)
    }

    /// The forecast's JSON (the schema's shape), trimmed for a model: each product's `rows`
    /// emptied and the hours cut to `hours`.
    static func structured(_ forecast: LocalForecast, hours: Int) throws(MCPToolInputError) -> JSONValue {
        let text: String
        do {
            text = try JSONTextEncoder.encode(forecast)
        } catch {
            throw MCPToolInputError(message: "the forecast could not be written as JSON (a bug in kma-forecast; please report it)")
        }
        guard var value = try? JSONValue.read(Array(text.utf8)) else {
            throw MCPToolInputError(message: "the forecast's JSON could not be read back (a bug in kma-forecast; please report it)")
        }
        if let products = value["products"]?.arrayValue {
            value = value.setting("products", .array(products.map { $0.setting("rows", .array([])) }))
        }
        if let hourly = value["hourly"]?.arrayValue {
            value = value.setting("hourly", .array(Array(hourly.prefix(hours))))
        }
        return value
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
