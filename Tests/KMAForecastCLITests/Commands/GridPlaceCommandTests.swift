import Foundation
import Testing

@Suite("kma-forecast grid --place")
struct GridPlaceCommandTests {
    @Test("A place's cell, in each format")
    func formats() async throws {
        let json = await runTool(["grid", "--place", "종로구", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stderr.isEmpty)
        #expect(json.stdout == "{\"nx\":60,\"ny\":127,\"place\":\"서울특별시 종로구\",\"regionCode\":\"1111000000\",\"lat\":37.5703777777777,\"lon\":126.981641666666,\"midTerm\":{\"land\":{\"id\":\"11B00000\",\"name\":\"서울·인천·경기\"},\"temperature\":{\"id\":\"11B10101\",\"name\":\"서울\"},\"approximate\":false}}\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["place"] as? String == "서울특별시 종로구")

        let text = await runTool(["grid", "--place", "서울 종로구 청운효자동"])
        #expect(text.status == 0)
        #expect(text.stdout == "nx 60, ny 127: 서울특별시 종로구 청운효자동 (region 1111051500, 37.5841°N, 126.9707°E)\nmid-term: land region 11B00000 서울·인천·경기, temperature point 11B10101 서울\n")

        let csv = await runTool(["grid", "--place", "부산", "--format", "csv"])
        #expect(csv.status == 0)
        #expect(csv.stdout == "place,region_code,lat,lon,nx,ny,land_region,land_region_name,temperature_point,temperature_point_name\n부산광역시,2600000000,35.1770194444444,129.076952777777,98,76,11H20000,부산·울산·경남,11H20201,부산\n")
    }

    @Test("The table's cell, not the formula's, and no position for 이어도")
    func ieodo() async throws {
        let json = await runTool(["grid", "--place=이어도", "--format", "json"])
        #expect(json.stdout == "{\"nx\":28,\"ny\":8,\"place\":\"이어도\",\"regionCode\":\"5019000000\",\"lat\":null,\"lon\":null,\"midTerm\":{\"land\":{\"id\":\"11G00000\",\"name\":\"제주\"},\"temperature\":{\"id\":\"11G00501\",\"name\":\"고산\"},\"approximate\":true}}\n")
        let text = await runTool(["grid", "--place", "이어도"])
        #expect(text.stdout == "nx 28, ny 8: 이어도 (region 5019000000, no position in the table)\nmid-term: land region 11G00000 제주 (nearest; the place has none of its own), temperature point 11G00501 고산\n")
        let csv = await runTool(["grid", "--place", "이어도", "--format", "csv"])
        #expect(csv.stdout == "place,region_code,lat,lon,nx,ny,land_region,land_region_name,temperature_point,temperature_point_name\n이어도,5019000000,,,28,8,11G00000,제주,11G00501,고산\n")
    }

    @Test("Spacing, short forms and decomposed Hangul", arguments: [
        "서울종로구", "서울 종로", "  서울  종로구 ", "\u{1109}\u{1165}\u{110B}\u{116E}\u{11AF} \u{110C}\u{1169}\u{11BC}\u{1105}\u{1169}\u{1100}\u{116E}",
    ])
    func forgiving(_ name: String) async {
        let result = await runTool(["grid", "--place", name, "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("\n서울특별시 종로구,1111000000,37.5703777777777,126.981641666666,60,127,11B00000,서울·인천·경기,11B10101,서울\n"))
    }

    /// Issue 22: `--place Busan` / `Seoul` / `Jeju` were not found.
    @Test("Official English names of provinces and cities", arguments: [
        ("Busan", "부산광역시,2600000000,"), ("SEOUL", "서울특별시,1100000000,"), ("Jeju", "제주특별자치도,"),
        ("Gwangju", "전남광주통합특별시,"), ("Gwangju-si", "경기도 광주시,"), ("gyeonggi-do uijeongbu", "경기도 의정부시,"),
    ])
    func english(_ name: String, _ row: String) async {
        let result = await runTool(["grid", "--place", name, "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").dropFirst().first?.hasPrefix(row) == true, "\(result.stdout)")
    }

    @Test("An ambiguous name lists the candidates with their cells on stderr; exit 64")
    func ambiguous() async {
        let result = await runTool(["grid", "--place", "중구"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == """
            Error: '중구' matches 6 regions; give more of the name, e.g. '서울특별시 중구':
              서울특별시 중구 (nx 60, ny 127)
              부산광역시 중구 (nx 97, ny 74)
              대구광역시 중구 (nx 89, ny 90)
              인천광역시 제물포구 (nx 54, ny 125)
              대전광역시 중구 (nx 68, ny 100)
              울산광역시 중구 (nx 102, ny 84)
            Usage: kma-forecast grid --lat <lat> --lon <lon> [--format <format>]
                   kma-forecast grid --nx <nx> --ny <ny> [--format <format>]
                   kma-forecast grid --place <name> [--format <format>]
                   kma-forecast grid --input <file> [--format <format>]
              See 'kma-forecast grid --help' for more information.

            """)
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let place: String
        let message: String
        var testDescription: String { "'\(place)'" }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(place: "종루구", message: "Error: No region in KMA's grid table matches '종루구'; did you mean '서울특별시 종로구'?\n"),
        ErrorCase(place: "해운데구", message: "Error: No region in KMA's grid table matches '해운데구'; did you mean '부산광역시 해운대구'?\n"),
        ErrorCase(place: "Tokyo", message: "Error: No region in KMA's grid table matches 'Tokyo'; give a Korean region name as KMA's table has it, e.g. '서울', '종로구' or '서울 종로구 청운효자동' (a province or city may also be given in English: 'Busan', 'Gyeonggi-do', 'Suwon-si')\n"),
        ErrorCase(place: "", message: "Error: No place name given; give a Korean region name such as '서울', '종로구' or '서울 종로구 청운효자동'\n"),
        ErrorCase(place: "광주시", message: "Error: '광주시' matches 2 regions; give more of the name, e.g. '전남광주통합특별시':\n  전남광주통합특별시 (nx 51, ny 67)\n  경기도 광주시 (nx 65, ny 123)\n"),
    ]

    @Test("Unknown and ambiguous names: Error: …, then the usage; exit 64", arguments: errorCases)
    func errors(_ c: ErrorCase) async {
        let result = await runTool(["grid", "--place", c.place])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(c.message + "Usage: kma-forecast grid"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("See 'kma-forecast grid --help' for more information.\n"))
    }

    @Test("--help documents --place and prints the data attribution")
    func help() async {
        let result = await runTool(["grid", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--place <name>"))
        #expect(result.stdout.contains("Place data: 출처: 기상청 단기예보 조회서비스 격자 위경도 자료"))
    }
}
