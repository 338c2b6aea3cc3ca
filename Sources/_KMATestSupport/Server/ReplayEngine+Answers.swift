import Foundation
import KMAForecastClient
import KMAForecast
import _KMASystem

extension ReplayEngine {
    /// The normal answer to a request, with a content fault applied.
    func answer(_ request: RecordedRequest, alteration: ReplayFault?) -> HTTPAnswer {
        if request.operation.hasPrefix("nph-dfs_") { return fieldAnswer(request) }
        let operations = ["getVilageFcst", "getUltraSrtFcst", "getUltraSrtNcst", "getFcstVersion", "getMidTa", "getMidLandFcst", "getMidFcst", "getPwnCd", "getPwnStatus", "getUVIdxV5"]
        let route = state.withLock { $0.serviceRoutes[request.operation] }
        guard request.method == "GET", operations.contains(request.operation) || route != nil else {
            return HTTPAnswer(status: 404, contentType: "text/html", body: Array("<html><head><title>404 Not Found</title></head></html>".utf8))
        }
        let key = request.parameters["serviceKey"] ?? request.parameters["authKey"]
        if let expectedKey, key != expectedKey {
            let xml = "<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg><returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"
            return HTTPAnswer(status: 200, contentType: "text/xml;charset=UTF-8", body: Array(xml.utf8))
        }
        let parameters = request.parameters
        if request.operation == "getFcstVersion" { return versionAnswer(parameters) }
        if request.operation.hasPrefix("getPwn") { return warningsAnswer(request.operation, parameters, alteration: alteration) }
        if let route {
            // An operation added by a test, by its subject and issue; NO_DATA otherwise.
            let key = MidTermKey(operation: request.operation, regionID: parameters[route.subject] ?? "", tmFc: parameters[route.issue] ?? "")
            return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: state.withLock { $0.midTerm[key] } ?? noDataBody)
        }
        if request.operation == "getUVIdxV5" {
            // The UV index (LivingWthrIdxServiceV5), by `areaNo` and `time`; NO_DATA otherwise.
            let key = MidTermKey(operation: request.operation, regionID: parameters["areaNo"] ?? "", tmFc: parameters["time"] ?? "")
            return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: state.withLock { $0.midTerm[key] } ?? noDataBody)
        }
        if request.operation.hasPrefix("getMid") {
            let key = MidTermKey(operation: request.operation, regionID: parameters["regId"] ?? parameters["stnId"] ?? "", tmFc: parameters["tmFc"] ?? "")
            return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: state.withLock { $0.midTerm[key] } ?? noDataBody)
        }
        // The routing, paging and NO_DATA rule the sample forecast's transport uses too.
        guard case .page(let runKey, let pageNo, let numOfRows) = RecordedRunPages.route(operation: request.operation, parameters: parameters) else {
            return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: RecordedRunPages.missingParametersBody)
        }
        let found = state.withLock { state -> RecordedRun? in
            if let run = state.runs[runKey] { return run }
            return state.templates[BaseKey(operation: request.operation, baseDate: runKey.baseDate, baseTime: runKey.baseTime)]
        }
        let synthesized = found.map { $0.nx == runKey.nx && $0.ny == runKey.ny ? $0 : $0.relabelled(nx: runKey.nx, ny: runKey.ny) }
        guard let run = synthesized, let slice = RecordedRunPages.slice(count: run.items.count, pageNo: pageNo, numOfRows: numOfRows) else {
            return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: noDataBody)
        }
        var items = Array(run.items[slice])
        var totalCount = run.items.count
        switch alteration {
        case .dropItems(let count)?: items.removeLast(min(count, items.count))
        case .totalCountOffset(let offset)?: totalCount += offset
        case .relabelItems(let nx, let ny)?:
            items = items.map { RecordedJSON.replacingNumber("ny", with: ny, in: RecordedJSON.replacingNumber("nx", with: nx, in: $0)) }
        case .relabelBase(let baseDate, let baseTime)?:
            items = items.map { RecordedJSON.relabellingBase(baseDate: baseDate, baseTime: baseTime, in: $0) }
        default: break
        }
        let body = RecordedRunPages.page(items, pageNo: pageNo, numOfRows: numOfRows, totalCount: totalCount)
        return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: body)
    }

    /// The answer to a grid-field request (see ``ReplayServer/addField(_:operation:tmfc:tmef:variable:)``).
    func fieldAnswer(_ request: RecordedRequest) -> HTTPAnswer {
        let text = "text/plain;charset=UTF-8"
        guard request.method == "GET" else { return HTTPAnswer(status: 405, contentType: text, body: []) }
        if let expectedKey, request.parameters["authKey"] != expectedKey {
            let body = #"{"result":{"status":401,"message":"인증키가 유효하지 않습니다. (stand-in answer)"}}"#
            return HTTPAnswer(status: 401, contentType: ReplayServer.json, body: Array(body.utf8))
        }
        let parameters = request.parameters
        let variables = (parameters["vars"] ?? "").split(separator: ",").map(String.init)
        let key = FieldKey(operation: request.operation, tmfc: parameters["tmfc"] ?? "", tmef: parameters["tmef"], variable: variables.first ?? "")
        guard let body = state.withLock({ $0.fields[key] }) else {
            return HTTPAnswer(status: 200, contentType: text, body: Array("# input variable error (-1)\n".utf8))
        }
        guard variables.count == 1 else {
            // Several variables: API Hub answers mostly -99.
            let missing = body.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
                line.isEmpty ? "" : line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { _ in "-99.00" }.joined(separator: ",")
            }.joined(separator: "\n")
            return HTTPAnswer(status: 200, contentType: text, body: Array(missing.utf8))
        }
        return HTTPAnswer(status: 200, contentType: text, body: body)
    }

    /// The answer to `getFcstVersion`.
    func versionAnswer(_ parameters: [String: String]) -> HTTPAnswer {
        func header(_ code: String, _ message: String) -> HTTPAnswer {
            let body = #"{"response":{"header":{"resultCode":"\#(code)","resultMsg":"\#(message)"}}}"#
            return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: Array(body.utf8))
        }
        guard let ftype = parameters["ftype"], let baseDateTime = parameters["basedatetime"] else {
            return header("11", "NO_MANDATORY_REQUEST_PARAMETERS_ERROR")
        }
        guard let operation = ["ODAM": "getUltraSrtNcst", "VSRT": "getUltraSrtFcst", "SHRT": "getVilageFcst"][ftype] else {
            return header("10", "INVALID_REQUEST_PARAMETER_ERROR")
        }
        let found = state.withLock { state -> SetVersion? in
            if let set = state.versions[VersionKey(ftype: ftype, baseDateTime: baseDateTime)] { return set }
            guard state.runs.keys.contains(where: { $0.operation == operation && $0.baseDate + $0.baseTime == baseDateTime })
                || state.templates.keys.contains(where: { $0.operation == operation && $0.baseDate + $0.baseTime == baseDateTime }) else {
                return nil
            }
            return SetVersion(text: baseDateTime + "00", asList: false)
        }
        guard let found else { return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: noDataBody) }
        let item = #"{"filetype":"\#(ftype)","version":"\#(found.text)"}"#
        let body = #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":"#
            + (found.asList ? "[" + item + "]" : item)
            + #"},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#
        return HTTPAnswer(status: 200, contentType: ReplayServer.json, body: Array(body.utf8))
    }

    func reply(_ connection: Int32, _ answer: HTTPAnswer) {
        _ = sendAll(connection, answer.head + answer.body)
    }

    /// Sends all of `bytes`; `false` when the peer went away first.
    func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { SocketCalls.sendAll(connection, $0) } == nil
    }

    /// Sends a 200 gzip bomb (``GzipBomb``) until done or the peer closes; returns the
    /// compressed body bytes sent.
    func sendGzipBomb(_ connection: Int32, inflatedBytes: Int, chunked: Bool) -> Int {
        let body = GzipBomb.bytes(inflatedBytes: inflatedBytes)
        var head = "HTTP/1.1 200 OK\r\nContent-Type: \(ReplayServer.json)\r\nContent-Encoding: gzip\r\nConnection: close\r\n"
        head += chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(body.count)\r\n\r\n"
        guard sendAll(connection, Array(head.utf8)) else { return 0 }
        var sent = 0
        while sent < body.count {
            var piece = Array(body[sent..<min(body.count, sent + 65_536)])
            let count = piece.count
            if chunked { piece = Array((String(count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8) }
            guard sendAll(connection, piece) else { return sent }
            sent += count
        }
        if chunked { _ = sendAll(connection, Array("0\r\n\r\n".utf8)) }
        return sent
    }

    /// Sends a 200 answer with a `total`-byte body until done or the peer closes; returns
    /// the body bytes sent.
    func sendOversized(_ connection: Int32, total: Int, chunked: Bool) -> Int {
        var head = "HTTP/1.1 200 OK\r\nContent-Type: \(ReplayServer.json)\r\nConnection: close\r\n"
        head += chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(total)\r\n\r\n"
        guard sendAll(connection, Array(head.utf8)) else { return 0 }
        let chunkSize = 65_536
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: chunkSize)
        var sent = 0
        while sent < total {
            let count = min(chunkSize, total - sent)
            var piece = Array(spaces[0..<count])
            if sent == 0 { piece.replaceSubrange(0..<min(12, count), with: Array(#"{"response":"#.utf8).prefix(count)) }
            if chunked { piece = Array((String(count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8) }
            guard sendAll(connection, piece) else { return sent }
            sent += count
            // At most about 128 MB/s, a fast real link: corelibs' `cancel()` waits for its
            // work queue, which a loopback sender faster than the client keeps busy.
            SocketCalls.sleep(microseconds: 500)
        }
        if chunked { _ = sendAll(connection, Array("0\r\n\r\n".utf8)) }
        return sent
    }
}
