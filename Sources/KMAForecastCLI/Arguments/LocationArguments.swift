import KMAGrid
import KMAPlaces

/// The ways a command names a place — `--lat/--lon`, `--nx/--ny`, `--place` — read into a cell
/// with the same checks and wording everywhere (bad values are usage errors, exit 64).
enum LocationArguments {
    /// Which of the three forms the arguments use.
    static func forms(_ arguments: ParsedArguments) -> (point: Bool, cell: Bool, place: Bool) {
        (arguments.has("lat") || arguments.has("lon"), arguments.has("nx") || arguments.has("ny"), arguments.has("place"))
    }

    /// `--lat` and `--lon`, and the cell that contains the point.
    static func point(_ arguments: ParsedArguments) throws(CLIError) -> (GeoCoordinate, GridCell) {
        try arguments.require("lat", "lon")
        let latitude = try arguments.double("lat", meaning: "a latitude in degrees north, -90...90") ?? .nan
        let longitude = try arguments.double("lon", meaning: "a longitude in degrees east, -180...180") ?? .nan
        do {
            let cell = try ForecastGrid.kma.cell(latitude: latitude, longitude: longitude)
            return (GeoCoordinate(latitude: latitude, longitude: longitude), cell)
        } catch {
            throw .usage(sentence(error.description) + swappedHint(arguments, latitude: latitude, longitude: longitude))
        }
    }

    /// " Latitude and longitude swapped? --lat 37.56 --lon 126.97 is on the grid (nx 60,
    /// ny 127)." when the point is not on the grid but the swapped pair is (Korea's longitudes,
    /// 124...132, are no latitudes); else "".
    static func swappedHint(_ arguments: ParsedArguments, latitude: Double, longitude: Double) -> String {
        guard let swapped = try? ForecastGrid.kma.cell(latitude: longitude, longitude: latitude) else { return "" }
        let lat = arguments.string("lon") ?? "\(longitude)"
        let lon = arguments.string("lat") ?? "\(latitude)"
        return " Latitude and longitude swapped? --lat \(lat) --lon \(lon) is on the grid (nx \(swapped.nx), ny \(swapped.ny))."
    }

    /// `--nx` and `--ny`.
    static func cell(_ arguments: ParsedArguments) throws(CLIError) -> GridCell {
        try arguments.require("nx", "ny")
        let nx = try arguments.int("nx", range: GridCell.nxRange, meaning: "a grid column") ?? 0
        let ny = try arguments.int("ny", range: GridCell.nyRange, meaning: "a grid row") ?? 0
        do {
            return try GridCell(nx: nx, ny: ny)
        } catch {
            throw .usage(sentence(error.description))
        }
    }

    /// `--place`, looked up in KMA's table (ambiguous and unknown names are usage errors that
    /// list the candidates or suggest names).
    static func place(_ arguments: ParsedArguments) throws(CLIError) -> Place {
        do {
            return try PlaceDirectory.kma.place(named: arguments.string("place") ?? "")
        } catch {
            throw .usage(capitalized(error.description))
        }
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
