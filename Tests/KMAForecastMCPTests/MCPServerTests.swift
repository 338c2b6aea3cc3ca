import Foundation
import Testing
@testable import KMAForecastMCP
import KMAForecast
import _KMATestSupport

/// `kma-forecast mcp`, line by line: the golden reply of each method and each error, in both
/// protocol eras, and the tools' results.
@Suite("kma-forecast mcp: the protocol, golden lines")
struct MCPServerTests {
    static let modernMeta = MCPRequest.modernMeta

    @Test("initialize echoes a supported version, else answers the newest legacy one; tools only; ping answers {}")
    func initialize() async throws {
        let run = await runMCP([
            MCPRequest.initialize(id: 1, version: "2025-06-18"),
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            #"{"jsonrpc":"2.0","id":"p","method":"ping"}"#,
            MCPRequest.initialize(id: 2, version: "1999-01-01"),
        ])
        #expect(run.status == 0)
        #expect(run.lines.count == 3, "a notification gets no reply: \(run.lines)")
        #expect(run.lines[0] == #"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"kma-forecast","title":"KMA forecast (기상청 단기·중기예보)","version":"\#(testVersion)"},"instructions":\#(JSONText.string(MCPServer.instructions))}}"#)
        #expect(run.lines[1] == #"{"jsonrpc":"2.0","id":"p","result":{}}"#)
        #expect(run.replies[2]["result"]?["protocolVersion"] == .string("2025-11-25"))
        #expect(!run.stderr.isEmpty && !run.lines.joined().contains("kma-forecast mcp:"), "logs on standard error only")
    }

    @Test("The errors: -32700 for a line that is not JSON, -32600 for a message that is not a request, -32601, -32602")
    func errors() async throws {
        let run = await runMCP([
            "not json",
            #"{"jsonrpc":"2.0","id":1,"method":"ping""#,
            #"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#,
            #"{"id":2,"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":3}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"resources/list"}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/list","params":[1]}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"no_such_tool"}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{}}"#,
            #"{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}"#,
            #"{"jsonrpc":"2.0","id":8,"result":{}}"#,
            "",
            #"{"jsonrpc":"2.0","id":9,"method":"ping"}"#,
        ])
        let expected = [
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the line is not JSON (unexpected character at byte 0); send one JSON-RPC message per line, UTF-8"}}"#,
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the line is not JSON (unexpected end of the text at byte 39); send one JSON-RPC message per line, UTF-8"}}"#,
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a batch (an array): batches are not supported since 2025-06-18; send one message per line"}}"#,
            #"{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"Invalid Request: \"jsonrpc\" must be \"2.0\""}}"#,
            #"{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request: no \"method\""}}"#,
            #"{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"Method not found: resources/list"}}"#,
            #"{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"Invalid params: \"params\" must be an object"}}"#,
            #"{"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"Invalid params: unknown tool 'no_such_tool'; the tools are kma_forecast, kma_forecast_many, kma_grid, kma_base_times, kma_place_search, kma_field_values, kma_warnings, kma_place_codes"}}"#,
            #"{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"Invalid params: tools/call needs \"name\", one of kma_forecast, kma_forecast_many, kma_grid, kma_base_times, kma_place_search, kma_field_values, kma_warnings, kma_place_codes"}}"#,
            #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: \"id\" must be a string or a number"}}"#,
            #"{"jsonrpc":"2.0","id":9,"result":{}}"#,
        ]
        #expect(run.lines == expected)
        #expect(run.status == 0)
    }

