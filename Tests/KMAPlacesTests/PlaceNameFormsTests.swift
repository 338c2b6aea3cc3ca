@testable import KMAPlaces
import Testing

@Suite("Alternative forms of a name")
struct PlaceNameFormsTests {
    func text(_ keys: [[UInt16]]) -> [String] { keys.map { String(decoding: $0, as: UTF16.self) } }

    @Test("Stems drop one unit suffix and keep at least two characters", arguments: [
        ("종로구", "종로"), ("서울특별시", "서울"), ("세종특별자치시", "세종"), ("강원특별자치도", "강원"),
        ("조치원읍", "조치원"), ("청운효자동", "청운효자"), ("경기도", "경기"), ("강화군", "강화"),
        ("중구", nil), ("서면", nil), ("이어도", "이어"),
    ] as [(String, String?)])
    func stem(_ name: String, _ expected: String?) {
        #expect(PlaceNameForms.stem(of: Array(name.utf16)).map { String(decoding: $0, as: UTF16.self) } == expected)
    }

    @Test("The group name of numbered dongs", arguments: [
        ("역삼1동", "역삼동"), ("상계10동", "상계동"), ("상계6.7동", "상계동"), ("방학제1동", "방학동"),
        ("성수1가제1동", "성수동"), ("종로5.6가동", "종로동"), ("잠실본동", "잠실동"), ("산본1동", "산본동"),
        ("심곡본1동", "심곡본동"), ("청운효자동", nil), ("본동", nil), ("1동", nil),
    ] as [(String, String?)])
    func groupName(_ name: String, _ expected: String?) {
        #expect(PlaceNameForms.groupName(of: PlaceNameFolding.key(name)).map { String(decoding: $0, as: UTF16.self) } == expected)
    }

    @Test("A group name is exact and its stem shortened, unless a sibling has that name")
    func groupForms() {
        let forms = PlaceNameForms(name: "송도1동", siblings: ["송도2동", "옥련1동"].map { Array($0.utf16) })
        #expect(text(forms.exact) == ["송도1동", "송도동"])
        #expect(text(forms.shortened) == ["송도1", "송도"])
        let beside = PlaceNameForms(name: "정자1동", siblings: ["정자동", "정자2동"].map { Array($0.utf16) })
        #expect(text(beside.exact) == ["정자1동"])
        #expect(text(beside.shortened) == ["정자1"])
    }

    @Test("A slash name answers to each part")
    func slash() {
        let forms = PlaceNameForms(name: "대정읍/마라도포함")
        #expect(text(forms.exact) == ["대정읍/마라도포함", "대정읍", "마라도"])
    }

    @Test("Province alternatives are exact forms")
    func provinces() {
        let forms = PlaceNameForms(name: "강원특별자치도", alternatives: ProvinceNames.alternatives["강원특별자치도"] ?? [])
        #expect(text(forms.exact) == ["강원특별자치도", "강원", "강원도"])
        #expect(text(forms.shortened) == [])   // 강원 is already exact
    }

    @Test("City and district names split; nothing else does")
    func cityAndDistrict() throws {
        let split = try #require(PlaceNameForms.cityAndDistrict("수원시영통구"))
        // The city's English name too (EnglishPlaceNames): exact with -si, shortened without.
        #expect(text(split.city.exact) == ["수원시", "suwonsi"])
        #expect(text(split.city.shortened) == ["수원", "suwon"])
        // The district's English name too (issue 35): exact with -gu, shortened without.
        #expect(text(split.district.exact) == ["영통구", "수원시영통구", "yeongtonggu"])
        #expect(text(split.district.shortened) == ["영통", "수원시영통", "yeongtong"])
        let small = try #require(PlaceNameForms.cityAndDistrict("포항시남구"))
        #expect(text(small.district.exact) == ["남구", "포항시남구", "namgu"])
        #expect(text(small.district.shortened) == ["포항시남"])
        let goyang = ["고양시덕양구", "고양시일산동구", "고양시일산서구", "수원시영통구", "일산구"].map { PlaceNameFolding.key($0) }
        let ilsan = try #require(PlaceNameForms.cityAndDistrict("고양시일산동구", siblings: goyang))
        #expect(text(ilsan.district.shortened) == ["일산동", "고양시일산동", "일산", "ilsandong"])
        let deogyang = try #require(PlaceNameForms.cityAndDistrict("고양시덕양구", siblings: goyang))
        #expect(text(deogyang.district.shortened) == ["덕양", "고양시덕양", "deogyang"])
        for name in ["종로구", "시흥시", "해운대구", "서귀포시", "중구"] {
            #expect(PlaceNameForms.cityAndDistrict(name) == nil, "\(name)")
        }
    }
}
