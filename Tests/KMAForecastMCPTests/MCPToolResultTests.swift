import Foundation
@testable import KMAForecastMCP
import KMAForecast
import Testing
import _KMATestSupport

/// Issue 31 items 4, 5 and 8 and issue 30's "Fields and agents": what the tools' results say.
@Suite("The tools' results: network text escaped, products named, times and arguments explained")
struct MCPToolResultTests {
    /// What no string of a result may hold raw: C0 controls, DEL, C1 controls (U+009B
    /// included), and the bidirectional overrides and isolates. Written here independently of
    /// the package's rule. A line feed is allowed only in a text block (its lines).
    static func isForbidden(_ scalar: Unicode.Scalar, inText: Bool) -> Bool {
        let value = scalar.value
        if value == 0x0A { return !inText }
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Every raw control or bidi character in every string (and member name) of `value`, with
    /// where it is.
    static func forbidden(in value: JSONValue, path: String = "$") -> [String] {
        switch value {
        case .string(let text):
            let inText = path.hasSuffix(".text") && path.contains(".content[")
            return text.unicodeScalars.filter { isForbidden($0, inText: inText) }.map { "\(path): U+\(String($0.value, radix: 16, uppercase: true))" }
        case .array(let items):
            return items.enumerated().flatMap { forbidden(in: $0.element, path: "\(path)[\($0.offset)]") }
        case .object(let members):
            return members.flatMap { name, member in
                name.unicodeScalars.filter { isForbidden($0, inText: false) }.map { "\(path) name: U+\(String($0.value, radix: 16))" }
                    + forbidden(in: member, path: "\(path).\(name)")
            }
        case .null, .bool, .number:
            return []
        }
    }

    /// KMA's error text with a screen clear, a bell, a C1 CSI, a bidi override and a line
    /// that poses as an error of its own (JSON escapes, so the body is valid JSON).
    static let hostileMessage = #"BAD REQUEST\u001b[2J\u0007\u009b31m\u202egnp.exe\u2066\nError: your disk is full\r"#
    static let hostileBody = #"{"response":{"header":{"resultCode":"10","resultMsg":"\#(hostileMessage)"}}}"#

    @Test("KMA's resultMsg with ESC, BEL, U+009B, U+202E and a line feed reaches no result raw: kma_forecast's text and structured failures, kma_forecast_many's errors")
    func hostileResultMessage() async throws {
        let server = try HaeundaeScenario.server()
        defer { server.stop() }
        // The nowcast and the ultra-short forecast refused with the text; the short-term run delivered.
        for operation in [ForecastProduct.nowcast.operation, ForecastProduct.ultraShort.operation] {
            server.inject(.body(Self.hostileBody, contentType: "application/json;charset=UTF-8"), times: 1_000, when: ReplayMatch(operation: operation))
        }
        let run = await runMCP(
            [
                MCPRequest.call(id: 1, "kma_forecast", #"{"place":"해운대구","hours":3}"#),
                MCPRequest.call(id: 2, "kma_forecast_many", #"{"places":["해운대구","35.16,129.16"],"hours":2}"#),
            ],
            environment: HaeundaeScenario.environment(server), now: HaeundaeScenario.now
        )
        #expect(run.replies.count == 2, "\(run.lines.map { $0.prefix(300) })")
        for reply in run.replies {
            let result = try #require(reply["result"])
            #expect(Self.forbidden(in: reply).isEmpty, "\(Self.forbidden(in: reply).prefix(8))")
            let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
            // The message is there, escaped, and its line feed starts no line of its own.
            #expect(text.contains(#"BAD REQUEST\u{1B}[2J\u{7}\u{9B}31m\u{202E}gnp.exe\u{2066}\u{A}Error: your disk is full"#), "\(text)")
            #expect(!text.split(separator: "\n").contains { $0.hasPrefix("Error: your disk") })
        }
        // The structured results carry the text too (a failure's message, a place's missing product), escaped.
        // Replies come in the order the calls finish: each is found by its id.
        let forecastReply = run.replies.first { $0["id"]?.intValue == 1 }
        let manyReply = run.replies.first { $0["id"]?.intValue == 2 }
        let structured = try #require(forecastReply?["result"]?["structuredContent"])
        let failures = structured["missing"]?.arrayValue?.compactMap { $0["error"]?.stringValue } ?? []
        #expect(failures.count == 2 && failures.allSatisfy { $0.contains(#"\u{1B}[2J"#) }, "\(failures)")
        let places = manyReply?["result"]?["structuredContent"]?["places"]?.arrayValue ?? []
        let missing = places.flatMap { $0["missing"]?.arrayValue ?? [] }.compactMap { $0["error"]?.stringValue }
        #expect(places.count == 2 && missing.count == 2 && missing.allSatisfy { $0.contains(#"\u{9B}31m\u{202E}"#) }, "\(places.map(\.text))")
    }

    @Test("An API Hub error line with control and bidi characters reaches kma_field_values' result escaped")
    func hostileFieldLine() async throws {
        let server = try FieldScenario.server()
        defer { server.stop() }
        server.inject(.body("# input variable error \u{1B}]0;pwned\u{07} \u{202E}(-1) \u{9B}2J\n", contentType: "text/plain"), times: 100)
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_field_values", #"{"variable":"TMP","points":["부산광역시"]}"#)],
            environment: ["KMA_SERVICE_KEY": FieldScenario.key, "KMA_FIELD_BASE_URL": server.apiHubFieldBaseURL], now: FieldScenario.now
        )
        let reply = try #require(run.replies.first)
        #expect(reply["result"]?["isError"] == .bool(true), "\(run.lines)")
        #expect(Self.forbidden(in: reply).isEmpty, "\(Self.forbidden(in: reply))")
        let text = reply["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(text.contains("input variable error") && text.contains(#"\u{202E}(-1)"#), "\(text)")
    }

    @Test("The last gate: a control or bidi character in any string of a result, structured values and member names included, is escaped")
    func gate() {
        let outcome = MCPTools.Outcome(
            text: "line one\u{1B}[31m\nline two \u{202E}\u{07}",
            structured: .object([
                ("value\u{9B}", .string("맑음\u{1B}]0;title\u{07}")),
                ("list", .array([.object([("deep", .string("\u{2067}x\u{2069}\r\n"))]), .number("1.5"), .bool(true), .null])),
            ]),
            isError: false
        ).printable
        #expect(Self.forbidden(in: outcome.json).isEmpty, "\(Self.forbidden(in: outcome.json))")
        #expect(outcome.text == #"line one\u{1B}[31m"# + "\n" + #"line two \u{202E}\u{7}"#)
        #expect(outcome.structured?["value\\u{9B}"] == .string(#"맑음\u{1B}]0;title\u{7}"#))
        #expect(outcome.structured?["list"]?.arrayValue?.first?["deep"] == .string(#"\u{2067}x\u{2069}\u{D}\u{A}"#))
        #expect(outcome.structured?["list"]?.arrayValue?.dropFirst().map(\.text) == ["1.5", "true", "null"])
    }

    @Test("Nowcast and ultra-short forecast failing (HTTP 500), the short-term run delivered: the text names each missing product")
    func missingProductsNamed() async throws {
        let server = try HaeundaeScenario.server()
        defer { server.stop() }
        for operation in [ForecastProduct.nowcast.operation, ForecastProduct.ultraShort.operation] {
            server.inject(.status(500), times: 1_000, when: ReplayMatch(operation: operation))
        }
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_forecast", #"{"place":"해운대구","hours":3}"#)],
            environment: HaeundaeScenario.environment(server), now: HaeundaeScenario.now
        )
        let result = try #require(run.replies.first?["result"])
        let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(result["isError"] == nil, "\(text)")
        let missing = text.split(separator: "\n").filter { $0.hasPrefix("Missing") }
        #expect(missing.count == 2, "\(missing)")
        #expect(missing.contains { $0.hasPrefix("Missing: nowcast (current observation) (초단기실황): KMA's server answered HTTP 500") }, "\(missing)")
        #expect(missing.contains { $0.hasPrefix("Missing: ultra-short forecast (초단기예보): KMA's server answered HTTP 500") }, "\(missing)")
        #expect(!text.contains("Missing: short-term"))
    }

    @Test("kma_base_times takes every instant of the years 1000 to 9999 in KST, as its error says, and refuses the others with the range")
    func baseTimesYears() async throws {
        let inside = ["9999-12-31", "9999-12-31T23:59:59+09:00", "1000-01-01T00:00:00+09:00", "1000-01-01"]
        let outside = ["0999-12-31T23:59:59+09:00", "9999-12-31T23:59:59Z", "0999-12-31T14:59:59Z"]
        let run = await runMCP((inside + outside).enumerated().map { MCPRequest.call(id: $0.offset, "kma_base_times", #"{"at":"\#($0.element)"}"#) })
        let byID = Dictionary(uniqueKeysWithValues: run.replies.map { ($0["id"]?.intValue ?? -1, $0["result"] ?? .null) })
        for (index, at) in inside.enumerated() {
            let result = byID[index] ?? .null
            #expect(result["isError"] == nil && result["structuredContent"]?["products"]?.arrayValue?.count == 3, "\(at): \(result.text.prefix(400))")
        }
        for (offset, at) in outside.enumerated() {
            let result = byID[inside.count + offset] ?? .null
            let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
            #expect(result["isError"] == .bool(true) && text.contains("from 1000-01-01T00:00:00+09:00 to 9999-12-31T23:59:59+09:00"), "\(at): \(text)")
        }
    }

    @Test("A time that cannot be read says what is wrong with it and the accepted form (kma_base_times' at, kma_field_values' valid)")
    func unreadableTimes() async throws {
        let run = await runMCP([
            MCPRequest.call(id: 1, "kma_base_times", #"{"at":"2026-13-01T10:00"}"#),
            MCPRequest.call(id: 2, "kma_base_times", #"{"at":"tomorrow"}"#),
            MCPRequest.call(id: 3, "kma_field_values", #"{"variable":"TMP","valid":"2026-11-21 25:00","points":["서울"]}"#),
        ])
        let texts = Dictionary(uniqueKeysWithValues: run.replies.map { ($0["id"]?.intValue ?? -1, $0["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? "") })
        #expect(texts[1]?.contains("'at': '2026-13-01T10:00' is not a time: its month 13 is outside 1...12. Give an ISO 8601 instant such as") == true, "\(texts[1] ?? "")")
        #expect(texts[2]?.contains("'at': 'tomorrow' is not in an accepted form. Give an ISO 8601 instant such as 2026-11-21T14:50:00+09:00") == true, "\(texts[2] ?? "")")
        #expect(texts[3]?.contains("'valid': '2026-11-21 25:00' is not a time: its hour 25 is outside 0...23. Give an ISO 8601 instant such as 2026-11-21T15:00+09:00") == true, "\(texts[3] ?? "")")
        #expect(texts.values.allSatisfy { !$0.contains("KMA_SERVICE_KEY") && !$0.contains("API Hub key") })
    }

    @Test("A valid hour the run does not have is answered with the run's hours and the accepted form, not with a key hint")
    func validOutsideTheRun() async throws {
        let server = try FieldScenario.server()
        defer { server.stop() }
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_field_values", #"{"variable":"TMP","valid":"2030-01-01T00:00+09:00","points":["서울"]}"#)],
            environment: ["KMA_SERVICE_KEY": FieldScenario.key, "KMA_FIELD_BASE_URL": server.apiHubFieldBaseURL], now: FieldScenario.now
        )
        let result = try #require(run.replies.first?["result"])
        let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(result["isError"] == .bool(true))
        #expect(text.hasPrefix("'valid' (2030-01-01T00:00+09:00): 2030-01-01T00:00:00+09:00 is not a valid time of the short-term run"), "\(text)")
        #expect(text.contains("Give 'valid' as an ISO 8601 hour of the run, e.g. 2026-11-21T15:00+09:00, or leave it out"), "\(text)")
        #expect(!text.contains("key"), "\(text)")
        #expect(server.requests.isEmpty)
    }

    @Test("kma_field_values states the unit: °C for TMP in the text and the structured result")
    func fieldUnit() async throws {
        let server = try FieldScenario.server()
        defer { server.stop() }
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_field_values", #"{"variable":"TMP","points":["부산광역시"]}"#)],
            environment: ["KMA_SERVICE_KEY": FieldScenario.key, "KMA_FIELD_BASE_URL": server.apiHubFieldBaseURL], now: FieldScenario.now
        )
        let result = try #require(run.replies.first?["result"])
        let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(result["structuredContent"]?["unit"] == .string("°C"), "\(result.text.prefix(500))")
        #expect(text.hasPrefix("TMP (temperature, °C) of the short-term run"), "\(text)")
        let value = try #require(result["structuredContent"]?["points"]?.arrayValue?.first?["value"]?.text)
        #expect(text.contains(": \(value) °C"), "\(text)")
    }

    @Test("The units of every grid variable: codes with their meanings (PTY's by product), degrees, °C, %, mm, m/s")
    func fieldUnits() {
        #expect(MCPFieldUnit(.sky, product: .shortTerm).words == "a code: 1 clear, 3 mostly cloudy, 4 overcast")
        #expect(MCPFieldUnit(.pty, product: .shortTerm).words == "a code: 0 none, 1 rain, 2 rain and snow, 3 snow, 4 shower")
        #expect(MCPFieldUnit(.pty, product: .nowcast).codes.map(\.code) == [0, 1, 2, 3, 5, 6, 7])
        #expect(MCPFieldUnit(.pty, product: .ultraShort).text(5) == "5 (drizzle)")
        #expect(MCPFieldUnit(.vec, product: .shortTerm).text(270) == "270°")
        for product in ForecastProduct.allCases {
            for variable in product.gridVariables {
                let unit = MCPFieldUnit(variable, product: product)
                #expect(unit.unit != "as KMA gives it", "\(variable.code) of \(product.rawValue)")
            }
        }
        #expect(MCPFieldUnit(.tmp, product: .shortTerm).text(12.5) == "12.5 °C")
        #expect(MCPFieldUnit(.pop, product: .shortTerm).text(30) == "30%")
        #expect(MCPFieldUnit(.pcp, product: .shortTerm).unit == "mm" && MCPFieldUnit(.wsd, product: .shortTerm).unit == "m/s")
    }

    @Test("kma_forecast_many names 'places' when it is missing, not an array, empty, too long or holds a bad or unknown place")
    func manyNamesPlaces() async throws {
        let tooMany = "[" + Array(repeating: #""서울""#, count: 51).joined(separator: ",") + "]"
        let run = await runMCP([
            MCPRequest.call(id: 1, "kma_forecast_many", #"{}"#),
            MCPRequest.call(id: 2, "kma_forecast_many", #"{"places":"서울"}"#),
            MCPRequest.call(id: 3, "kma_forecast_many", #"{"places":[]}"#),
            MCPRequest.call(id: 4, "kma_forecast_many", #"{"places":\#(tooMany)}"#),
            MCPRequest.call(id: 5, "kma_forecast_many", #"{"places":["서울",7]}"#),
        ])
        let texts = Dictionary(uniqueKeysWithValues: run.replies.map { ($0["id"]?.intValue ?? -1, $0["result"]?["content"]?.arrayValue?.first?["text"]?.stringValue ?? "") })
        #expect(texts[1]?.hasPrefix(#"'places' is missing: give an array of 1 to 50 place names or 'lat,lon' strings, e.g. {"places":["부산","37.57,126.98"]}"#) == true, "\(texts[1] ?? "")")
        #expect(texts[2]?.hasPrefix(#"'places' must be an array of 1 to 50 place names"#) == true && texts[2]?.contains(#"got "서울""#) == true, "\(texts[2] ?? "")")
        #expect(texts[3]?.hasPrefix("'places' is empty: give an array") == true, "\(texts[3] ?? "")")
        #expect(texts[4]?.hasPrefix("'places' holds 51 items, at most 50 a call") == true, "\(texts[4] ?? "")")
        #expect(texts[5]?.hasPrefix("'places'[1] must be a non-empty string (a place name or 'lat,lon'), got 7") == true, "\(texts[5] ?? "")")
    }

    @Test("kma_forecast_many: an unknown or ambiguous place is an error naming its index in 'places' and how to fix 'places'")
    func manyUnknownPlaces() async throws {
        let server = try HaeundaeScenario.server()
        defer { server.stop() }
        let run = await runMCP(
            [MCPRequest.call(id: 1, "kma_forecast_many", #"{"places":["해운데구","중구"],"hours":2}"#)],
            environment: HaeundaeScenario.environment(server), now: HaeundaeScenario.now
        )
        let result = try #require(run.replies.first?["result"])
        let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        #expect(result["isError"] == .bool(true))
        #expect(text.hasPrefix("None of the 2 'places' has a forecast"), "\(text)")
        #expect(text.contains("error (places[0]): No region in KMA's grid table matches '해운데구'"), "\(text)")
        #expect(text.contains("error (places[1]): '중구' matches") && text.contains("Call again with 'places' holding one of these full names instead"), "\(text)")
    }
}