    @Test("2026-07-28: server/discover, resultType on every result, ttlMs and cacheScope on tools/list, the _meta checks (-32602, -32022)")
    func modern() async throws {
        let run = await runMCP([
            #"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{\#(Self.modernMeta)}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{\#(Self.modernMeta)}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"server/discover","params":{}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}"#,
            MCPRequest.call(id: 6, "kma_grid", #"{"nx":60,"ny":127}"#, modern: true),
            #"{"jsonrpc":"2.0","id":7,"method":"ping","params":{\#(Self.modernMeta)}}"#,
        ])
        try #require(run.lines.count == 7, "\(run.lines)")
        #expect(run.lines[0] == #"{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"ttlMs":3600000,"cacheScope":"public","instructions":\#(JSONText.string(MCPServer.instructions)),"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"kma-forecast","title":"KMA forecast (기상청 단기·중기예보)","version":"\#(testVersion)"}}}}"#)
        let list = try #require(run.replies[1]["result"])
        #expect(list["resultType"] == .string("complete") && list["ttlMs"] == .number(3_600_000) && list["cacheScope"] == .string("public"))
        #expect(run.lines[2] == #"{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"Invalid params: server/discover needs _meta[\"io.modelcontextprotocol/protocolVersion\"] and _meta[\"io.modelcontextprotocol/clientCapabilities\"] (protocol version 2026-07-28)"}}"#)
        #expect(run.lines[3] == #"{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params: _meta[\"io.modelcontextprotocol/clientCapabilities\"] (an object) is required with protocol version 2026-07-28"}}"#)
        #expect(run.replies[4]["error"]?["code"] == .number(-32022))
        #expect(run.replies[4]["error"]?["data"]?.text == #"{"supported":["2026-07-28"],"requested":"2099-01-01"}"#)
        // A call is answered when it is done: the ping after it may come first.
        let call = try #require(run.lines.first { $0.hasPrefix(#"{"jsonrpc":"2.0","id":6,"#) })
        #expect(call.hasPrefix(#"{"jsonrpc":"2.0","id":6,"result":{"resultType":"complete","content":[{"type":"text","text":"KMA grid cell nx 60, ny 127 has its centre at "#))
        #expect(run.lines.contains(#"{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete"}}"#))
    }

    @Test("tools/list: eight tools in a fixed order, each with a description, an object inputSchema closed to other keys, an outputSchema and read-only hints")
    func toolsList() async throws {
        let run = await runMCP([#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#, #"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{}}}"#])
        let tools = try #require(run.replies.first?["result"]?["tools"]?.arrayValue)
        #expect(tools.compactMap { $0["name"]?.stringValue } == ["kma_forecast", "kma_forecast_many", "kma_grid", "kma_base_times", "kma_place_search", "kma_field_values", "kma_warnings", "kma_place_codes"])
        for tool in tools {
            #expect((tool["description"]?.stringValue?.count ?? 0) > 150)
            #expect(tool["inputSchema"]?["type"] == .string("object") && tool["inputSchema"]?["additionalProperties"] == .bool(false))
            #expect(tool["outputSchema"]?["type"] == .string("object"))
            #expect(tool["annotations"]?["readOnlyHint"] == .bool(true))
        }
        // One contract: the forecast tool's outputSchema is the repository's schema of its structured result.
        let file = try Data(contentsOf: repositoryRoot.appendingPathComponent("Schemas/mcp-forecast.schema.json"))
        #expect(tools[0]["outputSchema"] == (try JSONValue.read(Array(file))))
        #expect(run.lines[1] == run.lines[0].replacingOccurrences(of: #""id":1"#, with: #""id":2"#))
    }

    @Test("The embedded forecast schema is Schemas/mcp-forecast.schema.json, byte for byte (a symbolic link, compiled in)")
    func embeddedSchema() throws {
        let file = try Data(contentsOf: repositoryRoot.appendingPathComponent("Schemas/mcp-forecast.schema.json"))
        #expect(PackageResources.mcp_forecast_schema_json == Array(file))
        #expect(!file.isEmpty)
    }

    @Test("An ambiguous place is an isError result listing the candidates; an unknown one the closest names; bad arguments say what to send")
    func placeErrors() async throws {
        let run = await runMCP([
            MCPRequest.call(id: 1, "kma_forecast", #"{"place":"중구"}"#),
            MCPRequest.call(id: 2, "kma_forecast", #"{"place":"해운데구"}"#),
            MCPRequest.call(id: 3, "kma_forecast", #"{"place":"서울","latitude":37.5}"#),
            MCPRequest.call(id: 4, "kma_forecast", #"{"place":"서울","when":"tomorrow"}"#),
            MCPRequest.call(id: 5, "kma_forecast", #"{"latitude":10,"longitude":10}"#),
            MCPRequest.call(id: 6, "kma_forecast", #"{"place":"부산","hours":0}"#),
        ])
        try #require(run.replies.count == 6, "\(run.lines)")
        let byID = Dictionary(uniqueKeysWithValues: run.replies.map { ($0["id"]?.text ?? "", $0["result"]) })
        func text(_ id: Int) -> String { byID["\(id)"]??["content"]?.arrayValue?.first?["text"]?.stringValue ?? "" }
        for id in 1...6 { #expect(byID["\(id)"]??["isError"] == .bool(true), "\(id): \(text(id))") }
        #expect(text(1).contains("give more of the name, e.g. '서울특별시 중구':\n  서울특별시 중구 (nx 60, ny 127)\n  부산광역시 중구"))
        #expect(text(2).contains("'부산광역시 해운대구'"))
        #expect(text(3).contains("give only one of"))
        #expect(text(4).contains("has no argument 'when'"))
        #expect(text(5).contains("outside the KMA forecast grid"))
        #expect(text(6).contains("'hours' must be a whole number from 1 to 120"))
    }

    @Test("No key: the recorded sample, marked as a sample in the structured result and the text, with the next step")
    func sample() async throws {
        let run = await runMCP([
            MCPRequest.call(id: 1, "kma_forecast", #"{"place":"수원시 권선구","hours":3}"#), MCPRequest.call(id: 2, "kma_forecast", #"{"place":"Busan","hours":3}"#),
        ])
        let result = try #require(run.replies.first { $0["id"] == .number(1) }?["result"])
        // Another place than the sample's is refused (never answered with the sample), with the next step.
        let refused = try #require(run.replies.first { $0["id"] == .number(2) }?["result"])
        let refusal = refused["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(refused["isError"] == .bool(true) && refusal.contains("Nothing is recorded for 부산광역시") && refusal.contains("set KMA_SERVICE_KEY"), "\(refusal)")
        #expect(result["isError"] == nil)
        #expect(result["structuredContent"]?["sample"]?.stringValue?.contains("not a live forecast") == true)
        let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(text.hasPrefix("SAMPLE, NOT LIVE"))
        #expect(text.contains("set KMA_SERVICE_KEY in the client's env for this server"))
        #expect(result["structuredContent"]?["hours"]?.arrayValue?.count == 3)
    }

    @Test("해운대 with the ten days over a stand-in gateway: a chance of rain in every hour, 11 days, times +09:00, nothing null, no key in the output")
    func haeundae() async throws {
        let server = try HaeundaeScenario.server()
        defer { server.stop() }
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_forecast", #"{"place":"해운대","days":11,"hours":48}"#)],
            environment: HaeundaeScenario.environment(server), now: HaeundaeScenario.now
        )
        let result = try #require(run.replies.first?["result"], "\(run.lines) \(run.stderr)")
        let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(result["isError"] == nil, "\(text)")
        let structured = try #require(result["structuredContent"])
        #expect(structured["place"] == .string("부산광역시 해운대구"))
        let hours = structured["hours"]?.arrayValue ?? []
        #expect(hours.count == 48)
        #expect(hours.allSatisfy { $0["rainChance"] != nil }, "a chance of rain in every hour")
        #expect(hours.allSatisfy { $0["time"]?.stringValue?.hasSuffix("+09:00") == true })
        let days = structured["days"]?.arrayValue ?? []
        #expect(days.count == 11, "\(days.map(\.text))")
        #expect(days.last?["source"] == .string("mid-term") && days.first?["source"] == .string("short-term"), "\(days.map(\.text))")
        #expect(structured["missing"] == nil, "\(structured["missing"]?.text ?? "")")
        #expect(!run.lines[0].contains("null"))
        #expect(!run.lines.joined().contains("TESTKEY") && !run.stderr.contains("TESTKEY"))
        #expect(text.contains("Today in KST is 2026-10-04 (Sun); tomorrow is 2026-10-05 (Mon)."))
        #expect(text.contains("Tomorrow, 2026-10-05 (Mon):"))
        #expect(text.contains("(mid-term forecast)"))
    }

    @Test("Many places: progress notifications for a progress token, then one result per place, an unknown place an error of its own")
    func manyPlaces() async throws {
        let server = try HaeundaeScenario.server()
        defer { server.stop() }
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_forecast_many", #"{"places":["해운대구","35.16,129.16","부산 해운대구","99,75?","해운대","Busan Haeundae"],"hours":3}"#, progressToken: "tok")],
            environment: HaeundaeScenario.environment(server), now: HaeundaeScenario.now
        )
        let progress = run.replies.filter { $0["method"] == .string("notifications/progress") }
        // The five places found (Busan Haeundae too, since English names reach districts) are two
        // steps of MCPTools.manyStep (4): 0 of 5, 4 of 5, then 5 of 5.
        #expect(progress.map { $0["params"]?["progress"]?.intValue ?? -1 } == [0, 4, 5], "\(run.lines.map { $0.prefix(300) })")
        #expect(progress.allSatisfy { $0["params"]?["progressToken"] == .string("tok") })
        let result = try #require(run.replies.last?["result"])
        let places = result["structuredContent"]?["places"]?.arrayValue ?? []
        #expect(places.count == 6)
        #expect(places.filter { $0["hours"]?.arrayValue?.count == 3 }.count == 5, "\(places.map { $0["error"]?.text ?? "ok" })")
        #expect(places[3]["error"] != nil && places[5]["error"] == nil)
        #expect(result["isError"] == nil)
    }

    @Test("notifications/cancelled stops a slow call and no reply is sent for it; the server keeps serving")
    func cancel() async throws {
        let server = try HaeundaeScenario.server()
        defer { server.stop() }
        server.setLatency(milliseconds: 2_000, for: "getVilageFcst")
        let run = await runMCP(
            [
                MCPRequest.call(id: 7, "kma_forecast_many", #"{"places":["해운대구","부산 중구","서울 종로구","제주시"]}"#),
                #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"the user changed their mind"}}"#,
                #"{"jsonrpc":"2.0","id":8,"method":"ping"}"#,
            ],
            environment: HaeundaeScenario.environment(server), now: HaeundaeScenario.now
        )
        #expect(run.lines == [#"{"jsonrpc":"2.0","id":8,"result":{}}"#])
        #expect(run.stderr.contains("cancelled request 7: the user changed their mind"))
    }

    @Test("Hostile input: an over-long line, invalid UTF-8, deep nesting are answered -32700 and the next request is served")
    func hostile() async throws {
        let long = #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":""# + String(repeating: "a", count: MCPLineReader.maximumLineLength) + #""}}"#
        var input = Array((long + "\n").utf8)
        input += Array(#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":""#.utf8) + [0xFF, 0xFE] + Array("\"}}\n".utf8)
        input += Array((String(repeating: "[", count: 10_000) + "\n").utf8)
        input += Array(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#.utf8)  // no newline before the end
        let lines = await serveMCP(input).output.split(separator: "\n").map(String.init)
        try #require(lines.count == 4, "\(lines.map { $0.prefix(200) })")
        #expect(lines[0].contains(#""code":-32700"#) && lines[0].contains("longer than 4 MB"))
        #expect(lines[1].contains(#""code":-32700"#) && lines[1].contains("not valid UTF-8"))
        #expect(lines[2].contains(#""code":-32700"#) && lines[2].contains("nested deeper than 64"))
        #expect(lines[3] == #"{"jsonrpc":"2.0","id":3,"result":{}}"#)
    }

    @Test("The other tools: grid both ways and for a place, base times in KST, place search in Hangul and English, a field without a key")
    func otherTools() async throws {
        let run = await runMCP([
            MCPRequest.call(id: 1, "kma_grid", #"{"latitude":37.5665,"longitude":126.978}"#),
            MCPRequest.call(id: 2, "kma_grid", #"{"place":"Busan"}"#),
            MCPRequest.call(id: 3, "kma_base_times", #"{"at":"2026-11-21T02:09:59+09:00"}"#),
            MCPRequest.call(id: 4, "kma_place_search", #"{"query":"중구","limit":3}"#),
            MCPRequest.call(id: 5, "kma_place_search", #"{"query":"Suwon-si"}"#),
            MCPRequest.call(id: 6, "kma_field_values", #"{"variable":"TMP","points":["서울","35.16,129.16"]}"#),
            MCPRequest.call(id: 7, "kma_base_times", #"{}"#),
        ])
        let byID = Dictionary(uniqueKeysWithValues: run.replies.map { ($0["id"]?.text ?? "", $0["result"]) })
        #expect(byID["1"]??["structuredContent"]?.text.hasPrefix(#"{"nx":60,"ny":127,"#) == true)
        #expect(byID["2"]??["structuredContent"]?["placeName"] == .string("부산광역시"))
        let products = byID["3"]??["structuredContent"]?["products"]?.arrayValue ?? []
        #expect(products.map { $0["baseTime"]?.stringValue ?? "" } == ["0100", "0130", "2300"])
        #expect(byID["3"]??["structuredContent"]?["at"] == .string("2026-11-21T02:09:59+09:00"))
        #expect((byID["4"]??["structuredContent"]?["total"]?.intValue ?? 0) >= 6)
        #expect(byID["4"]??["structuredContent"]?["places"]?.arrayValue?.count == 3)
        #expect(byID["5"]??["structuredContent"]?["places"]?.arrayValue?.first?["name"]?.stringValue?.hasPrefix("경기도 수원시") == true)
        #expect(byID["6"]??["isError"] == .bool(true))
        #expect(byID["6"]??["content"]?.arrayValue?.first?["text"]?.stringValue?.contains("set KMA_SERVICE_KEY in the client's env for this server") == true)
        // Now is the injected clock (2026-11-21T02:30+09:00), in KST.
        #expect(byID["7"]??["structuredContent"]?["at"] == .string("2026-11-21T02:30:00+09:00"))
    }
}

@Suite("kma_field_values against a stand-in API Hub")
struct MCPFieldToolTests {
    @Test("With an API Hub key: the run, the valid hour and each point's value at the cell our conversion names; a point off the grid named as such")
    func values() async throws {
        let server = try FieldScenario.server()
        defer { server.stop() }
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_field_values", #"{"variable":"TMP","points":["부산광역시","35.1770194,129.0769528","10,10"]}"#)],
            environment: ["KMA_SERVICE_KEY": FieldScenario.key, "KMA_FIELD_BASE_URL": server.apiHubFieldBaseURL], now: FieldScenario.now
        )
        let result = try #require(run.replies.first?["result"])
        #expect(result["isError"] != .bool(true), "\(run.lines)")
        let structured = try #require(result["structuredContent"])
        #expect(structured["run"] == .string("2026-11-21T05:00:00+09:00") && structured["valid"] == .string("2026-11-21T06:00:00+09:00"))
        let points = try #require(structured["points"]?.arrayValue)
        #expect(points.count == 3)
        let hundredths = try #require(FieldScenario.built.hundredths[BuiltGridField.index(nx: 98, ny: 76)])
        for point in points.prefix(2) {
            #expect(point["nx"]?.intValue == 98 && point["ny"]?.intValue == 76, "\(point)")
            #expect(point["value"]?.text == JSONText.number(Double(hundredths) / 100), "\(point)")
        }
        #expect(points[2]["value"] == nil && points[2]["error"]?.stringValue?.contains("outside the KMA forecast grid") == true)
        #expect(!run.lines.joined().contains(FieldScenario.key) && !run.lines.joined().contains("TESTKEY"))
        #expect(server.requests.count == 1)
    }
}
