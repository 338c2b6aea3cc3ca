import KMAForecast

/// How KMA's forecast service answers a request for a page of a recorded run, without a
/// network: the one routing that the sample forecast (`kma-forecast --demo` and the first run
/// without a key, through ``RecordedRunTransport``) and the tests' replay server
/// (`_KMATestSupport`'s `ReplayServer`, over HTTP on 127.0.0.1) share.
///
/// - A request names a run by its operation (the last path component: `getVilageFcst`,
///   `getUltraSrtFcst`, `getUltraSrtNcst`) and `base_date`, `base_time`, `nx`, `ny`; a request
///   without one of those four gets `NO_MANDATORY_REQUEST_PARAMETERS_ERROR` (`11`).
/// - `numOfRows` (default 10) and `pageNo` (default 1) cut the run's items into pages, each
///   with the run's `totalCount`, so a client has to page for real.
/// - A run that is not recorded, a page past the last, or a page size or number below 1
///   answers NO_DATA (`03`), as KMA does for a run it has not published.
///
/// The items are served byte for byte as recorded, inside a compact envelope.
package enum RecordedRunPages {
    /// Which run a request asks for.
    package struct Key: Hashable, Sendable {
        /// The API operation, e.g. `getVilageFcst`.
        package var operation: String
        /// `base_date`, `YYYYMMDD`.
        package var baseDate: String
        /// `base_time`, `HHMM`.
        package var baseTime: String
        /// Grid column.
        package var nx: Int
        /// Grid row.
        package var ny: Int

        package init(operation: String, baseDate: String, baseTime: String, nx: Int, ny: Int) {
            self.operation = operation
            self.baseDate = baseDate
            self.baseTime = baseTime
            self.nx = nx
            self.ny = ny
        }
    }

    /// Where a request goes.
    package enum Route: Hashable, Sendable {
        /// A page of a run: `pageNo` and `numOfRows` as asked (or their defaults).
        case page(Key, pageNo: Int, numOfRows: Int)
        /// A mandatory parameter is missing or not a number.
        case missingParameters
    }

    /// The route of a request for `operation` with these (decoded) query parameters.
    package static func route(operation: String, parameters: [String: String]) -> Route {
        guard let baseDate = parameters["base_date"], let baseTime = parameters["base_time"],
              let nx = parameters["nx"].flatMap({ Int($0) }), let ny = parameters["ny"].flatMap({ Int($0) }) else {
            return .missingParameters
        }
        let key = Key(operation: operation, baseDate: baseDate, baseTime: baseTime, nx: nx, ny: ny)
        return .page(key, pageNo: parameters["pageNo"].flatMap { Int($0) } ?? 1, numOfRows: parameters["numOfRows"].flatMap { Int($0) } ?? 10)
    }

    /// The items of page `pageNo` of `count` items cut `numOfRows` to a page, or `nil` when
    /// there is no such page (the answer is then NO_DATA).
    package static func slice(count: Int, pageNo: Int, numOfRows: Int) -> Range<Int>? {
        guard numOfRows > 0, pageNo > 0 else { return nil }
        let (start, overflow) = (pageNo - 1).multipliedReportingOverflow(by: numOfRows)
        guard !overflow, start < count else { return nil }
        return start..<(start + min(numOfRows, count - start))
    }

    /// A NORMAL_SERVICE page holding `items` verbatim, with this `pageNo`, `numOfRows` and
    /// `totalCount`.
    package static func page(_ items: some Sequence<[UInt8]>, pageNo: Int, numOfRows: Int, totalCount: Int) -> [UInt8] {
        var body = Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":["#.utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += item
        }
        body += Array(#"]},"pageNo":\#(pageNo),"numOfRows":\#(numOfRows),"totalCount":\#(totalCount)}}}"#.utf8)
        return body
    }

    /// KMA's answer to a request without a mandatory parameter (`11`).
    package static let missingParametersBody: [UInt8] =
        Array(#"{"response":{"header":{"resultCode":"11","resultMsg":"NO_MANDATORY_REQUEST_PARAMETERS_ERROR"}}}"#.utf8)

    /// The content type of KMA's JSON answers.
    package static let contentType = "application/json;charset=UTF-8"

    /// The objects of a recorded page's `"item"` array, each byte for byte, or `nil` when the
    /// page has no `"item"` array or it does not end.
    package static func items(ofPage bytes: [UInt8]) -> [[UInt8]]? {
        let key = Array("\"item\"".utf8)
        guard let start = ByteSearch.firstIndex(of: key, in: bytes) else { return nil }
        var index = start + key.count
        while index < bytes.count, bytes[index] != UInt8(ascii: "[") { index += 1 }
        index += 1
        var items: [[UInt8]] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") { return items }
            if byte == UInt8(ascii: "{") {
                guard let end = endOfObject(bytes, from: index) else { return nil }
                items.append(Array(bytes[index...end]))
                index = end + 1
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The index of the `}` that closes the object opening at `start` (strings and their
    /// escapes skipped).
    private static func endOfObject(_ bytes: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var inString = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }
}
