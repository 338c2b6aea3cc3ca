import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces

/// Why a tool's arguments were refused: a message for the model saying what to send instead
/// (returned as an `isError` result, so the model can correct itself).
struct MCPToolInputError: Error, Sendable {
    var message: String
}

/// A tool's arguments, read with checks that name the argument and the fix.
struct MCPToolArguments: Sendable {
    let values: JSONValue
    let tool: String

    init(_ values: JSONValue, tool: String) {
        self.values = values
        self.tool = tool
    }

    /// Refuses arguments the tool does not take.
    func allow(_ names: [String]) throws(MCPToolInputError) {
        for (name, _) in values.objectValue ?? [] where !names.contains(name) {
            throw MCPToolInputError(message: "\(tool) has no argument '\(name)'; its arguments are \(names.joined(separator: ", "))")
        }
    }

    func has(_ name: String) -> Bool { values[name] != nil && values[name] != .null }

    func string(_ name: String) throws(MCPToolInputError) -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard let text = value.stringValue, !text.isEmpty else {
            throw MCPToolInputError(message: "'\(name)' must be a non-empty string")
        }
        return text
    }

    func number(_ name: String, _ range: ClosedRange<Double>) throws(MCPToolInputError) -> Double? {
        guard let value = values[name], value != .null else { return nil }
        guard let number = value.doubleValue, range.contains(number) else {
            throw MCPToolInputError(message: "'\(name)' must be a number from \(JSONText.number(range.lowerBound)) to \(JSONText.number(range.upperBound)), got \(value.text)")
        }
        return number
    }

    func int(_ name: String, _ range: ClosedRange<Int>) throws(MCPToolInputError) -> Int? {
        guard let value = values[name], value != .null else { return nil }
        guard let number = value.intValue, range.contains(number) else {
            throw MCPToolInputError(message: "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(value.text)")
        }
        return number
    }

    func strings(_ name: String, count: ClosedRange<Int>) throws(MCPToolInputError) -> [String] {
        guard let items = values[name]?.arrayValue else {
            throw MCPToolInputError(message: "'\(name)' is required: an array of \(count.lowerBound) to \(count.upperBound) strings")
        }
        guard count.contains(items.count) else {
            throw MCPToolInputError(message: "'\(name)' must hold \(count.lowerBound) to \(count.upperBound) items, got \(items.count); split the list into several calls")
        }
        var out: [String] = []
        for item in items {
            guard let text = item.stringValue, !text.isEmpty else {
                throw MCPToolInputError(message: "each item of '\(name)' must be a non-empty string, got \(item.text)")
            }
            out.append(text)
        }
        return out
    }

    /// The location of a place-taking tool: exactly one of place, latitude+longitude, nx+ny.
    /// A place name is looked up here, so an unknown or ambiguous one is refused with the
    /// candidates to choose from.
    func location() throws(MCPToolInputError) -> (location: ForecastLocation, place: Place?) {
        let named = has("place"), point = has("latitude") || has("longitude"), cell = has("nx") || has("ny")
        let forms = [named, point, cell].filter { $0 }.count
        guard forms == 1 else {
            throw MCPToolInputError(message: forms == 0
                ? "give a location: 'place' (e.g. '해운대구' or 'Busan'), or 'latitude' and 'longitude', or 'nx' and 'ny'"
                : "give only one of 'place', 'latitude'+'longitude' or 'nx'+'ny'")
        }
        if named {
            let name = try string("place") ?? ""
            let place = try Self.place(name)
            return (.place(place.name), place)
        }
        if point {
            guard let latitude = try number("latitude", -90...90), let longitude = try number("longitude", -180...180) else {
                throw MCPToolInputError(message: "give both 'latitude' and 'longitude'")
            }
            let coordinate = GeoCoordinate(latitude: latitude, longitude: longitude)
            do throws(GridError) {
                _ = try ForecastGrid.kma.cell(for: coordinate)
            } catch {
                throw MCPToolInputError(message: "\(JSONText.number(latitude)), \(JSONText.number(longitude)) is outside KMA's forecast grid, which covers South Korea and nearby seas (about 32-44° N, 121-132° E): \(error.description)")
            }
            return (.coordinate(coordinate), nil)
        }
        guard let nx = try int("nx", 1...149), let ny = try int("ny", 1...253) else {
            throw MCPToolInputError(message: "give both 'nx' (1-149) and 'ny' (1-253)")
        }
        do throws(GridError) {
            return (.cell(try GridCell(nx: nx, ny: ny)), nil)
        } catch {
            throw MCPToolInputError(message: error.description)
        }
    }

    /// The place a name means, or an error listing the candidates (ambiguous) or the closest
    /// names (not found), with the next step.
    static func place(_ name: String) throws(MCPToolInputError) -> Place {
        do throws(PlaceLookupError) {
            return try PlaceDirectory.kma.place(named: name)
        } catch {
            switch error {
            case .ambiguous(_, let candidates):
                let listed = candidates.prefix(12).map { "\($0.name) (nx \($0.cell.nx), ny \($0.cell.ny))" }
                let more = candidates.count > 12 ? " … and \(candidates.count - 12) more" : ""
                throw MCPToolInputError(message: "'\(name)' matches \(candidates.count) regions: did you mean \(listed.joined(separator: ", "))\(more)? Call again with one of these full names as 'place' (e.g. '\(candidates[0].name)').")
            case .notFound(_, let suggestions):
                if suggestions.isEmpty {
                    throw MCPToolInputError(message: "no region in KMA's table matches '\(name)'. Give a South Korean region name as KMA's table has it ('서울', '해운대구', '서울 종로구'), a province or city in English ('Busan', 'Suwon-si'), or latitude and longitude.")
                }
                throw MCPToolInputError(message: "no region in KMA's table matches '\(name)'; did you mean \(suggestions.map { "'\($0.name)'" }.joined(separator: ", "))? Call again with one of these as 'place', or use kma_place_search.")
            }
        }
    }

    /// A place name or a `lat,lon` pair (the many-places tools).
    static func location(of text: String) throws(MCPToolInputError) -> ForecastLocation {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        if parts.count == 2, let latitude = DecimalParser.parse(parts[0]), let longitude = DecimalParser.parse(parts[1]) {
            let coordinate = GeoCoordinate(latitude: latitude, longitude: longitude)
            guard (-90...90).contains(latitude), (-180...180).contains(longitude), (try? ForecastGrid.kma.cell(for: coordinate)) != nil else {
                throw MCPToolInputError(message: "'\(text)' is outside KMA's forecast grid (South Korea and nearby seas)")
            }
            return .coordinate(coordinate)
        }
        return .place(try place(text).name)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
