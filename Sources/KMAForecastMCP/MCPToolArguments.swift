import KMAForecast
import KMAForecastClient
import KMAForecastText
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

    /// An ISO 8601 instant given as `argument`, read by the one reader (``GivenInstant``: the
    /// years 1000 to 9999 KST); refused with what is wrong with it (a month 13, an unreadable
    /// form, another year) and the accepted form, `example`.
    static func instant(_ text: String, argument: String, example: String) throws(MCPToolInputError) -> KSTDateTime {
        do throws(GivenInstantError) {
            return try GivenInstant.read(text)
        } catch {
            let shown = PrintableText.escaped(text, maximumLength: 80)
            let what: String = switch error {
            case .notATime(_, let field): "'\(shown)' is not a time: its \(field)"
            case .unreadable: "'\(shown)' is not in an accepted form"
            case .outsideYears: "'\(shown)' is outside the years: \(error.reason)"
            }
            throw MCPToolInputError(message: "'\(argument)': \(what). Give an ISO 8601 instant such as \(example) (with 'Z' for UTC; without an offset it is KST).")
        }
    }

    /// An array of non-empty strings, `name`, with `count` items; `example` is what a right
    /// one looks like (`["부산","37.57,126.98"]`), said when it is missing or wrong.
    func strings(_ name: String, count: ClosedRange<Int>, example: String) throws(MCPToolInputError) -> [String] {
        let form = "an array of \(count.lowerBound) to \(count.upperBound) place names or 'lat,lon' strings, e.g. {\"\(name)\":\(example)}"
        guard let value = values[name], value != .null else {
            throw MCPToolInputError(message: "'\(name)' is missing: give \(form)")
        }
        guard let items = value.arrayValue else {
            throw MCPToolInputError(message: "'\(name)' must be \(form), got \(PrintableText.escaped(value.text, maximumLength: 80))")
        }
        guard items.count >= count.lowerBound else {
            throw MCPToolInputError(message: "'\(name)' is empty: give \(form)")
        }
        guard items.count <= count.upperBound else {
            throw MCPToolInputError(message: "'\(name)' holds \(items.count) items, at most \(count.upperBound) a call: split the list into several calls")
        }
        var out: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue, !text.isEmpty else {
                throw MCPToolInputError(message: "'\(name)'[\(index)] must be a non-empty string (a place name or 'lat,lon'), got \(PrintableText.escaped(item.text, maximumLength: 80))")
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

    /// A location the tool could not read: the library's words, and for a place the next step
    /// (naming `argument`, the tool's argument that holds the place).
    static func inputError(_ error: LocationInputError, argument: String = "place") -> MCPToolInputError {
        guard case .place = error else { return MCPToolInputError(message: error.description) }
        let fix = argument == "place"
            ? "Call again with one of these full names as 'place', or use kma_place_search."
            : "Call again with '\(argument)' holding one of these full names instead, or use kma_place_search."
        return MCPToolInputError(message: error.description + "\n" + fix)
    }

    /// A place name or a `lat,lon` pair, an item of `argument` (the many-places tools:
    /// `places`, `points`).
    static func location(of text: String, argument: String) throws(MCPToolInputError) -> ForecastLocation {
        do throws(LocationInputError) {
            return try LocationParser.location(text)
        } catch {
            throw inputError(error, argument: argument)
        }
    }
}
