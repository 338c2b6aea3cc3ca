import KMAForecast
import KMAForecastClient
import KMAForecastText
import KMAPlaces

extension MCPTools {
    // MARK: kma_warnings

    static let warningsDescription = """
        Weather warnings (기상특보: 주의보 advisory, 경보 warning, 중대경보 severe; heat wave, heavy rain, wind, cold, dryness, \
        seas …) in force at one place in South Korea from KMA: its zone (특보구역), each warning's Korean and English title, since \
        and until; those announced for later; KMA's nationwide bulletin. Times KST (+09:00).
        """
    static let warningsInput = """
        {"type":"object","additionalProperties":false,"properties":{\(locationProperties),
        "bulletin":{"type":"boolean","default":true,"description":"Also the nationwide bulletin (one more request)."}}}
        """
    static let warningsOutput = schema("""
        {"type":"object","required":["location","alerts","warnings"],"properties":{
        "location":{"type":"object"},
        "alerts":{"type":"array","items":{"type":"object","required":["zoneID","zoneName","title","englishTitle","kind","level","issuedAt","effectiveAt"]}},
        "warnings":{"type":"object","required":["status"],"properties":{"status":{"enum":["delivered","failed"]}}},
        "bulletin":{"type":"object"},"bulletinFailure":{"type":"object"},"sample":{"type":"boolean"}}}
        """)

    /// `kma_warnings`: the library's ``ZoneWarnings`` for one place; without a key, the recorded
    /// sample's warnings, marked.
    func warnings(_ input: MCPToolArguments, progress: @escaping Progress) async throws(MCPToolInputError) -> Outcome {
        try input.allow(["place", "latitude", "longitude", "nx", "ny", "bulletin"])
        let (location, _) = try input.location()
        let bulletin = input.values["bulletin"]?.boolValue ?? true
        guard service.key != nil else {
            let found: ZoneWarnings
            do { found = try ZoneWarnings.sample(at: location) } catch { return .error(Self.sampleRefusal(error)) }
            let text = "SAMPLE, NOT LIVE: no KMA service key is set, so these are recorded warnings of another time (\(found.warnings.recording ?? "")). "
                + "Do not present them as the warnings in force now; to get live warnings, \(MCPService.keyStep).\n" + Self.warningsText(found)
            return Outcome(text: text, structured: try Self.structuredWarnings(found, sample: true), isError: false)
        }
        let client = try service.forecastClient()
        progress(0, 1, "asking KMA")
        let found: ZoneWarnings
        do {
            found = try await client.warnings(for: location, bulletin: bulletin, budget: service.budget)
        } catch {
            return .error(Self.failureText(error))
        }
        progress(1, 1, "done")
        let failed = found.warnings.failure != nil
        return Outcome(text: Self.warningsText(found), structured: try Self.structuredWarnings(found, sample: false), isError: failed)
    }

    /// The warnings as a model reads them: the zone, what is in force (or that nothing is),
    /// what is announced, the bulletin, what failed.
    static func warningsText(_ found: ZoneWarnings) -> String {
        var lines: [String] = []
        if let zone = found.warnings.zone {
            lines.append("Warning zone (특보구역): \(PrintableText.singleLine(zone.name)) (\(zone.id))" + (zone.note.map { ". " + PrintableText.singleLine($0) } ?? "") + ".")
        }
        if let failure = found.warnings.failure {
            lines.append("The warnings could not be had: \(failure.message)")
        } else if found.alerts.isEmpty {
            lines.append("No weather warning in force in the zone at \(found.warnings.replayedAt.iso8601).")
        } else {
            lines.append(WeatherWarningText.sentence(found.alerts))
        }
        if !found.preliminary.isEmpty {
            lines.append("Announced to start later: " + found.preliminary.map { WeatherWarningText.preliminaryLine($0, .en) }.joined(separator: "; ") + ".")
        }
        if let bulletin = found.bulletin {
            let at = bulletin.issuedAt?.iso8601 ?? "?"
            lines.append("KMA's newest nationwide bulletin (\(at)): in force: \(PrintableText.singleLine(bulletin.inForce)); preliminary (예비특보): \(PrintableText.singleLine(bulletin.preliminary)).")
        }
        if let window = found.warnings.window { lines.append("(From KMA's zone events of \(window), KST; KMA serves the last 6 days.)") }
        return lines.joined(separator: "\n")
    }

    /// The value's JSON, with `sample` for the recorded sample.
    static func structuredWarnings(_ found: ZoneWarnings, sample: Bool) throws(MCPToolInputError) -> JSONValue {
        guard let text = try? JSONTextEncoder.encode(found), let value = try? JSONValue.read(Array(text.utf8)) else {
            throw MCPToolInputError(message: "the warnings could not be written as JSON (a bug in kma-forecast; please report it)")
        }
        return sample ? value.setting("sample", .bool(true)) : value
    }

    /// Warnings in force as `kma_forecast` and `kma_forecast_many` structure them: the Korean
    /// and English titles, the zone, since when and (when KMA announced it) until when.
    static func json(alerts: [WeatherWarning]) -> JSONValue {
        .array(alerts.map { alert in
            var item: [(String, JSONValue)] = [
                ("title", .string(alert.title)), ("englishTitle", .string(alert.englishTitle)), ("zone", .string(alert.zoneName)),
                ("since", .string(alert.effectiveAt.iso8601)),
            ]
            if let end = alert.endsAt { item.append(("until", .string(end.iso8601))) }
            return .object(item)
        })
    }

    /// The first lines of `kma_forecast`'s text: the warnings in force at the place (a
    /// recorded sample's marked as such), or the warning service's failure; empty otherwise.
    static func warningsLead(_ forecast: LocalForecast) -> [String] {
        if let failure = forecast.warnings?.failure { return ["Weather warnings unavailable: \(failure.message)"] }
        guard !forecast.alerts.isEmpty else { return [] }
        let sentence = WeatherWarningText.sentence(forecast.alerts)
        return [forecast.warnings?.recording != nil ? "Recorded sample (another time, not live): " + sentence : sentence]
    }
}
