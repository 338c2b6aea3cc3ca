import KMAGrid
import KMAPlaces

extension PlacesTable {
    /// One row of a places table: the record as given, and the location it names or why it
    /// names none.
    public struct Row: Hashable, Sendable {
        /// How a row gives its place: which ``LocationParser`` reading its two place fields get.
        package enum Kind: Sendable, Hashable {
            /// A latitude and a longitude, in degrees.
            case coordinates
            /// A grid column and row.
            case cells
            /// A place name of KMA's table.
            case names
        }

        /// The line (from 1) the record starts on; for rows given otherwise (the command
        /// line's options), the position (from 1).
        public let line: Int
        /// The fields, unquoted, for echoing before the caller's own columns.
        public let fields: [String]
        /// The record exactly as given, without its line end (quoted line breaks included).
        public let text: String
        /// The location the row names: ``ForecastLocation/coordinate(_:)``,
        /// ``ForecastLocation/cell(_:)`` or ``ForecastLocation/place(_:)-enum.case`` (a name,
        /// or a point of KMA's table); or why it names none.
        public let location: Result<ForecastLocation, PlacesTableRowError>
        /// The grid cell of ``location``: KMA's table cell for a row of the table, else the
        /// formula's for a coordinate, the cell as given for `nx`,`ny`.
        public let cell: Result<GridCell, PlacesTableRowError>

        /// A row whose place is read from `first` and `second` (for a name, `first`) as
        /// `kind`.
        package init(line: Int, fields: [String], text: String, kind: Kind, _ first: String, _ second: String) {
            self.init(line: line, fields: fields, text: text, found: Self.locate(kind, first, second))
        }

        /// A row of a CSV record, its place in the fields at `columns`; a record of another
        /// width than the header's (`width`) names none.
        init(_ record: CSVRecords.Record, kind: Kind, at columns: (Int, Int), width: Int) {
            let fields = record.fields
            guard fields.count == width || (kind == .names && width == 1) else {
                self.init(line: record.line, fields: fields, text: record.text, found: .failure(.fieldCount(expected: width, found: fields.count)))
                return
            }
            let first = columns.0 < fields.count ? fields[columns.0] : ""
            let second = columns.1 < fields.count ? fields[columns.1] : ""
            self.init(line: record.line, fields: fields, text: record.text, kind: kind, first, second)
        }

        private init(line: Int, fields: [String], text: String, found: Result<(location: ForecastLocation, cell: GridCell), PlacesTableRowError>) {
            self.line = line
            self.fields = fields
            self.text = text
            location = found.map { $0.location }
            cell = found.map { $0.cell }
        }

        /// The location of one place and its cell, read by the library's one location reader
        /// (``LocationParser``): for a coordinate, the table's place when it is a table row's
        /// representative point.
        static func locate(_ kind: Kind, _ first: String, _ second: String) -> Result<(location: ForecastLocation, cell: GridCell), PlacesTableRowError> {
            do throws(LocationInputError) {
                switch kind {
                case .coordinates:
                    let (point, cell) = try LocationParser.coordinate(latitude: first, longitude: second)
                    if let place = tablePoints[PointKey(point)] { return .success((.place(place), place.cell)) }
                    return .success((.coordinate(point), cell))
                case .cells:
                    let cell = try LocationParser.cell(nx: first, ny: second)
                    return .success((.cell(cell), cell))
                case .names:
                    let place = try LocationParser.place(named: first)
                    return .success((.place(place), place.cell))
                }
            } catch {
                return .failure(.location(error))
            }
        }

        /// The row of KMA's grid table of each representative point, by the point to 1e-7°
        /// (the first row of a point wins).
        static let tablePoints: [PointKey: Place] = {
            var places: [PointKey: Place] = [:]
            for place in PlaceDirectory.kma.places {
                guard let point = place.coordinate else { continue }
                let key = PointKey(point)
                if places[key] == nil { places[key] = place }
            }
            return places
        }()

        /// A point rounded to 1e-7°.
        struct PointKey: Hashable, Sendable {
            var latitude: Int64
            var longitude: Int64

            init(_ point: GeoCoordinate) {
                latitude = Int64((point.latitude * 1e7).rounded())
                longitude = Int64((point.longitude * 1e7).rounded())
            }
        }
    }
}
