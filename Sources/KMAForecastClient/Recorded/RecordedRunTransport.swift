import KMAForecast
import KMAGrid

/// A transport that answers the client from recorded KMA answers instead of the network, as
/// KMA would: a recorded run's page for that run and cell, paged as asked; a recorded
/// mid-term answer for its operation, region and run; a recorded UV index answer for its
/// area and issue time; NO_DATA (`resultCode` 03) for anything
/// else. Everything after the transport (paging, decoding, rows, the merge) is the code a live
/// forecast runs.
///
/// ```swift
/// // A SwiftUI preview or a unit test: the bundled recordings, no key, no network.
/// let client = try ForecastClient(configuration: ClientConfiguration(serviceKey: try ServiceKey("PREVIEW")),
///                                 transport: RecordedRunTransport.sample)   // or ForecastClient.preview
/// let forecast = try await client.forecast(for: .place("수원시 권선구"))
/// // forecast.recording says what it is; forecast.failures is empty
/// ```
///
/// A client over a recording answers whatever its clock says, at every entry point that
/// fetches (``ForecastClient/forecast(for:products:midTermDays:alerts:uvIndex:budget:)``, the
/// batch ``ForecastClient/forecasts(for:products:concurrency:budget:)``, a run and the batches
/// of cells, the item stream, the mid-term days, the warnings, the UV index): it asks at the
/// recorded run's own instant (the client's clock when that already gets a recorded run), asks
/// only the products and mid-term days recorded for the place (what was not recorded is not
/// asked, so it is no failure), sets ``LocalForecast/recording`` (and ``ForecastRun/recording``:
/// a recording never passes for a live forecast), and caches nothing. A place with nothing
/// recorded is refused, naming what the recording holds.
///
/// Bring your own recordings with ``init(answers:)``. For a value without a client,
/// ``LocalForecast/sample`` is the bundled short-term recording, ready made.
public struct RecordedRunTransport: HTTPTransport {
    /// One recorded answer.
    public struct Answer: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case run(RecordedRunPages.Key, items: [[UInt8]])
            case midTerm(operation: String, regionID: String, tmFc: String, body: [UInt8])
            case warnings(from: Int, to: Int, body: [UInt8])
            case uvIndex(areaNo: String, time: String, body: [UInt8])
        }

        let kind: Kind

        /// A recorded page of a point forecast run (`getUltraSrtNcst`, `getUltraSrtFcst`,
        /// `getVilageFcst` JSON, every item of the run on the page); it is served in the pages
        /// the client asks for.
        ///
        /// - Returns: `nil` when the body holds no `item` list (a NO_DATA or error answer).
        public static func run(_ product: ForecastProduct, base: ForecastBase, cell: GridCell, page: [UInt8]) -> Answer? {
            guard let items = RecordedRunPages.items(ofPage: page) else { return nil }
            let key = RecordedRunPages.Key(operation: product.operation, baseDate: base.baseDate, baseTime: base.baseTime, nx: cell.nx, ny: cell.ny)
            return Answer(kind: .run(key, items: items))
        }

        /// A recorded answer of the mid-term service, served as it is.
        ///
        /// - Parameters:
        ///   - operation: `getMidTa`, `getMidLandFcst` or `getMidFcst`.
        ///   - regionID: The `regId` (or `stnId`) it answers.
        ///   - issue: The run (`tmFc`).
        ///   - body: The answer, byte for byte.
        public static func midTerm(operation: String, regionID: String, issue: MidTermIssue, body: [UInt8]) -> Answer {
            Answer(kind: .midTerm(operation: operation, regionID: regionID, tmFc: issue.tmFc, body: body))
        }

        /// A recorded `getPwnCd` answer (zone events issued from `from` to `to`, KST dates
        /// `YYYYMMDD`), served as it is for every `getPwnCd` request whose period overlaps it;
        /// events issued after the client's clock are left out by the replay, as KMA would not
        /// have sent them yet.
        public static func warnings(from: Int, to: Int, body: [UInt8]) -> Answer {
            Answer(kind: .warnings(from: from, to: to, body: body))
        }

        /// A recorded answer of the UV index service (`getUVIdxV5`), served as it is for the
        /// area and issue time (`YYYYMMDDHH`) asked; an answer listing several areas is served
        /// for each of them (the client reads the item of the area it asked for).
        public static func uvIndex(areaNo: String, time: String, body: [UInt8]) -> Answer {
            Answer(kind: .uvIndex(areaNo: areaNo, time: time, body: body))
        }
    }

    /// The UV index answers served, by `areaNo` and issue time (`time`, `YYYYMMDDHH`).
    let uvIndex: [String: [UInt8]]
    /// The items of each run served.
    package let runs: [RecordedRunPages.Key: [[UInt8]]]
    /// The mid-term answers served, by operation, region and run.
    let midTerm: [String: [UInt8]]
    /// The recorded zone events served, with their periods.
    var warnings: [(from: Int, to: Int, body: [UInt8])] = []
    /// The body of a NO_DATA answer.
    package let noDataBody: [UInt8]
    /// The bundled recordings this transport serves (``sample``), whose notes a forecast
    /// answered from them carries; empty for recordings of your own.
    package var recordings: [SampleRecording] = []

    /// A transport serving these runs.
    ///
    /// - Parameters:
    ///   - runs: The items of each run, byte for byte (``RecordedRunPages/items(ofPage:)``).
    ///   - noDataBody: The answer for a run or page that is not there (`resultCode` 03).
    package init(runs: [RecordedRunPages.Key: [[UInt8]]], noDataBody: [UInt8]) {
        self.runs = runs
        self.midTerm = [:]
        self.uvIndex = [:]
        self.noDataBody = noDataBody
    }

    /// A transport serving these answers (a later answer for the same request replaces an earlier).
    public init(answers: [Answer]) {
        var runs: [RecordedRunPages.Key: [[UInt8]]] = [:]
        var midTerm: [String: [UInt8]] = [:]
        var warnings: [(from: Int, to: Int, body: [UInt8])] = []
        var uvIndex: [String: [UInt8]] = [:]
        for answer in answers {
            switch answer.kind {
            case .run(let key, let items): runs[key] = items
            case .midTerm(let operation, let regionID, let tmFc, let body): midTerm[Self.midTermKey(operation, regionID, tmFc)] = body
            case .warnings(let from, let to, let body): warnings.append((from, to, body))
            case .uvIndex(let areaNo, let time, let body): uvIndex[areaNo + "/" + time] = body
            }
        }
        self.runs = runs
        self.midTerm = midTerm
        self.warnings = warnings
        self.uvIndex = uvIndex
        self.noDataBody = RecordedRunPages.noDataBody
    }

    private static func midTermKey(_ operation: String, _ regionID: String, _ tmFc: String) -> String {
        operation + "/" + regionID + "/" + tmFc
    }

    /// Answers a GET from the recordings; see ``HTTPTransport/get(_:connectTimeout:)``.
    public func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        let (path, parameters) = Self.split(url)
        let operation = path.split(separator: "/").last.map(String.init) ?? ""
        let body: [UInt8]
        if operation == "getPwnCd" {
            let from = Int(parameters["fromTmFc"] ?? "") ?? 0, to = Int(parameters["toTmFc"] ?? "") ?? 0
            body = warnings.first { $0.from <= to && from <= $0.to }?.body ?? noDataBody
        } else if operation == UVIndexService.operationName {
            body = uvIndex[(parameters["areaNo"] ?? "") + "/" + (parameters["time"] ?? "")] ?? noDataBody
        } else if let region = parameters["regId"] ?? parameters["stnId"], let tmFc = parameters["tmFc"] {
            body = midTerm[Self.midTermKey(operation, region, tmFc)] ?? noDataBody
        } else {
            switch RecordedRunPages.route(operation: operation, parameters: parameters) {
            case .missingParameters:
                body = RecordedRunPages.missingParametersBody
            case .page(let key, let pageNo, let numOfRows):
                if let items = runs[key], let slice = RecordedRunPages.slice(count: items.count, pageNo: pageNo, numOfRows: numOfRows) {
                    body = RecordedRunPages.page(items[slice], pageNo: pageNo, numOfRows: numOfRows, totalCount: items.count)
                } else {
                    body = noDataBody
                }
            }
        }
        return HTTPResponse(status: 200, headers: ["content-type": RecordedRunPages.contentType], body: body)
    }

    /// The path and the query parameters of a URL. Values are taken as sent: the run's
    /// parameters are digits and region codes, which need no decoding (the key, which may be
    /// encoded, is not read).
    static func split(_ url: String) -> (path: Substring, parameters: [String: String]) {
        guard let question = url.firstIndex(of: "?") else { return (url[...], [:]) }
        var parameters: [String: String] = [:]
        for pair in url[url.index(after: question)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            parameters[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return (url[..<question], parameters)
    }
}
