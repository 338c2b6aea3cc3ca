import KMAForecast
import KMAGrid
import KMAPlaces

/// The one reader of locations from text: a coordinate pair, a place name, a grid cell, with
/// the hints every face shows alike (``LocationInputError``).
///
/// ```swift
/// let seoul = try LocationParser.location("37.5665,126.978")        // .coordinate
/// let busan = try LocationParser.location("부산 해운대구")            // .place(Place)
/// let cell = try LocationParser.location("nx 60 ny 127", accepting: .all)  // .cell
/// let (point, cell) = try LocationParser.coordinate(latitude: "37.56", longitude: "126.97")
/// ```
///
/// A coordinate must lie on KMA's grid; a place name is looked up in KMA's table
/// (``PlaceDirectory/kma``), in Hangul or, for a province or city, in English.
public enum LocationParser {
    /// The forms a text may take.
    public struct Forms: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        /// Creates forms from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `37.56,126.97`, `37.56, 126.97` or `37.56 126.97`: latitude first, degrees.
        public static let coordinates = Forms(rawValue: 1)
        /// A place name of KMA's table: `서울`, `해운대구`, `Busan`.
        public static let places = Forms(rawValue: 2)
        /// A grid cell written with its names: `nx 60 ny 127`, `nx=60,ny=127`.
        public static let cells = Forms(rawValue: 4)
        /// All three.
        public static let all: Forms = [.coordinates, .places, .cells]
    }

    /// The location a text names.
    ///
    /// - Parameters:
    ///   - text: A pair (`37.56,126.97`, `37.56 126.97`), a place name, or (with `.cells`) a
    ///     cell (`nx 60 ny 127`). Spaces around it are ignored.
    ///   - forms: The forms accepted; default a coordinate or a place.
    /// - Returns: `.coordinate` (on the grid), `.place` (one place of the table) or `.cell`.
    /// - Throws: ``LocationInputError``.
    public static func location(_ text: String, accepting forms: Forms = [.coordinates, .places]) throws(LocationInputError) -> ForecastLocation {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw .empty }
        if forms.contains(.cells), let (nx, ny) = cellWords(trimmed) {
            return .cell(try cell(nx: nx, ny: ny))
        }
        if forms.contains(.coordinates) {
            if let (latitude, longitude) = pair(trimmed) {
                return .coordinate(try coordinate(latitude: latitude, longitude: longitude).point)
            }
            if let pointed = decimalCommaPair(trimmed) { throw .decimalCommas(trimmed, pointed: pointed) }
            if DecimalParser.parse(trimmed) != nil { throw .loneNumber(trimmed) }
        }
        guard forms.contains(.places) else {
            throw .notANumber(trimmed, .latitude, argument: nil)
        }
        return .place(try place(named: trimmed))
    }

    /// A point from the texts of its latitude and longitude, and its cell.
    ///
    /// - Parameters:
    ///   - latitude: Degrees north, −90…90, as given.
    ///   - longitude: Degrees east, −180…180, as given.
    ///   - arguments: How the face names the two values in a message (`'--lat <lat>'`,
    ///     `'latitude'`), or `nil` for the fields of a `lat,lon` text.
    /// - Throws: ``LocationInputError/notANumber(_:_:argument:)`` (with a decimal-comma hint),
    ///   or ``LocationInputError/coordinate(_:swapped:)`` (with the swapped pair when that is
    ///   on the grid).
    public static func coordinate(
        latitude: String, longitude: String, arguments: (latitude: String, longitude: String)? = nil
    ) throws(LocationInputError) -> (point: GeoCoordinate, cell: GridCell) {
        guard let lat = DecimalParser.parse(latitude.trimmingWhitespace), lat.isFinite else {
            throw .notANumber(latitude, .latitude, argument: arguments?.latitude)
        }
        guard let lon = DecimalParser.parse(longitude.trimmingWhitespace), lon.isFinite else {
            throw .notANumber(longitude, .longitude, argument: arguments?.longitude)
        }
        do throws(GridError) {
            let cell = try ForecastGrid.kma.cell(latitude: lat, longitude: lon)
            return (GeoCoordinate(latitude: lat, longitude: lon), cell)
        } catch {
            // Korea's longitudes (124...132) are no latitudes: a point off the grid whose
            // swapped pair is on it was most likely given the wrong way round.
            let swapped = (try? ForecastGrid.kma.cell(latitude: lon, longitude: lat)).map {
                LocationInputError.SwappedPair(latitude: longitude.trimmingWhitespace, longitude: latitude.trimmingWhitespace, cell: $0)
            }
            throw .coordinate(error, swapped: swapped)
        }
    }

    /// A cell from the texts of its column and row.
    ///
    /// - Parameters:
    ///   - nx: The column, 1…149, as given.
    ///   - ny: The row, 1…253, as given.
    ///   - arguments: How the face names the two values (`'--nx <nx>'`, `'nx'`), or `nil`.
    /// - Throws: ``LocationInputError/notANumber(_:_:argument:)`` or
    ///   ``LocationInputError/cellOutOfRange(_:_:argument:)``.
    public static func cell(nx: String, ny: String, arguments: (nx: String, ny: String)? = nil) throws(LocationInputError) -> GridCell {
        guard let column = Int(nx.trimmingWhitespace) else { throw .notANumber(nx, .nx, argument: arguments?.nx) }
        guard GridCell.nxRange.contains(column) else { throw .cellOutOfRange(nx, .nx, argument: arguments?.nx) }
        guard let row = Int(ny.trimmingWhitespace) else { throw .notANumber(ny, .ny, argument: arguments?.ny) }
        guard GridCell.nyRange.contains(row) else { throw .cellOutOfRange(ny, .ny, argument: arguments?.ny) }
        do throws(GridError) {
            return try GridCell(nx: column, ny: row)
        } catch {
            throw .cellOutOfRange(nx, .nx, argument: arguments?.nx)
        }
    }

    /// The one place a name means in KMA's table.
    ///
    /// - Throws: ``LocationInputError/place(_:)`` with the candidates of an ambiguous name or
    ///   the closest names of an unknown one.
    public static func place(named name: String) throws(LocationInputError) -> Place {
        do throws(PlaceLookupError) {
            return try PlaceDirectory.kma.place(named: name)
        } catch {
            throw .place(error)
        }
    }

    // MARK: Forms

    /// `37.56,126.97`, `37.56, 126.97`, `37.56 126.97`: two numbers, or `nil`.
    static func pair(_ text: String) -> (String, String)? {
        let parts = text.contains(",")
            ? text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace }
            : text.split(whereSeparator: \.isWhitespace).map(String.init)
        guard parts.count == 2, DecimalParser.parse(parts[0]) != nil, DecimalParser.parse(parts[1]) != nil else { return nil }
        return (parts[0], parts[1])
    }

    /// `37,56,126,97` or `37,56 126,97`: a pair with decimal commas, as `37.56,126.97`
    /// (`37.56 126.97`); else `nil`.
    static func decimalCommaPair(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        if words.count == 2, words.allSatisfy({ $0.filter { $0 == "," }.count == 1 }) {
            let pointed = words.map { String($0.map { $0 == "," ? "." : $0 }) }
            return pointed.allSatisfy({ DecimalParser.parse($0) != nil }) ? pointed.joined(separator: " ") : nil
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace }
        guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") } }) else { return nil }
        return "\(parts[0]).\(parts[1]),\(parts[2]).\(parts[3])"
    }

    /// `nx 60 ny 127`, `nx=60,ny=127`, `NX 60, NY 127`: the two numbers as written, or `nil`.
    static func cellWords(_ text: String) -> (String, String)? {
        let words = text.lowercased().split { $0.isWhitespace || $0 == "," || $0 == "=" || $0 == ":" }.map(String.init)
        guard words.count == 4, words[0] == "nx", words[2] == "ny" else { return nil }
        return (words[1], words[3])
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space.
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
