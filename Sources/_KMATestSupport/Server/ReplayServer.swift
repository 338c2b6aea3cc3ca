import Foundation
import KMAForecastClient
import KMAForecast
import _KMASystem

/// A small HTTP/1.1 server on `127.0.0.1` that answers like KMA's forecast service from
/// recorded runs, for testing a client over real sockets.
///
/// ```swift
/// let server = try ReplayServer(runs: [RecordedRun(.shortTerm, fixture: "api/getVilageFcst_20221120_0500_nx60_ny120.json")])
/// defer { server.stop() }
/// server.inject(.status(500), times: 2)          // the next two requests get HTTP 500
/// let url = server.baseURL                         // http://127.0.0.1:<port>/1360000/VilageFcstInfoService_2.0
/// // … run the client …
/// server.requests.count                            // what arrived, in order
/// ```
///
/// - It binds port 0 and reports the port it got (``port``).
/// - It routes by operation (the last path component), whatever the path before it, so the
///   data.go.kr and API Hub path layouts both work.
/// - It honours `numOfRows` (default 10) and `pageNo` (default 1): a recorded run's items are
///   cut into pages with the run's `totalCount`, so a client has to paginate for real. The
///   routing and paging are `KMAForecastClient`'s `RecordedRunPages`, which the CLI's sample
///   forecast serves its recorded pages with too (without sockets).
/// - A (operation, base, cell) with no recorded run answers NO_DATA (`03`), as KMA does for a
///   run that is not published.
/// - `getFcstVersion` (`ftype` ODAM, VSRT or SHRT and `basedatetime` YYYYMMDDHHMM) answers the
///   version set with ``setVersion(_:ftype:baseDateTime:asList:)``, else, when a run of that
///   product and base is recorded (for any cell), `basedatetime` followed by `00` (the run's
///   nominal time, e.g. `20210328140000`); NO_DATA when there is neither. `item` is a single
///   object, as KMA sends one item, unless set to come as a list.
/// - With ``expectedKey`` set, a request whose `serviceKey`/`authKey` does not decode to it
///   (decoded the way a servlet container does: `%XX`, and `+` as a space) gets the gateway's
///   XML SERVICE_KEY_IS_NOT_REGISTERED_ERROR (`30`): a key encoded twice, or not at all, fails
///   as it does at KMA.
/// - Faults (``ReplayFault``) are injected per request, in order, with a match and a count.
/// - ``synthesize(_:)`` serves a run for any cell (thousands of cells without recording each);
///   ``enforce(_:)`` makes it a stand-in for KMA's gateway under load: a per-operation limit of
///   requests per second (code 23 or HTTP 429 above it) and a latency per operation
///   (``GatewayLimits``), with counts in ``gatewayCounts``.
/// - Every request is recorded (``requests``).
/// - Each connection gets its own thread, one answer and `Connection: close`.
/// - A TLS handshake (an `https://` URL pointed at it) is answered with HTTP 400 in plain text,
///   as plain-HTTP servers do, so the client's TLS handshake fails at once.
public final class ReplayServer: Sendable {
    /// The port the server listens on, on 127.0.0.1.
    public let port: UInt16
    /// The decoded key that requests must carry, or `nil` to accept any key.
    public let expectedKey: String?

    let engine: ReplayEngine

    /// Starts a server on 127.0.0.1 at a free port.
    ///
    /// - Parameters:
    ///   - runs: The recorded runs to serve.
    ///   - expectedKey: The key every request must carry (decoded), or `nil`.
    public init(runs: [RecordedRun] = [], expectedKey: String? = nil) throws(ReplayServerError) {
        let noDataBody: [UInt8]
        do {
            noDataBody = try Fixtures.bytes("api/hand_made_nodata_03.json")
        } catch {
            throw .fixture("api/hand_made_nodata_03.json")
        }
        let (fd, port) = try ReplayServerError.loopbackListener(backlog: 128)
        self.port = port
        self.expectedKey = expectedKey
        let engine = ReplayEngine(listener: fd, expectedKey: expectedKey, noDataBody: noDataBody, runs: runs)
        self.engine = engine
        // The threads hold the engine, never the server, so the server's deinit can run.
        Thread.detachNewThread { engine.acceptLoop() }
    }

    /// Stops the server when the last reference to it goes (``stop()`` stops it earlier).
    deinit { engine.stop() }

