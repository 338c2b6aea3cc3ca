import KMAForecastClient
import KMAGrid
import KMAPlaces

/// The ways a command names a place — `--lat/--lon`, `--nx/--ny`, `--place` — read through the
/// library's one location reader (``LocationParser``), so the command line and the MCP tools
/// say the same words for the same mistake (bad values are usage errors, exit 64).
enum LocationArguments {
    /// Which of the three forms the arguments use.
    static func forms(_ arguments: ParsedArguments) -> (point: Bool, cell: Bool, place: Bool) {
        (arguments.has("lat") || arguments.has("lon"), arguments.has("nx") || arguments.has("ny"), arguments.has("place"))
    }

    /// `--lat` and `--lon`, and the cell that contains the point.
    static func point(_ arguments: ParsedArguments) throws(CLIError) -> (GeoCoordinate, GridCell) {
        try arguments.require("lat", "lon")
        do throws(LocationInputError) {
            let found = try LocationParser.coordinate(
                latitude: arguments.string("lat") ?? "", longitude: arguments.string("lon") ?? "",
                arguments: ("'\(arguments.display("lat"))'", "'\(arguments.display("lon"))'")
            )
            return (found.point, found.cell)
        } catch {
            throw CLIError(error)
        }
    }

    /// `--nx` and `--ny`.
    static func cell(_ arguments: ParsedArguments) throws(CLIError) -> GridCell {
        try arguments.require("nx", "ny")
        do throws(LocationInputError) {
            return try LocationParser.cell(
                nx: arguments.string("nx") ?? "", ny: arguments.string("ny") ?? "",
                arguments: ("'\(arguments.display("nx"))'", "'\(arguments.display("ny"))'")
            )
        } catch {
            throw CLIError(error)
        }
    }

    /// `--place`, looked up in KMA's table (ambiguous and unknown names are usage errors that
    /// list the candidates or suggest names).
    static func place(_ arguments: ParsedArguments) throws(CLIError) -> Place {
        do throws(LocationInputError) {
            return try LocationParser.place(named: arguments.string("place") ?? "")
        } catch {
            throw CLIError(error)
        }
    }
}
