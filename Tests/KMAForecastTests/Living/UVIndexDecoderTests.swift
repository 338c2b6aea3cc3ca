import Testing
@testable import KMAForecast
import _KMATestSupport

@Suite("UV index answers (LivingWthrIdxServiceV5/getUVIdxV5)")
struct UVIndexDecoderTests {
    @Test("The recorded answer: each hN on the issue time + N hours, empty fields left out, the asked area's item")
    func recorded() throws {
        let body = try Fixtures.bytes("living/getUVIdxV5_2026092612_seoul_3areas.json")
        let gu = try UVIndexDecoder.decode(body, areaNo: "1111000000")
        #expect(gu.areaNo == "1111000000")
        #expect(gu.issuedAt == (try KSTDateTime(year: 2026, month: 9, day: 26, hour: 12)))
        #expect(gu.values.count == 20)
        #expect(gu.values.map(\.index) == [4, 3, 0, 0, 0, 0, 1, 5, 7, 3, 0, 0, 0, 0, 1, 5, 6, 3, 0, 0])
        #expect(gu.values[8].time == (try KSTDateTime(year: 2026, month: 9, day: 27, hour: 12)))
        #expect(gu.values.last?.time == (try KSTDateTime(year: 2026, month: 9, day: 28, hour: 21)))
        let dong = try UVIndexDecoder.decode(body, areaNo: "1111051500")
        #expect(dong.areaNo == "1111051500" && dong.values[8].index == 6)
        #expect(try UVIndexDecoder.decode(body).areaNo == "1100000000")
        #expect(UVIndexCategory(index: 7).englishName == "high" && UVIndexCategory(index: 7).koreanName == "높음")
        #expect([0, 2, 3, 5, 6, 7, 8, 10, 11, 15].map { UVIndexCategory(index: $0) } == [.low, .low, .moderate, .moderate, .high, .high, .veryHigh, .veryHigh, .extreme, .extreme])
    }

    @Test("Refusals and bad values are errors, never numbers")
    func errors() throws {
        let nodata = #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#
        #expect(throws: ForecastResponseError.self) { try UVIndexDecoder.decode(Array(nodata.utf8)) }
        let bad = #"{"response":{"header":{"resultCode":"00","resultMsg":"OK"},"body":{"items":{"item":[{"areaNo":"1100000000","date":"2026092612","h0":"x"}]}}}"#
        #expect(throws: ForecastResponseError.self) { try UVIndexDecoder.decode(Array(bad.utf8)) }
        let badDate = #"{"response":{"header":{"resultCode":"00","resultMsg":"OK"},"body":{"items":{"item":[{"areaNo":"1100000000","date":"20260926","h0":"1"}]}}}"#
        #expect(throws: ForecastResponseError.self) { try UVIndexDecoder.decode(Array(badDate.utf8)) }
        let gateway = try Fixtures.bytes("api/gateway_error_30_key_not_registered.xml")
        #expect(throws: ForecastResponseError.self) { try UVIndexDecoder.decode(gateway) }
    }
}