    /// The data.go.kr-style service root on this server:
    /// `http://127.0.0.1:<port>/1360000/VilageFcstInfoService_2.0`.
    public var baseURL: String { "http://127.0.0.1:\(port)/1360000/VilageFcstInfoService_2.0" }

    /// The API Hub-style service root on this server:
    /// `http://127.0.0.1:<port>/api/typ02/openApi/VilageFcstInfoService_2.0`.
    public var apiHubBaseURL: String { "http://127.0.0.1:\(port)/api/typ02/openApi/VilageFcstInfoService_2.0" }

    /// The data.go.kr-style mid-term service root on this server:
    /// `http://127.0.0.1:<port>/1360000/MidFcstInfoService`.
    public var midTermBaseURL: String { "http://127.0.0.1:\(port)/1360000/MidFcstInfoService" }

    /// Adds (or replaces) a mid-term answer: the body served for `operation` (`getMidTa`,
    /// `getMidLandFcst`, `getMidFcst`) with `regId` (or `stnId`) and `tmFc`. Other mid-term
    /// requests are answered NO_DATA, as KMA does for a run it does not have.
    public func addMidTerm(operation: String, regionID: String, tmFc: String, body: [UInt8]) {
        engine.state.withLock { $0.midTerm[ReplayEngine.MidTermKey(operation: operation, regionID: regionID, tmFc: tmFc)] = body }
    }

    /// The data.go.kr-style living-weather index service root on this server:
    /// `http://127.0.0.1:<port>/1360000/LivingWthrIdxServiceV5`.
    public var uvIndexBaseURL: String { "http://127.0.0.1:\(port)/1360000/LivingWthrIdxServiceV5" }

    /// Adds (or replaces) a UV index answer (`getUVIdxV5`) for `areaNo` and issue `time`
    /// (`YYYYMMDDHH`); other UV requests are answered NO_DATA.
    public func addUVIndex(areaNo: String, time: String, body: [UInt8]) {
        engine.state.withLock { $0.midTerm[ReplayEngine.MidTermKey(operation: "getUVIdxV5", regionID: areaNo, tmFc: time)] = body }
    }

    /// Adds (or replaces) an answer of any other operation, as a service KMA may add (an
    /// observation, an air quality index): `body` is served for `operation` when the query's
    /// `subjectParameter` is `subject` and its `issueParameter` is `issue`; other requests for
    /// the operation are answered NO_DATA. The operation is served under any service root.
    public func addServiceAnswer(operation: String, subjectParameter: String, subject: String, issueParameter: String, issue: String, body: [UInt8]) {
        engine.state.withLock {
            $0.serviceRoutes[operation] = ReplayEngine.ServiceRoute(subject: subjectParameter, issue: issueParameter)
            $0.midTerm[ReplayEngine.MidTermKey(operation: operation, regionID: subject, tmFc: issue)] = body
        }
    }

    /// Serves the recorded 2026-10-04 mid-term bodies of `Fixtures/midterm/`: getMidTa for
    /// 서울 11B10101 and getMidLandFcst for 11B00000, runs 06:00 and 18:00, under the region
    /// codes given (the recordings' own by default).
    public func addRecordedMidTerm(temperaturePoint: String = "11B10101", landRegion: String = "11B00000") throws {
        for tmFc in ["202610040600", "202610041800"] {
            let ta = try Fixtures.text("midterm/getMidTa_11B10101_\(tmFc).json").replacingOccurrences(of: "11B10101", with: temperaturePoint)
            let land = try Fixtures.text("midterm/getMidLandFcst_11B00000_\(tmFc).json").replacingOccurrences(of: "11B00000", with: landRegion)
            addMidTerm(operation: "getMidTa", regionID: temperaturePoint, tmFc: tmFc, body: Array(ta.utf8))
            addMidTerm(operation: "getMidLandFcst", regionID: landRegion, tmFc: tmFc, body: Array(land.utf8))
        }
    }

    /// Makes every answer to `operation` wait `milliseconds` before it is sent (a stand-in for
    /// the gateway's latency, e.g. KMA's guide's 600 ms for `getVilageFcst`); 0 removes it.
    public func setLatency(milliseconds: Int, for operation: String) {
        engine.state.withLock { $0.latencies[operation] = milliseconds > 0 ? milliseconds : nil }
    }

