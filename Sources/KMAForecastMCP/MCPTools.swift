import KMAForecast

/// The tools of `kma-forecast mcp`: fixed names in a fixed order (a rename breaks people's
/// client configurations), each with a description a model can act on, an `inputSchema`
/// (`type: object`, `additionalProperties: false`), an `outputSchema` its `structuredContent`
/// conforms to, and read-only hints.
struct MCPTools: Sendable {
    /// Progress of a long call: done so far, the total, and a few words.
    typealias Progress = @Sendable (_ done: Int, _ total: Int, _ message: String) -> Void

    /// What a call returns: a text block for the model, the structured result, and whether it
    /// is an error the model should act on.
    struct Outcome: Sendable {
        var text: String
        var structured: JSONValue?
        var isError: Bool

        /// An error result: the text says what went wrong and what to do next.
        static func error(_ text: String) -> Outcome { Outcome(text: text, structured: nil, isError: true) }

        /// The `CallToolResult`.
        var json: JSONValue {
            var members: [(String, JSONValue)] = [("content", .array([.object([("type", .string("text")), ("text", .string(text))])]))]
            if let structured { members.append(("structuredContent", structured)) }
            if isError { members.append(("isError", .bool(true))) }
            return .object(members)
        }
    }

    /// The tool names, in the order `tools/list` gives them.
    static let names = ["kma_forecast", "kma_forecast_many", "kma_grid", "kma_base_times", "kma_place_search", "kma_field_values", "kma_warnings", "kma_place_codes"]

    /// The services the tools share for the life of the process: one client (cache, rate
    /// limiter, request budget), the key, the clock.
    let service: MCPService

    /// Runs a tool (its name is one of ``names``) on its arguments.
    func call(_ name: String, arguments: JSONValue, progress: @escaping Progress) async -> Outcome {
        do throws(MCPToolInputError) {
            try service.checkSettings()
            let input = MCPToolArguments(arguments, tool: name)
            let outcome: Outcome
            switch name {
            case "kma_forecast": outcome = try await forecast(input, progress: progress)
            case "kma_forecast_many": outcome = try await forecastMany(input, progress: progress)
            case "kma_grid": outcome = try grid(input)
            case "kma_base_times": outcome = try baseTimes(input)
            case "kma_place_search": outcome = try placeSearch(input)
            case "kma_field_values": outcome = try await fieldValues(input, progress: progress)
            case "kma_warnings": outcome = try await warnings(input, progress: progress)
            case "kma_place_codes": outcome = try placeCodes(input)
            default: outcome = .error("unknown tool '\(name)'")
            }
            return service.redacted(outcome).printable
        } catch {
            return service.redacted(.error(error.message)).printable
        }
    }

    // MARK: Definitions

    /// The `Tool` objects of `tools/list`, in order.
    static let definitions: [JSONValue] = {
        // Read-only: the destructive and idempotent hints mean nothing then (the spec), so they are left out.
        let read = JSONValue.object([("readOnlyHint", .bool(true)), ("openWorldHint", .bool(true))])
        let local = JSONValue.object([("readOnlyHint", .bool(true)), ("openWorldHint", .bool(false))])
        return [
            tool("kma_forecast", "Forecast at a place", forecastDescription, forecastInput, forecastOutput, read),
            tool("kma_forecast_many", "Forecast at many places", manyDescription, manyInput, manyOutput, read),
            tool("kma_grid", "KMA grid conversion", gridDescription, gridInput, gridOutput, local),
            tool("kma_base_times", "KMA base times", baseTimesDescription, baseTimesInput, baseTimesOutput, local),
            tool("kma_place_search", "Korean place search", searchDescription, searchInput, searchOutput, local),
            tool("kma_field_values", "Whole-country field at points", fieldDescription, fieldInput, fieldOutput, read),
            tool("kma_warnings", "Weather warnings at a place", warningsDescription, warningsInput, warningsOutput, read),
            tool("kma_place_codes", "Every code of a place", placeCodesDescription, placeCodesInput, placeCodesOutput, local),
        ]
    }()

    private static func tool(_ name: String, _ title: String, _ description: String, _ input: String, _ output: JSONValue, _ annotations: JSONValue) -> JSONValue {
        .object([
            ("name", .string(name)), ("title", .string(title)), ("description", .string(description)),
            ("inputSchema", schema(input)), ("outputSchema", output), ("annotations", annotations),
        ])
    }

    /// A schema written in this file: parsed once (a broken one is a build defect, caught by MCPServerTests).
    static func schema(_ text: String) -> JSONValue { schema(bytes: Array(text.utf8)) }

