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
        let read = JSONValue.object([
            ("readOnlyHint", .bool(true)), ("destructiveHint", .bool(false)), ("idempotentHint", .bool(true)), ("openWorldHint", .bool(true)),
        ])
        let local = JSONValue.object([
            ("readOnlyHint", .bool(true)), ("destructiveHint", .bool(false)), ("idempotentHint", .bool(true)), ("openWorldHint", .bool(false)),
        ])
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
            ("inputSchema", schema(input)), ("outputSchema", output),
            ("annotations", annotations.setting("title", .string(title))),
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
        "place":{"type":"string","minLength":1,"description":"A South Korean place: a region name from KMA's table in Korean ('해운대구', '서울 종로구', '부산', '역삼동') or a province/city in English ('Busan', 'Gyeonggi-do', 'Suwon-si'). Give this, or latitude+longitude, or nx+ny."},
        "latitude":{"type":"number","minimum":-90,"maximum":90,"description":"Degrees north (with longitude)."},
        "longitude":{"type":"number","minimum":-180,"maximum":180,"description":"Degrees east (with latitude)."},
        "nx":{"type":"integer","minimum":1,"maximum":149,"description":"KMA grid column (with ny)."},
        "ny":{"type":"integer","minimum":1,"maximum":253,"description":"KMA grid row (with nx)."}
        """

    // MARK: kma_forecast

    static let forecastDescription = """
        The weather forecast at one place in South Korea from the Korea Meteorological Administration (KMA, 기상청): \
        the current observation, every hour ahead (temperature °C, sky/precipitation condition, chance of rain, rain mm, humidity, wind m/s) \
        to the end of KMA's short-term forecast (about 3-5 days), and daily lows/highs and morning/afternoon chance of rain; \
        pass days: 11 for today plus the next ten days (the later days from KMA's mid-term forecast). \
        Give the place by name in Korean or English (place), by latitude+longitude, or by KMA grid cell (nx+ny). \
        All times are KST with +09:00, and the text names 'today' and 'tomorrow' as dates in KST, so answer questions about \
        "tomorrow afternoon" from those dates. A missing value was not forecast (never zero). \
        An ambiguous name such as '중구' gives an error listing the candidates: call again with one of their full names.
        """
    static let forecastInput = """
        {"type":"object","additionalProperties":false,"properties":{\(locationProperties),
        "hours":{"type":"integer","minimum":1,"maximum":120,"default":24,"description":"How many hours ahead to list (default 24)."},
        "days":{"type":"integer","minimum":1,"maximum":11,"description":"Days to cover from today (KST), mid-term forecast included: 11 = today and the ten days after. Leave out for the days the short-term forecast covers."}}}
        """
    /// The forecast's own schema (`Schemas/local-forecast.schema.json`, compiled in through the
    /// symbolic link `Resources/local-forecast.schema.json`): one contract for `--format json`,
    /// the library's `Codable` and the agents' tool.
    static let forecastOutput: JSONValue = schema(bytes: PackageResources.local_forecast_schema_json)

    // MARK: kma_forecast_many

    static let manyDescription = """
        Forecasts for many places in South Korea at once (up to 50), e.g. to compare cities or plan a trip, kept short: for each place the \
        next hours (temperature °C, sky or precipitation, chance of rain %, rain mm, wind m/s) and each day's low/high °C with the chance \
        of rain in the morning and afternoon, from KMA's short-term and ultra-short forecasts; dates, time zone (KST, +09:00) and units \
        are said once at the top. For more about one place (every hour, humidity, the current observation, ten days), call kma_forecast. \
        Places sharing a KMA grid cell are fetched once, requests are paced at KMA's rate (30 a second) and count against the server's \
        request budget. Each place is a name (Korean or English) or 'lat,lon'. A place that cannot be found or fetched has an 'error' \
        saying what to do; the others are still answered. Long calls report progress and can be cancelled.
        """
    static let manyInput = """
        {"type":"object","additionalProperties":false,"required":["places"],"properties":{
        "places":{"type":"array","minItems":1,"maxItems":50,"items":{"type":"string","minLength":1},"description":"Place names ('부산', 'Jeju', '서울 종로구') or 'lat,lon' pairs ('37.57,126.98')."},
        "hours":{"type":"integer","minimum":1,"maximum":120,"default":12,"description":"How many hours ahead per place (default 12)."}}}
        """
    static let manyOutput = schema("""
        {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","additionalProperties":false,"required":["places"],"properties":{
        "places":{"type":"array","description":"One entry per place asked for, in order.","items":{"type":"object","additionalProperties":false,"required":["query"],"properties":{
        "query":{"type":"string","description":"The place as given."},
        "place":{"type":"string","description":"The place's full name in KMA's table (absent for 'lat,lon')."},
        "nx":{"type":"integer","minimum":1,"maximum":149},"ny":{"type":"integer","minimum":1,"maximum":253},
        "hours":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["time"],"properties":{
        "time":{"type":"string","description":"ISO 8601, KST (+09:00)."},
        "temperature":{"type":"number","description":"°C."},
        "condition":{"type":"string","description":"Sky or precipitation: clear, mostly cloudy, overcast, rain, rain and snow, snow, shower …"},
        "rainChance":{"type":"integer","minimum":0,"maximum":100,"description":"Chance of rain, %."},
        "rain":{"type":"string","description":"Rain in the hour, mm, as KMA bins it ('under 1', '1-2', '50 or more'); absent for none."},
        "snow":{"type":"string","description":"New snow in the hour, cm, as KMA bins it; absent for none."},
        "wind":{"type":"number","minimum":0,"description":"Wind speed, m/s."},
        "windFrom":{"type":"string","description":"Where the wind blows from, 16-point compass (N, NNE … NNW)."}}}},
        "days":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["date"],"properties":{
        "date":{"type":"string","description":"YYYY-MM-DD, KST."},
        "low":{"type":"number","description":"°C."},"high":{"type":"number","description":"°C."},
        "morningRainChance":{"type":"integer","minimum":0,"maximum":100,"description":"%."},
        "afternoonRainChance":{"type":"integer","minimum":0,"maximum":100,"description":"%."}}}},
        "missing":{"type":"array","description":"Products that delivered nothing for this place, and why.","items":{"type":"object","additionalProperties":false,"required":["product","error"],"properties":{
        "product":{"enum":["nowcast","ultra-short","short-term"]},"error":{"type":"string"}}}},
        "error":{"type":"string","description":"Why this place has no forecast, and what to do."}}}},
        "requestsUsed":{"type":"integer","minimum":0,"description":"KMA requests this call made (with a request budget set)."}}}
        """)

    // MARK: kma_grid

    static let gridDescription = """
        Converts between a point and KMA's 5 km forecast grid (Lambert conformal conic, nx 1-149, ny 1-253): \
        latitude+longitude gives the cell containing it and the cell's centre; nx+ny gives the cell's centre; a place name gives the cell \
        KMA's official table assigns to it, with its full name, region code and mid-term forecast regions. Needs no key or network.
        """
    static let gridInput = """
        {"type":"object","additionalProperties":false,"properties":{\(locationProperties)}}
        """
    static let gridOutput = schema("""
        {"type":"object","additionalProperties":false,"required":["nx","ny","centerLatitude","centerLongitude"],"properties":{
        "nx":{"type":"integer"},"ny":{"type":"integer"},
        "latitude":{"type":"number","description":"The point asked for, or the place's point from KMA's table."},
        "longitude":{"type":"number"},
        "centerLatitude":{"type":"number","description":"The cell's centre."},"centerLongitude":{"type":"number"},
        "placeName":{"type":"string"},"englishName":{"type":"string"},"regionCode":{"type":"string"},
        "midTermLandRegion":{"type":"string","description":"The mid-term land region, code and name."},
        "midTermTemperaturePoint":{"type":"string","description":"The mid-term temperature point, code and name."}}}
        """)

    // MARK: kma_base_times

    static let baseTimesDescription = """
        The base_date and base_time of the newest KMA run of each product available at an instant (default now), with the run before it \
        and when the next becomes available: nowcast (getUltraSrtNcst, hourly at HH00, out at HH:10), ultra-short forecast \
        (getUltraSrtFcst, HH30, out at HH:45), short-term forecast (getVilageFcst, 02 05 08 11 14 17 20 23 h, out 10 minutes later). \
        Computed in KST whatever the time zone; needs no key or network. Useful to explain when a forecast will next change.
        """
    static let baseTimesInput = """
        {"type":"object","additionalProperties":false,"properties":{
        "at":{"type":"string","description":"The instant, ISO 8601 ('2026-11-21T14:50:00+09:00', '...Z'; without an offset it is KST), in the years 1000 to 9999 (KST). Default: now."}}}
        """
    static let baseTimesOutput = schema("""
        {"type":"object","additionalProperties":false,"required":["at","products"],"properties":{
        "at":{"type":"string"},
        "products":{"type":"array","items":{"type":"object","additionalProperties":false,
        "required":["product","operation","baseDate","baseTime","availableAt","previousBaseDate","previousBaseTime","nextBaseDate","nextBaseTime","nextAvailableAt"],
        "properties":{"product":{"enum":["nowcast","ultra-short","short-term"]},"operation":{"type":"string"},
        "baseDate":{"type":"string"},"baseTime":{"type":"string"},"availableAt":{"type":"string"},
        "previousBaseDate":{"type":"string"},"previousBaseTime":{"type":"string"},
        "nextBaseDate":{"type":"string"},"nextBaseTime":{"type":"string"},"nextAvailableAt":{"type":"string"}}}}}}
        """)

    // MARK: kma_place_search

    static let searchDescription = """
        Searches KMA's official table of South Korean regions (3,800 provinces, cities, districts and neighbourhoods) by name, in Korean \
        ('중구', '해운대', '역삼') or English for provinces and cities ('Busan', 'Gyeonggi-do', 'Suwon-si'). Returns the matching places, best \
        first, with full names and grid cells, or the closest names when nothing matches. Use it to pick the exact name before kma_forecast \
        when a name is ambiguous.
        """
    static let searchInput = """
        {"type":"object","additionalProperties":false,"required":["query"],"properties":{
        "query":{"type":"string","minLength":1,"description":"A place name or part of one."},
        "limit":{"type":"integer","minimum":1,"maximum":50,"default":10,"description":"At most this many places (default 10)."}}}
        """
    static let searchOutput = schema("""
        {"type":"object","additionalProperties":false,"required":["query","places","total"],"properties":{
        "query":{"type":"string"},
        "total":{"type":"integer","description":"How many places match in all."},
        "suggestions":{"type":"boolean","description":"true: nothing matched; these are the closest names."},
        "places":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["name","nx","ny","regionCode","match"],"properties":{
        "name":{"type":"string"},"englishName":{"type":"string"},"regionCode":{"type":"string"},
        "nx":{"type":"integer"},"ny":{"type":"integer"},"latitude":{"type":"number"},"longitude":{"type":"number"},
        "match":{"enum":["exact","shortened","partial","suggestion"]}}}}}}
        """)

    // MARK: kma_field_values

    static let fieldDescription = """
        The value of one forecast variable for the whole country at once (KMA API Hub grid fields), read at up to 200 points: e.g. the \
        temperature (TMP) or chance of rain (POP) at many places at one hour, in one request. Needs an API Hub key (apihub.kma.go.kr) \
        applied for the grid operation, set as KMA_SERVICE_KEY in the client's env for this server. Variables: short-term TMP TMX TMN \
        UUU VVV VEC WSD SKY PTY POP PCP SNO REH WAV; ultra-short T1H UUU VVV VEC WSD SKY LGT PTY RN1 REH; nowcast T1H UUU VVV VEC WSD PTY RN1 REH. \
        The result states the variable's unit (°C, %, mm, cm, m/s, m, degrees the wind blows from; SKY and PTY are codes, given with \
        their meanings). 'valid' must be one of the run's hours (the error lists them). A new run's first call can take 15-45 s.
        """
    static let fieldInput = """
        {"type":"object","additionalProperties":false,"required":["variable","points"],"properties":{
        "variable":{"type":"string","description":"One variable code, e.g. TMP, POP, T1H."},
        "product":{"enum":["short-term","ultra-short","nowcast"],"default":"short-term"},
        "valid":{"type":"string","description":"The valid hour, ISO 8601 ('2026-11-21T15:00+09:00'; 'Z' for UTC; without an offset KST), one of the run's hours. Default: the run's first hour."},
        "points":{"type":"array","minItems":1,"maxItems":200,"items":{"type":"string","minLength":1},"description":"Place names or 'lat,lon' pairs."}}}
        """
    static let fieldOutput = schema("""
        {"type":"object","additionalProperties":false,"required":["variable","unit","product","run","valid","points"],"properties":{
        "variable":{"type":"string"},
        "unit":{"type":"string","description":"The values' unit: °C, %, mm, cm, m/s, m, kA/km², deg (where the wind blows from), or code (see codes)."},
        "codes":{"type":"object","additionalProperties":{"type":"string"},"description":"For SKY and PTY: each code and its meaning."},
        "product":{"type":"string"},
        "run":{"type":"string"},"valid":{"type":"string"},
        "points":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["query"],"properties":{
        "query":{"type":"string"},"nx":{"type":"integer"},"ny":{"type":"integer"},"value":{"type":"number"},
        "error":{"type":"string"}}}}}}
        """)
}
