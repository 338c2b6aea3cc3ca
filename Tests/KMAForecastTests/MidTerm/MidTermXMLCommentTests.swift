import Testing
@testable import KMAForecast

/// Issue 31, item 8: an XML mid-term answer whose item follows a 1 MiB comment was reported
/// as "no data" (only the first MiB was read). Comments of any length are now skipped; an item
/// inside a comment is not an item; a comment never closed is an answer cut short, never
/// "no data".
@Suite("Mid-term XML: comments of any length are skipped, never read as no data")
struct MidTermXMLCommentTests {
    static let morning = MidTermIssue(tmFc: "202610040600")!

    static func answer(before item: String, inside: String = "") -> [UInt8] {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><response><header><resultCode>00</resultCode><resultMsg>NORMAL_SERVICE</resultMsg></header><body><items>"
        let body = "<item><regId>11B00000</regId>\(inside)<rnSt4Am>10</rnSt4Am><wf4Am>맑음</wf4Am></item></items></body></response>"
        return Array((head + item + body).utf8)
    }

    @Test("An item after a comment of 1 MiB, 3 MiB, or many comments is read", arguments: [1 << 20, 3 << 20, 100])
    func longComment(size: Int) throws {
        let comment = size == 100
            ? String(repeating: "<!-- <item><wf4Am>흐림</wf4Am></item> -->", count: 30_000)
            : "<!--" + String(repeating: "x", count: size) + "-->"
        let forecast = try MidTermDecoder.landForecast(Self.answer(before: comment), issue: Self.morning)
        #expect(forecast.day(4)?.morning?.weather?.text == "맑음")
        #expect(forecast.day(4)?.morning?.probabilityOfPrecipitation == 10)
    }

    @Test("A comment inside the item is skipped; one never closed is an answer cut short, not no data")
    func insideAndUnclosed() throws {
        let inside = try MidTermDecoder.landForecast(Self.answer(before: "", inside: "<!-- <wf4Am>흐림</wf4Am> -->"), issue: Self.morning)
        #expect(inside.day(4)?.morning?.weather?.text == "맑음")
        let unclosed = Array("<response><header><resultCode>00</resultCode></header><body><items><!-- \(String(repeating: "y", count: 1 << 20))".utf8)
        let error = try #require(throws: ForecastResponseError.self) { try MidTermDecoder.landForecast(unclosed, issue: Self.morning) }
        if case .emptyRun = error { Issue.record("an unreadable answer reported as no data") }
        if case .truncated = error {} else { Issue.record("expected an answer cut short, got \(error)") }
    }
}
