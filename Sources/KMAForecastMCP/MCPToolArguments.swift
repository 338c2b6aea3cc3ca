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
        let name = named ? try string("place") ?? "" : ""
        let pair = point ? (text("latitude"), text("longitude")) : (text("nx"), text("ny"))
        guard named || (pair.0 != nil && pair.1 != nil) else {
            throw MCPToolInputError(message: point ? "give both 'latitude' and 'longitude'" : "give both 'nx' (1-149) and 'ny' (1-253)")
        }
        do throws(LocationInputError) {
            if named {
                let place = try LocationParser.place(named: name)
                return (.place(place), place)
            }
            if point {
                return (.coordinate(try LocationParser.coordinate(latitude: pair.0 ?? "", longitude: pair.1 ?? "", arguments: ("'latitude'", "'longitude'")).point), nil)
            }
            return (.cell(try LocationParser.cell(nx: pair.0 ?? "", ny: pair.1 ?? "", arguments: ("'nx'", "'ny'"))), nil)
        } catch {
            throw Self.inputError(error)
        }
    }

    /// An argument as text for the location reader: a string as it is, a number as JSON writes it.
    private func text(_ name: String) -> String? {
        guard let value = values[name], value != .null else { return nil }
        return value.stringValue ?? value.text
    }

    /// A location the tool could not read: the library's words, and for a place the next step.
    static func inputError(_ error: LocationInputError) -> MCPToolInputError {
        guard case .place = error else { return MCPToolInputError(message: error.description) }
        return MCPToolInputError(message: error.description + "\nCall again with one of these full names as 'place', or use kma_place_search.")
    }

    /// A place name or a `lat,lon` pair (the many-places tools).
    static func location(of text: String) throws(MCPToolInputError) -> ForecastLocation {
        do throws(LocationInputError) {
            return try LocationParser.location(text)
        } catch {
            throw inputError(error)
        }
    }
}
