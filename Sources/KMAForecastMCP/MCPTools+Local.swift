import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces

extension MCPTools {
    /// `kma_grid`: a point to its cell, a cell to its centre, a place to KMA's cell for it.
    func grid(_ input: MCPToolArguments) throws(MCPToolInputError) -> Outcome {
        try input.allow(["place", "latitude", "longitude", "nx", "ny"])
        let (location, place) = try input.location()
        let grid = ForecastGrid.kma
        var members: [(String, JSONValue)] = []
        var text: String
        switch location {
        case .coordinate(let point):
            guard let cell = try? grid.cell(for: point) else { throw MCPToolInputError(message: "the point is outside KMA's grid") }
            let center = grid.center(of: cell)
            members = [("nx", .number(cell.nx)), ("ny", .number(cell.ny)), ("latitude", .number(point.latitude)), ("longitude", .number(point.longitude)),
                       ("centerLatitude", .number(center.latitude)), ("centerLongitude", .number(center.longitude))]
            text = "\(JSONText.number(point.latitude)), \(JSONText.number(point.longitude)) lies in KMA grid cell nx \(cell.nx), ny \(cell.ny) (cell centre \(Self.degrees(center)))."
        case .cell(let cell):
            let center = grid.center(of: cell)
            members = [("nx", .number(cell.nx)), ("ny", .number(cell.ny)), ("centerLatitude", .number(center.latitude)), ("centerLongitude", .number(center.longitude))]
            text = "KMA grid cell nx \(cell.nx), ny \(cell.ny) has its centre at \(Self.degrees(center))."
        case .place, .placeName:
            guard let place else { throw MCPToolInputError(message: "no place") }
            let center = grid.center(of: place.cell)
            members = [("nx", .number(place.cell.nx)), ("ny", .number(place.cell.ny))]
            if let point = place.coordinate { members += [("latitude", .number(point.latitude)), ("longitude", .number(point.longitude))] }
            members += [("centerLatitude", .number(center.latitude)), ("centerLongitude", .number(center.longitude)),
                        ("placeName", .string(place.name))]
            if let english = place.englishName { members.append(("englishName", .string(english))) }
            members.append(("regionCode", .string(place.regionCode)))
            text = "\(place.name)\(place.englishName.map { " (\($0))" } ?? ""): KMA grid cell nx \(place.cell.nx), ny \(place.cell.ny) from KMA's table (region code \(place.regionCode))"
            if let point = place.coordinate { text += ", point \(Self.degrees(point))" }
            text += "."
            if let codes = try? MidTermRegions.kma.assignment(for: place) {
                members.append(("midTermLandRegion", .string("\(codes.landRegion.id) \(codes.landRegion.name)")))
                members.append(("midTermTemperaturePoint", .string("\(codes.temperaturePoint.id) \(codes.temperaturePoint.name)")))
                text += " Mid-term regions: land \(codes.landRegion.id) \(codes.landRegion.name), temperature point \(codes.temperaturePoint.id) \(codes.temperaturePoint.name)."
            }
        }
        return Outcome(text: text, structured: .object(members), isError: false)
    }

    static func degrees(_ point: GeoCoordinate) -> String {
        "\(JSONText.number((point.latitude * 1e4).rounded() / 1e4))° N, \(JSONText.number((point.longitude * 1e4).rounded() / 1e4))° E"
    }