    /// The API Hub grid-field service root on this server:
    /// `http://127.0.0.1:<port>/api/typ01/cgi-bin/url`.
    public var apiHubFieldBaseURL: String { "http://127.0.0.1:\(port)/api/typ01/cgi-bin/url" }

    /// Adds (or replaces) a grid field to serve: `body` for `operation` (`nph-dfs_shrt_grd` …)
    /// with these `tmfc`, `tmef` (`nil` for the nowcast, which takes none) and `vars`.
    ///
    /// Grid-field requests (`nph-dfs_*`) are answered as API Hub is reported to answer: the
    /// stored body; for `vars` with a comma (several variables), the first variable's body
    /// with every value -99.00 (API Hub answers mostly -99); for anything not stored,
    /// `# input variable error (-1)` with HTTP 200. A stand-in: how API Hub answers a run it
    /// has not made yet is not known. With ``expectedKey`` set, a wrong `authKey` gets HTTP 401
    /// with a small JSON body (hand-made, not a recording).
    public func addField(_ body: [UInt8], operation: String, tmfc: String, tmef: String?, variable: String) {
        engine.state.withLock { $0.fields[ReplayEngine.FieldKey(operation: operation, tmfc: tmfc, tmef: tmef, variable: variable)] = body }
    }

    /// Adds (or replaces) a run to serve.
    public func add(_ run: RecordedRun) {
        engine.state.withLock { $0.runs[ReplayEngine.key(of: run)] = run }
    }

    /// Sets the version `getFcstVersion` answers for (`ftype`, `basedatetime`), e.g.
    /// `setVersion("20210328141017", ftype: "ODAM", baseDateTime: "202103281400")`; `nil`
    /// goes back to the default (see the type's notes). With `asList`, `item` is a list of one.
    public func setVersion(_ version: String?, ftype: String, baseDateTime: String, asList: Bool = false) {
        engine.state.withLock {
            $0.versions[ReplayEngine.VersionKey(ftype: ftype, baseDateTime: baseDateTime)] = version.map { ReplayEngine.SetVersion(text: $0, asList: asList) }
        }
    }

    /// Serves `template`'s run for every cell: a request for its operation and base at any
    /// `nx`, `ny` with no recorded run gets the template's items relabelled with that cell
    /// (for batches of thousands of cells).
    public func synthesize(_ template: RecordedRun) {
        engine.state.withLock {
            $0.templates[ReplayEngine.BaseKey(operation: template.operation, baseDate: template.baseDate, baseTime: template.baseTime)] = template
        }
    }

    /// Makes the server behave as KMA's gateway under load (see ``GatewayLimits``), or stops
    /// doing so with `nil`. The counts (``gatewayCounts``) start again from zero.
    public func enforce(_ limits: GatewayLimits?) {
        engine.state.withLock { state in
            state.limits = limits
            state.gateway = GatewayCounts()
            state.arrivals = [:]
        }
    }

    /// What the stand-in gateway counted since ``enforce(_:)``.
    public var gatewayCounts: GatewayCounts { engine.state.withLock { $0.gateway } }

    /// Makes the next `times` matching requests get `fault`. Faults apply in the order they
    /// were injected; each request gets at most one.
    public func inject(_ fault: ReplayFault, times: Int = 1, when match: ReplayMatch = .any) {
        engine.state.withLock { $0.faults.append(ReplayEngine.InjectedFault(match: match, fault: fault, remaining: times)) }
    }

    /// The requests received so far, in order of arrival.
    public var requests: [RecordedRequest] { engine.state.withLock { $0.requests } }

    /// For each ``ReplayFault/oversized(bytes:chunked:)`` answer finished so far, how many
    /// body bytes went out before the client closed the connection (or all of them).
    public var oversizedBytesSent: [Int] { engine.state.withLock { $0.oversizedSent } }

    /// Stops listening. Connections being answered finish on their own. Calling it again, or
    /// letting the server go afterwards, does nothing more.
    public func stop() {
        engine.stop()
    }

    /// Decodes a query component as a servlet container does: `+` is a space, `%XX` a byte.
    static func formDecode(_ text: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < source.count,
                      let high = HexDigit.value(source[index + 1]), let low = HexDigit.value(source[index + 2]) {
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The content type of KMA's JSON answers.
    static let json = RecordedRunPages.contentType
}
