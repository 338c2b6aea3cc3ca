@testable import KMAForecastClient
import KMAGrid
import Testing

/// Issue 35: a location error's Korean comes from its case, never from matching its English:
/// no English sentence is left inside (the swapped-coordinates hint was), what was given is kept.
@Suite("LocationInputError: Korean by case")
struct LocationInputKoreanTests {
    /// The error `LocationParser` gives for `text`.
    static func error(_ text: String, forms: LocationParser.Forms = [.coordinates, .places]) -> LocationInputError? {
        do {
            _ = try LocationParser.location(text, accepting: forms)
            return nil
        } catch {
            return error
        }
    }

    /// Letters of the Latin alphabet outside what was given and the grid's names (nx, ny).
    static func english(_ korean: String, given: [String]) -> String {
        var rest = korean
        for text in given + ["nx", "ny", "Busan", "Gyeonggi-do", "Suwon-si", "ISO"] { rest = rest.replacingOccurrences(of: text, with: "") }
        return String(rest.filter { $0.isASCII && $0.isLetter })
    }

    @Test("Every case in Korean, with nothing of the English sentence inside", arguments: [
        ("", [String]()), ("north,126.9", ["north"]), ("37,56", ["37,56"]), ("37.56", ["37.56"]), ("37,56,126,97", ["37,56,126,97", "37.56,126.97"]),
        ("126.97,37.56", []), ("10.0,10.0", []), ("nx 200 ny 127", []), ("xyzzy", ["xyzzy"]), ("중구", []),
    ])
    func korean(_ text: String, _ given: [String]) throws {
        let error = try #require(Self.error(text, forms: .all))
        let korean = error.koreanDescription
        #expect(korean != error.description)
        #expect(korean.contains { $0 >= "가" && $0 <= "힣" }, "\(korean)")
        #expect(Self.english(korean, given: given).isEmpty, "\(text): \(korean)")
    }

    @Test("The swapped pair: the Korean hint names the pair as it should be written and its cell")
    func swapped() throws {
        let error = try #require(Self.error("126.97,37.56"))
        #expect(error.koreanDescription == "위도 126.97은(는) -90...90 (북위) 밖입니다. 위도와 경도가 바뀌었나요? 위도 37.56, 경도 126.97은(는) 격자 안에 있습니다 (nx 60, ny 127).")
    }

    @Test("A places table's row and the command line say the same Korean")
    func tableRow() throws {
        let error = try #require(Self.error("37,56"))
        #expect(PlacesTableRowError.location(error).koreanDescription == error.koreanDescription)
    }
}
