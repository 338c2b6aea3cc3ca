import Testing
@testable import KMAForecast

/// `ResultCode.text(sent:)`: one rule for a header's code in every decoder (issue 10,
/// item 5). The short-term and file-version decoders each had a copy (`"0" + code` when the
/// one character `isNumber`, which also took `٣`); the mid-term decoder wrote a numeric 3 as
/// "3" (not NO_DATA's "03") and trapped on a huge number.
@Suite("ResultCode.text(sent:): one-digit codes are KMA's two-digit ones")
struct ResultCodeTextTests {
    @Test(arguments: [
        ("3", "03"), ("0", "00"), ("03", "03"), ("00", "00"), ("22", "22"), ("0000", "0000"),
        ("", ""), ("-3", "-3"), ("+3", "+3"), (" 3", " 3"), ("٣", "٣"), ("３", "３"), ("A", "A"),
    ])
    func text(sent: String, expected: String) {
        #expect(ResultCode.text(sent: sent) == expected)
    }

    @Test(arguments: [(3.0, "03"), (0.0, "00"), (22.0, "22"), (-3.0, "-3"), (3.5, "3.5"), (1e300, "1e+300")])
    func number(sent: Double, expected: String) {
        #expect(ResultCode.text(sent: sent) == expected)
    }

    /// Regression: the mid-term decoder read a numeric `3` as code "3", not NO_DATA.
    @Test func midTermNumericCode() throws {
        let body = Array(#"{"response":{"header":{"resultCode":3,"resultMsg":"NO_DATA"}}}"#.utf8)
        let issue = try #require(MidTermIssue(date: 20_261_004, hour: 6))
        let error = try #require(throws: ForecastResponseError.self) { try MidTermDecoder.temperatures(body, issue: issue) }
        #expect(error.resultCode == .noData)
    }

    /// Regression: a huge numeric code trapped converting to Int; now it is an unknown code.
    @Test func midTermHugeNumericCode() throws {
        let body = Array(#"{"response":{"header":{"resultCode":1e300,"resultMsg":"?"}}}"#.utf8)
        let issue = try #require(MidTermIssue(date: 20_261_004, hour: 6))
        let error = try #require(throws: ForecastResponseError.self) { try MidTermDecoder.temperatures(body, issue: issue) }
        #expect(error.resultCode?.rawValue == "1e+300")
    }

    @Test func shortTermNumericCode() {
        let body = #"{"response":{"header":{"resultCode":3,"resultMsg":"NO_DATA"}}}"#
        guard case .failure(let error) = decodePage(body) else {
            Issue.record("decoded")
            return
        }
        #expect(error.resultCode == .noData)
    }
}
