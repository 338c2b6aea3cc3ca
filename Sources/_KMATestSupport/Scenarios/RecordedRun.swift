import KMAForecast
import KMAForecastClient

/// A recorded forecast run that the ``ReplayServer`` serves: the items of one
/// (operation, base_date, base_time, nx, ny), kept as the exact bytes KMA sent, so the server
/// can cut them into pages of any `numOfRows` with the right `totalCount`.
public struct RecordedRun: Sendable {
    /// The API operation, e.g. `getVilageFcst`.
    public var operation: String
    /// `base_date`, `YYYYMMDD`.
    public var baseDate: String
    /// `base_time`, `HHMM`.
    public var baseTime: String
    /// Grid column.
    public var nx: Int
    /// Grid row.
    public var ny: Int
    /// Each item's JSON object, byte for byte as recorded.
    public var items: [[UInt8]]

    /// A run from a recorded response under `Fixtures/`, e.g.
    /// `RecordedRun(.shortTerm, fixture: "api/getVilageFcst_20221120_0500_nx60_ny120.json")`.
    ///
    /// The base and cell are read from the first item.
    public init(_ product: ForecastProduct, fixture relativePath: String) throws {
        let bytes = try Fixtures.bytes(relativePath)
        let items = try RecordedJSON.items(in: bytes, file: relativePath)
        guard let first = items.first,
              let baseDate = RecordedJSON.field("baseDate", in: first),
              let baseTime = RecordedJSON.field("baseTime", in: first),
              let nx = RecordedJSON.field("nx", in: first).flatMap({ Int($0) }),
              let ny = RecordedJSON.field("ny", in: first).flatMap({ Int($0) }) else {
            throw FixtureError.malformed(relativePath, "no item with baseDate, baseTime, nx and ny")
        }
        self.init(operation: product.operation, baseDate: baseDate, baseTime: baseTime, nx: nx, ny: ny, items: items)
    }

    /// A run from its parts.
    public init(operation: String, baseDate: String, baseTime: String, nx: Int, ny: Int, items: [[UInt8]]) {
        self.operation = operation
        self.baseDate = baseDate
        self.baseTime = baseTime
        self.nx = nx
        self.ny = ny
        self.items = items
    }

    /// The same items with the run they claim rewritten: every item's `baseDate` and/or
    /// `baseTime` (`nil` keeps it). The run is still served under its recorded base, as KMA
    /// served ultra-short runs asked as HH30 under HH00 labels in 2026.
    public func relabelledBase(baseDate: String? = nil, baseTime: String? = nil) -> RecordedRun {
        var run = self
        run.items = items.map { RecordedJSON.relabellingBase(baseDate: baseDate, baseTime: baseTime, in: $0) }
        return run
    }

    /// The same items claiming another cell: every item's `nx` and `ny` are rewritten.
    /// Used to serve many cells from one recording (batch tests).
    public func relabelled(nx: Int, ny: Int) -> RecordedRun {
        var run = self
        run.nx = nx
        run.ny = ny
        run.items = items.map { RecordedJSON.replacingNumber("ny", with: ny, in: RecordedJSON.replacingNumber("nx", with: nx, in: $0)) }
        return run
    }
}

/// Just enough JSON scanning to cut a recorded page into items and to read or rewrite a field
/// of an item. Test support only: the toolkit's decoder is `ForecastPageDecoder`.
enum RecordedJSON {
    /// The objects of the `"item"` array, verbatim (cut as the sample forecast's transport
    /// cuts its pages: ``RecordedRunPages/items(ofPage:)``).
    static func items(in bytes: [UInt8], file: String) throws -> [[UInt8]] {
        guard let items = RecordedRunPages.items(ofPage: bytes) else {
            throw FixtureError.malformed(file, "no \"item\" array, or it does not end")
        }
        return items
    }

    /// The value of a string or number field of a flat object (quotes removed).
    static func field(_ name: String, in object: [UInt8]) -> String? {
        guard let range = valueRange(name, in: object) else { return nil }
        var value = Array(object[range])
        if value.first == UInt8(ascii: "\"") { value = Array(value.dropFirst().dropLast()) }
        return String(decoding: value, as: UTF8.self)
    }

    /// The object with a number field's digits replaced.
    static func replacingNumber(_ name: String, with number: Int, in object: [UInt8]) -> [UInt8] {
        guard let range = valueRange(name, in: object) else { return object }
        var result = object
        result.replaceSubrange(range, with: Array(String(number).utf8))
        return result
    }

    /// The object with a string field's value replaced (quoted as a JSON string).
    static func replacingString(_ name: String, with text: String, in object: [UInt8]) -> [UInt8] {
        guard let range = valueRange(name, in: object) else { return object }
        var result = object
        result.replaceSubrange(range, with: Array("\"\(text)\"".utf8))
        return result
    }

    /// The object with `baseDate` and/or `baseTime` replaced (`nil` keeps the field).
    static func relabellingBase(baseDate: String?, baseTime: String?, in object: [UInt8]) -> [UInt8] {
        var result = object
        if let baseDate { result = replacingString("baseDate", with: baseDate, in: result) }
        if let baseTime { result = replacingString("baseTime", with: baseTime, in: result) }
        return result
    }

    /// Where a field's value lies: a quoted string with its quotes, or a bare token.
    private static func valueRange(_ name: String, in object: [UInt8]) -> Range<Int>? {
        guard let key = ByteSearch.firstIndex(of: Array("\"\(name)\"".utf8), in: object) else { return nil }
        var index = key + name.utf8.count + 2
        while index < object.count, object[index] == UInt8(ascii: " ") || object[index] == UInt8(ascii: ":")
            || object[index] == UInt8(ascii: "\n") || object[index] == UInt8(ascii: "\t") || object[index] == UInt8(ascii: "\r") {
            index += 1
        }
        guard index < object.count else { return nil }
        let start = index
        if object[index] == UInt8(ascii: "\"") {
            index += 1
            while index < object.count, object[index] != UInt8(ascii: "\"") {
                if object[index] == UInt8(ascii: "\\") { index += 1 }
                index += 1
            }
            return start..<min(index + 1, object.count)
        }
        while index < object.count, object[index] != UInt8(ascii: ","), object[index] != UInt8(ascii: "}"),
              object[index] != UInt8(ascii: " "), object[index] != UInt8(ascii: "\n"), object[index] != UInt8(ascii: "\r") {
            index += 1
        }
        return start..<index
    }
}
