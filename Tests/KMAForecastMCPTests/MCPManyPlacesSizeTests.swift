import Foundation
import KMAForecast
import Testing
import _KMASystem
import _KMATestSupport
@testable import KMAForecastMCP

/// Issue 30: `kma_forecast_many` kept short. 50 places × 1 hour was 48,737 characters of text
/// and 196,713 in the result (each place repeating the same preamble and a 4-day block).
@Suite("kma_forecast_many: compact text and structured content")
struct MCPManyPlacesSizeTests {
    /// 50 districts with distinct names (Seoul's 25, Busan's 16, nine others).
    static let fifty: [String] = {
        let seoul = ["종로구", "중구", "용산구", "성동구", "광진구", "동대문구", "중랑구", "성북구", "강북구", "도봉구", "노원구", "은평구", "서대문구",
                     "마포구", "양천구", "강서구", "구로구", "금천구", "영등포구", "동작구", "관악구", "서초구", "강남구", "송파구", "강동구"].map { "서울특별시 " + $0 }
        let busan = ["중구", "서구", "동구", "영도구", "부산진구", "동래구", "남구", "북구", "해운대구", "사하구", "금정구", "강서구", "연제구", "수영구",
                     "사상구", "기장군"].map { "부산광역시 " + $0 }
        let others = ["대구광역시 중구", "인천광역시 중구", "광주광역시 동구", "대전광역시 중구", "울산광역시 남구", "세종특별자치시",
                      "제주특별자치도 제주시", "제주특별자치도 서귀포시", "경상남도 창원시성산구"]
        return seoul + busan + others
    }()

    /// The result of one call over the stand-in gateway serving every cell: the text and the
    /// whole result's JSON.
    static func call(places: [String], hours: Int) async throws -> (result: JSONValue, text: String, json: String) {
        let server = try HaeundaeScenario.server(everyCell: true)
        defer { server.stop() }
        let list = "[" + places.map { JSONText.string($0) }.joined(separator: ",") + "]"
        let reply = try #require(await Self.answer(
            MCPRequest.call(id: 1, "kma_forecast_many", #"{"places":\#(list),"hours":\#(hours)}"#),
            environment: HaeundaeScenario.environment(server), now: HaeundaeScenario.now
        ))
        let result = try #require(reply["result"], "\(reply.text.prefix(300))")
        let text = result["content"]?.arrayValue?.first?["text"]?.stringValue ?? ""
        return (result, text, result.text)
    }

    @Test("An ambiguous place's error in the structured result is one line of the candidates, never a literal \\u{A}")
    func ambiguousPlaceError() async throws {
        let (result, _, json) = try await Self.call(places: ["중구", "부산광역시 해운대구"], hours: 1)
        let places = try #require(result["structuredContent"]?["places"]?.arrayValue)
        let error = try #require(places.first?["error"]?.stringValue)
        #expect(error.contains("서울특별시 중구 (nx 60, ny 127); 부산광역시 중구"), "\(error)")
        #expect(!error.contains("\\u{A}") && !error.contains("\n") && !json.contains(#"\\u{A}"#), "\(error)")
    }

    @Test("50 places × 1 hour and 10 places × 6 hours: at most 400 characters of text per place-hour")
    func sizes() async throws {
        for (count, hours) in [(50, 1), (10, 6)] {
            let (result, text, json) = try await Self.call(places: Array(Self.fifty.prefix(count)), hours: hours)
            print("kma_forecast_many \(count) places × \(hours) hours: text \(text.count) characters, result \(json.count) characters, structured \(result["structuredContent"]?.text.count ?? 0)")
            let places = result["structuredContent"]?["places"]?.arrayValue ?? []
            #expect(places.count == count)
            #expect(places.allSatisfy { $0["error"] == nil }, "\(places.compactMap { $0["error"]?.stringValue }.prefix(3))")
            #expect(text.count <= 400 * count * hours, "text \(text.count) characters for \(count) places × \(hours) hours")
            // The structured content holds the text's values, no more: the whole result stays
            // within 1,000 characters a place-hour (it was 3,858 for 50 places × 1 hour).
            #expect(json.count <= 1_000 * count * hours, "result \(json.count) characters for \(count) places × \(hours) hours")
            // Said once, not per place.
            #expect(text.components(separatedBy: "Today in KST is").count == 2)
            #expect(places.allSatisfy { $0["hours"]?.arrayValue?.count == hours && ($0["days"]?.arrayValue?.count ?? 0) >= 3 }, "\(places.first?.text ?? "")")
        }
    }

    /// The reply to one request, with standard input held open until it arrives (a long call
    /// is not cut short by the end of input).
    static func answer(_ request: String, environment: [String: String], now: Date) async -> JSONValue? {
        let pipe = Pipe()
        let reply = Locked<JSONValue?>(nil)
        let writer = pipe.fileHandleForWriting
        writer.write(Data((request + "\n").utf8))
        await MCPStdioServer.serve(
            input: .fileDescriptor(pipe.fileHandleForReading.fileDescriptor),
            output: .lines { line in
                guard let value = try? JSONValue.read(line), value["id"] != nil else { return }
                let first = reply.withLock { held -> Bool in
                    defer { held = held ?? value }
                    return held == nil
                }
                if first { try? writer.close() }
            },
            environment: environment, version: testVersion, now: { now }, retrySleep: { _ in }, log: { _ in }
        )
        return reply.withLock { $0 }
    }
}
