import KMAForecast
import KMAGrid
import KMAPlaces

/// Why a text (or a pair of texts) names no location (``LocationParser``): the one set of
/// messages every face shows, the command line, the MCP tools and an app alike.
///
/// The ``description`` is a message for a person that says what was wrong and the likely fix:
/// a latitude and longitude given the wrong way round, a decimal comma (`37,56`), a point off
/// the grid (with the grid's coverage, stated once), an unknown place (the closest names) or an
/// ambiguous one (the candidates).
public enum LocationInputError: Error, Hashable, Sendable {
    /// Which number of a location a message is about.
    public enum Axis: String, Hashable, Sendable, CaseIterable {
        /// Degrees north, −90…90.
        case latitude
        /// Degrees east, −180…180.
        case longitude
        /// A grid column, 1…149.
        case nx
        /// A grid row, 1…253.
        case ny

        /// What the value must be, e.g. `a latitude in degrees north, -90...90`.
        public var expected: String {
            switch self {
            case .latitude: "a latitude in degrees north, -90...90"
            case .longitude: "a longitude in degrees east, -180...180"
            case .nx: "a grid column, a whole number in \(GridCell.nxRange.lowerBound)...\(GridCell.nxRange.upperBound)"
            case .ny: "a grid row, a whole number in \(GridCell.nyRange.lowerBound)...\(GridCell.nyRange.upperBound)"
            }
        }
    }

    /// A latitude and longitude the other way round is on the grid: the pair as it should be
    /// written (the texts as given, exchanged) and its cell.
    public struct SwappedPair: Hashable, Sendable {
        /// The latitude to give (what was given as the longitude).
        public var latitude: String
        /// The longitude to give (what was given as the latitude).
        public var longitude: String
        /// The cell of the swapped pair.
        public var cell: GridCell
    }

    /// Nothing was given.
    case empty
    /// A value is not a number (`north`, `37,56`). `argument` is how the face names the value
    /// (`'--lat <lat>'`, `'latitude'`), `nil` for a field of a `lat,lon` text or file.
    case notANumber(String, Axis, argument: String?)
    /// A lone number where a pair was expected (`37.56`).
    case loneNumber(String)
    /// Four numbers separated by commas: a pair written with decimal commas (`37,56,126,97`);
    /// the pair with decimal points.
    case decimalCommas(String, pointed: String)
    /// A coordinate out of range or off the grid (``GridError``), with the swapped pair when
    /// that one is on the grid.
    case coordinate(GridError, swapped: SwappedPair?)
    /// A grid column or row out of range: the value as given, the axis, the face's name for it.
    case cellOutOfRange(String, Axis, argument: String?)
    /// A place name that matches no place or several (``PlaceLookupError``: the closest names,
    /// or the candidates).
    case place(PlaceLookupError)
}

extension LocationInputError: CustomStringConvertible {
    /// The message, e.g. `Latitude 126.97 is outside -90...90 (degrees north). Latitude and
    /// longitude swapped? Latitude 37.56 with longitude 126.97 is on the grid (nx 60, ny 127).`
    public var description: String {
        switch self {
        case .empty:
            return "No location given: give a latitude and longitude ('37.56,126.97'), or a place name ('서울 종로구', 'Busan')"
        case .notANumber(let text, let axis, let argument):
            let hint = Self.decimalCommaHint(text)
            guard let argument else {
                let kind = axis == .nx || axis == .ny ? "a whole number" : "a number"
                return "'\(text)' is not \(kind) (\(axis.rawValue))" + hint
            }
            return "The value '\(text)' is invalid for \(argument): expected \(axis.expected)" + hint
        case .loneNumber(let text):
            return "'\(text)' is one number; give a latitude and a longitude, e.g. '37.56,126.97'"
        case .decimalCommas(let text, let pointed):
            return "'\(text)' is not a latitude,longitude pair; use decimal points: '\(pointed)'"
        case .coordinate(let error, let swapped):
            var text = Self.sentence(error.description)
            if let swapped {
                text += " Latitude and longitude swapped? Latitude \(swapped.latitude) with longitude \(swapped.longitude) is on the grid (nx \(swapped.cell.nx), ny \(swapped.cell.ny))."
            }
            return text
        case .cellOutOfRange(let text, let axis, let argument):
            let range = axis == .nx ? GridCell.nxRange : GridCell.nyRange
            let meaning = axis == .nx ? "a grid column" : "a grid row"
            guard let argument else { return "\(axis.rawValue) \(text) is outside \(range.lowerBound)...\(range.upperBound)" }
            return "The value '\(text)' is invalid for \(argument): \(meaning) must be in \(range.lowerBound)...\(range.upperBound)"
        case .place(let error):
            return Self.capitalized(error.description)
        }
    }

    /// "; use a decimal point: '37.56'" for a number written with a decimal comma (`37,56`),
    /// else "".
    public static func decimalCommaHint(_ text: String) -> String {
        decimalCommaPointed(text).map { "; use a decimal point: '\($0)'" } ?? ""
    }

    /// A number written with a decimal comma (`37,56`) with a decimal point instead, else `nil`.
    static func decimalCommaPointed(_ text: String) -> String? {
        guard text.filter({ $0 == "," }).count == 1 else { return nil }
        let pointed = String(text.map { $0 == "," ? "." : $0 })
        guard let value = DecimalParser.parse(pointed), value.isFinite else { return nil }
        return pointed
    }

    /// "latitude 91.0 is …" → "Latitude 91.0 is ….".
    static func sentence(_ text: String) -> String {
        let capital = capitalized(text)
        return capital.hasSuffix(".") ? capital : capital + "."
    }

    /// "latitude 91.0 is …" → "Latitude 91.0 is …".
    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
