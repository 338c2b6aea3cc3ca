import Foundation
import Testing

/// Issue 35: `kma-forecast place QUERY`: every code of a place, offline.
@Suite("kma-forecast place")
struct PlaceCommandTests {
    @Test("A former name answers with its successor and says so; JSON carries every code")
    func formerName() async throws {
        let run = await runTool(["place", "광주광역시", "동구", "--format", "json"])
        #expect(run.status == 0 && run.stderr.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "전남광주통합특별시 동구")
        #expect(object["regionCode"] as? String == "1221000000" && object["areaNo"] as? String == "2911000000")
        #expect((object["replaced"] as? [String: Any])?["name"] as? String == "광주광역시 동구")
        #expect(((object["midTerm"] as? [String: Any])?["land"] as? [String: Any])?["id"] as? String == "11F20000")
        #expect((object["warningZone"] as? [String: Any])?["id"] as? String != nil)
        #expect(object["nx"] as? Int == 60 && object["ny"] as? Int == 74)
    }

    @Test("Text in English and Korean")
    func text() async {
        let english = await runTool(["place", "제주시", "--lang", "en"])
        #expect(english.status == 0)
        #expect(english.stdout.contains("L1091320 제주시북부"))
        #expect(english.stdout.contains("grid") && english.stdout.contains("nx 53, ny 38"))
        let korean = await runTool(["place", "인천 중구", "--lang", "ko"])
        #expect(korean.stdout.hasPrefix("인천광역시 제물포구"))
        #expect(korean.stdout.contains("옛 이름: 인천광역시 중구 (2811000000), 2026-07-01부터 이 지역"))
        #expect(korean.stdout.contains("특보구역"))
    }

    @Test("An ambiguous or unknown name is a usage error listing the candidates; no query is one too")
    func errors() async {
        let ambiguous = await runTool(["place", "중구"])
        #expect(ambiguous.status != 0 && ambiguous.stdout.isEmpty && ambiguous.stderr.contains("제물포구"))
        let none = await runTool(["place"])
        #expect(none.status != 0 && none.stdout.isEmpty)
        let csv = await runTool(["place", "제주시", "--format", "csv"])
        #expect(csv.status != 0 && csv.stdout.isEmpty)
    }
}