    /// `kma_base_times`: each product's newest run at an instant, the one before, the next.
    func baseTimes(_ input: MCPToolArguments) throws(MCPToolInputError) -> Outcome {
        try input.allow(["at"])
        let instant: Int64
        if let text = try input.string("at") {
            // The one reader's rule and its words: every instant of the years 1000 to 9999 in KST.
            instant = try MCPToolArguments.instant(text, argument: "at", example: "2026-11-21T14:50:00+09:00").unixSeconds
        } else {
            instant = KSTDateTime.unixSeconds(of: service.now())
        }
        let at = KSTDateTime(unixSeconds: instant)
        var items: [JSONValue] = []
        var lines = ["At \(at.iso8601) (KST):"]
        for product in ForecastProduct.allCases {
            let schedule = product.schedule
            let base = schedule.latestBase(atUnixSeconds: instant)
            let previous = schedule.previousBase(before: base)
            let next = schedule.nextBase(after: base)
            items.append(.object([
                ("product", .string(product.rawValue)), ("operation", .string(product.operation)),
                ("baseDate", .string(base.baseDate)), ("baseTime", .string(base.baseTime)),
                ("availableAt", .string(schedule.availableAt(base).iso8601)),
                ("previousBaseDate", .string(previous.baseDate)), ("previousBaseTime", .string(previous.baseTime)),
                ("nextBaseDate", .string(next.baseDate)), ("nextBaseTime", .string(next.baseTime)),
                ("nextAvailableAt", .string(schedule.availableAt(next).iso8601)),
            ]))
            lines.append("\(product.rawValue) (\(product.operation)): base_date \(base.baseDate) base_time \(base.baseTime), available since \(schedule.availableAt(base).iso8601); if KMA has not published it, \(previous.baseDate) \(previous.baseTime); next \(next.baseDate) \(next.baseTime) from \(schedule.availableAt(next).iso8601).")
        }
        return Outcome(text: lines.joined(separator: "\n"), structured: .object([("at", .string(at.iso8601)), ("products", .array(items))]), isError: false)
    }

    /// `kma_place_search`: the places a name matches, best first; the closest names when none.
    func placeSearch(_ input: MCPToolArguments) throws(MCPToolInputError) -> Outcome {
        try input.allow(["query", "limit"])
        guard let query = try input.string("query") else { throw MCPToolInputError(message: "'query' is required: a place name or part of one, e.g. '중구' or 'Busan'") }
        let limit = try input.int("limit", 1...50) ?? 10
        let directory = PlaceDirectory.kma
        let matches = directory.search(query)
        var found: [(Place, String)] = matches.prefix(limit).map { ($0.place, Self.quality($0.quality)) }
        let suggestions = found.isEmpty
        if suggestions { found = directory.suggestions(for: query, limit: min(limit, 5)).map { ($0, "suggestion") } }
        let places: [JSONValue] = found.map { place, match in
            var members: [(String, JSONValue)] = [("name", .string(place.name))]
            if let english = place.englishName { members.append(("englishName", .string(english))) }
            members += [("regionCode", .string(place.regionCode)), ("nx", .number(place.cell.nx)), ("ny", .number(place.cell.ny))]
            if let point = place.coordinate { members += [("latitude", .number(point.latitude)), ("longitude", .number(point.longitude))] }
            members.append(("match", .string(match)))
            return .object(members)
        }
        var text: String
        if suggestions {
            text = found.isEmpty
                ? "No region in KMA's table matches '\(query)'. Try a Korean name ('해운대구', '서울 종로구') or an English province/city ('Busan', 'Suwon-si')."
                : "No region matches '\(query)'; the closest names: " + found.map(\.0.name).joined(separator: ", ") + "."
        } else {
            text = "'\(query)' matches \(matches.count) region\(matches.count == 1 ? "" : "s")" + (matches.count > found.count ? " (the first \(found.count) shown)" : "") + ":\n"
            text += found.map { place, _ in "- \(place.name)\(place.englishName.map { " (\($0))" } ?? "") nx \(place.cell.nx), ny \(place.cell.ny)" }.joined(separator: "\n")
        }
        var structured: [(String, JSONValue)] = [("query", .string(query)), ("total", .number(suggestions ? 0 : matches.count))]
        if suggestions { structured.append(("suggestions", .bool(true))) }
        structured.append(("places", .array(places)))
        return Outcome(text: text, structured: .object(structured), isError: false)
    }

    static func quality(_ quality: PlaceMatchQuality) -> String {
        switch quality {
        case .exact: "exact"
        case .shortened: "shortened"
        case .partial: "partial"
        }
    }
}