    /// A schema from its bytes (this file's, or a resource compiled in).
    static func schema(bytes: [UInt8]) -> JSONValue {
        do {
            return try JSONValue.read(bytes)
        } catch {
            fatalError("a tool schema of kma-forecast mcp is not JSON (\(error)): \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// The location arguments every place-taking tool shares.
    static let locationProperties = """
        "place":{"type":"string","minLength":1,"description":"Korean or English region name ('해운대구', 'Busan'); or latitude+longitude, or nx+ny."},
        "latitude":{"type":"number","minimum":-90,"maximum":90},"longitude":{"type":"number","minimum":-180,"maximum":180},
        "nx":{"type":"integer","minimum":1,"maximum":149},"ny":{"type":"integer","minimum":1,"maximum":253}
        """

    // MARK: kma_forecast

    static let forecastDescription = """
        Forecast at one place in South Korea from KMA (기상청): warnings in force, now, hourly to the end of the short-term forecast \
        (3-5 days; °C, sky, rain chance and amount, humidity, feels-like, UV, wind) and daily low/high with morning/afternoon rain \
        chance; days: 11 adds the mid-term forecast, ten days ahead. Times KST (+09:00). An ambiguous name ('중구') is an error \
        listing the candidates.
        """
    static let forecastInput = """
        {"type":"object","additionalProperties":false,"properties":{\(locationProperties),
        "hours":{"type":"integer","minimum":1,"maximum":120,"default":24},
        "days":{"type":"integer","minimum":1,"maximum":11,"description":"11: today and ten days ahead (mid-term). Default: the short-term days."}}}
        """
    /// The structured result's schema (`Schemas/mcp-forecast.schema.json`, compiled in through
    /// the symbolic link `Resources/mcp-forecast.schema.json`): the values of the text, in the
    /// shape ``structured(_:hours:)`` writes. The whole forecast (every source and run) is
    /// `--format json`'s, `Schemas/local-forecast.schema.json`.
    static let forecastOutput: JSONValue = schema(bytes: PackageResources.mcp_forecast_schema_json)

    // MARK: kma_forecast_many

    static let manyDescription = """
        Compact forecasts for up to 50 places in South Korea, to compare them: per place the warnings in force, the next hours (°C, \
        sky, rain chance, rain mm, wind) and daily low/high with rain chances. Places: names or 'lat,lon'; one that fails has its own \
        'error'. For one place in full, call kma_forecast.
        """
    static let manyInput = """
        {"type":"object","additionalProperties":false,"required":["places"],"properties":{
        "places":{"type":"array","minItems":1,"maxItems":50,"items":{"type":"string","minLength":1},"description":"'부산', 'Jeju', '서울 종로구', '37.57,126.98'."},
        "hours":{"type":"integer","minimum":1,"maximum":120,"default":12}}}
        """
    /// Each place: its hours, days, warnings and missing products, as `kma_forecast`'s
    /// (`Schemas/mcp-forecast.schema.json`; only the fields a compact place has).
    static let manyOutput = schema("""
        {"type":"object","additionalProperties":false,"required":["places"],"properties":{
        "places":{"type":"array","items":{"type":"object","required":["query"],"properties":{
        "query":{"type":"string"},"place":{"type":"string"},"nx":{"type":"integer"},"ny":{"type":"integer"},
        "hours":{"type":"array","items":{"type":"object","required":["time"]}},"days":{"type":"array","items":{"type":"object","required":["date"]}},
        "warnings":{"type":"array","items":{"type":"object","required":["title","englishTitle","zone","since"]}},"warningsError":{"type":"string"},
        "missing":{"type":"array","items":{"type":"object","required":["product","error"]}},"error":{"type":"string"}}}},
        "requestsUsed":{"type":"integer"}}}
        """)

    // MARK: kma_grid

    static let gridDescription = """
        Converts between latitude/longitude, KMA's 5 km grid (nx 1-149, ny 1-253) and KMA's places: a point's cell and centre, a \
        cell's centre, or a place's cell, full name, region code and mid-term regions. Offline.
        """
    static let gridInput = """
        {"type":"object","additionalProperties":false,"properties":{\(locationProperties)}}
        """
    static let gridOutput = schema("""
        {"type":"object","additionalProperties":false,"required":["nx","ny","centerLatitude","centerLongitude"],"properties":{
        "nx":{"type":"integer"},"ny":{"type":"integer"},"latitude":{"type":"number"},"longitude":{"type":"number"},
        "centerLatitude":{"type":"number"},"centerLongitude":{"type":"number"},
        "placeName":{"type":"string"},"englishName":{"type":"string"},"regionCode":{"type":"string"},
        "midTermLandRegion":{"type":"string"},"midTermTemperaturePoint":{"type":"string"}}}
        """)

    // MARK: kma_base_times

    static let baseTimesDescription = """
        The base_date/base_time of KMA's newest run of each product at an instant (default now), the one before and the next with \
        when it is out: nowcast HH00 (out HH:10), ultra-short HH30 (HH:45), short-term 02 05 … 23 h (10 min later). KST; offline.
        """
    static let baseTimesInput = """
        {"type":"object","additionalProperties":false,"properties":{
        "at":{"type":"string","description":"ISO 8601 ('2026-11-21T14:50:00+09:00'; no offset: KST), years 1000-9999. Default: now."}}}
        """
    static let baseTimesOutput = schema("""
        {"type":"object","additionalProperties":false,"required":["at","products"],"properties":{
        "at":{"type":"string"},
        "products":{"type":"array","items":{"type":"object","required":["product","baseDate","baseTime"],
        "properties":{"product":{"enum":["nowcast","ultra-short","short-term"]},"operation":{"type":"string"},
        "baseDate":{"type":"string"},"baseTime":{"type":"string"},"availableAt":{"type":"string"},
        "previousBaseDate":{"type":"string"},"previousBaseTime":{"type":"string"},
        "nextBaseDate":{"type":"string"},"nextBaseTime":{"type":"string"},"nextAvailableAt":{"type":"string"}}}}}}
        """)

    // MARK: kma_place_search

    static let searchDescription = """
        Searches KMA's 3,800 South Korean regions by Korean name or part ('중구', '역삼') or English province/city ('Busan'): \
        matches best first with full names and grid cells, or the closest names; to resolve an ambiguous name. Offline.
        """
    static let searchInput = """
        {"type":"object","additionalProperties":false,"required":["query"],"properties":{
        "query":{"type":"string","minLength":1},
        "limit":{"type":"integer","minimum":1,"maximum":50,"default":10}}}
        """
    static let searchOutput = schema("""
        {"type":"object","additionalProperties":false,"required":["query","places","total"],"properties":{
        "query":{"type":"string"},"total":{"type":"integer"},"suggestions":{"type":"boolean"},
        "places":{"type":"array","items":{"type":"object","required":["name","nx","ny"],"properties":{
        "name":{"type":"string"},"englishName":{"type":"string"},"regionCode":{"type":"string"},
        "nx":{"type":"integer"},"ny":{"type":"integer"},"latitude":{"type":"number"},"longitude":{"type":"number"},
        "match":{"enum":["exact","shortened","partial","suggestion"]}}}}}}
        """)

    // MARK: kma_field_values

    static let fieldDescription = """
        One variable of KMA's whole-country grid (an API Hub key as KMA_SERVICE_KEY) at up to 200 points at one valid hour. \
        Variables: short-term TMP TMX TMN UUU VVV VEC WSD SKY PTY POP PCP SNO REH WAV; ultra-short T1H UUU VVV VEC WSD SKY LGT PTY RN1 \
        REH; nowcast T1H UUU VVV VEC WSD PTY RN1 REH. The result states the unit. A new run's first call can take 15-45 s.
        """
    static let fieldInput = """
        {"type":"object","additionalProperties":false,"required":["variable","points"],"properties":{
        "variable":{"type":"string"},
        "product":{"enum":["short-term","ultra-short","nowcast"],"default":"short-term"},
        "valid":{"type":"string","description":"One of the run's hours, ISO 8601 ('2026-11-21T15:00+09:00'; no offset: KST). Default: the first."},
        "points":{"type":"array","minItems":1,"maxItems":200,"items":{"type":"string","minLength":1},"description":"Place names or 'lat,lon'."}}}
        """
    static let fieldOutput = schema("""
        {"type":"object","additionalProperties":false,"required":["variable","unit","product","run","valid","points"],"properties":{
        "variable":{"type":"string"},
        "unit":{"type":"string"},
        "codes":{"type":"object","additionalProperties":{"type":"string"}},
        "product":{"type":"string"},
        "run":{"type":"string"},"valid":{"type":"string"},
        "points":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["query"],"properties":{
        "query":{"type":"string"},"nx":{"type":"integer"},"ny":{"type":"integer"},"value":{"type":"number"},
        "error":{"type":"string"}}}}}}
        """)
}
