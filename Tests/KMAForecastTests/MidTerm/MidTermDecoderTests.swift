import Testing
@testable import KMAForecast
import _KMATestSupport

@Suite("Mid-term answers: getMidTa and getMidLandFcst bodies, JSON and XML, missing values, day numbers, errors")
struct MidTermDecoderTests {
    static let morning = MidTermIssue(tmFc: "202610040600")!
    static let evening = MidTermIssue(tmFc: "202610041800")!

    @Test("getMidTa of the 06 run (서울 11B10101): days 4–10 with their spreads, as JSON numbers")
    func temperaturesMorning() throws {
        let t = try MidTermDecoder.temperatures(Fixtures.bytes("midterm/getMidTa_11B10101_202610040600.json"), issue: Self.morning)
        #expect(t.regionID == "11B10101")
        #expect(t.days.map(\.day) == Array(4...10))
        #expect(t.day(4) == .init(day: 4, minimum: 10, maximum: 25, minimumLow: 1, minimumHigh: 1, maximumLow: 1, maximumHigh: 1))
        #expect(t.day(10) == .init(day: 10, minimum: 11, maximum: 21, minimumLow: 0, minimumHigh: 3, maximumLow: 0, maximumHigh: 3))
    }

    @Test("getMidTa of the 18 run: starts at day 5; no day 4")
    func temperaturesEvening() throws {
        let t = try MidTermDecoder.temperatures(Fixtures.bytes("midterm/getMidTa_11B10101_202610041800.json"), issue: Self.evening)
        #expect(t.days.map(\.day) == Array(5...10))
        #expect(t.day(4) == nil)
        #expect(t.day(5)?.minimum == 11)
    }

    @Test("getMidLandFcst of the 06 and 18 runs (11B00000): halves for 4–7, one value for 8–10")
    func land() throws {
        let m = try MidTermDecoder.landForecast(Fixtures.bytes("midterm/getMidLandFcst_11B00000_202610040600.json"), issue: Self.morning)
        #expect(m.regionID == "11B00000")
        #expect(m.days.map(\.day) == Array(4...10))
        let four = try #require(m.day(4))
        #expect(four.isHalfDaySplit && four.morning?.probabilityOfPrecipitation == 10 && four.morning?.weather?.text == "맑음")
        let eight = try #require(m.day(8))
        #expect(!eight.isHalfDaySplit && eight.morning == eight.afternoon)
        #expect(eight.morning?.weather?.sky == .mostlyCloudy && eight.morning?.probabilityOfPrecipitation == 20)
        let e = try MidTermDecoder.landForecast(Fixtures.bytes("midterm/getMidLandFcst_11B00000_202610041800.json"), issue: Self.evening)
        #expect(e.days.map(\.day) == Array(5...10))
        #expect(e.day(9)?.morning?.weather?.sky == .overcast && e.day(9)?.morning?.probabilityOfPrecipitation == 30)
    }

    /// Wraps a bare item of the old layout in a response envelope.
    static func envelope(_ item: String) -> [UInt8] {
        Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[\#(item)]},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#.utf8)
    }

    @Test("Day-3 keys of the pre-2024-11 layout are ignored; an 18 run's day-4 keys are not read")
    func legacyDayThree() throws {
        let ta = Self.envelope(try Fixtures.text("midterm/legacy_item_getMidTa_11B10101_with_day3.json"))
        let land = Self.envelope(try Fixtures.text("midterm/legacy_item_getMidLandFcst_11B00000_with_day3.json"))
        let t = try MidTermDecoder.temperatures(ta, issue: Self.morning)
        #expect(t.days.first?.day == 4 && t.day(4)?.minimum == 20)
        let l = try MidTermDecoder.landForecast(land, issue: Self.morning)
        #expect(l.days.first?.day == 4 && l.day(4)?.morning?.probabilityOfPrecipitation == 40)
        // The same items read as an 18 run: day 4 is there in the body, but never read.
        #expect(try MidTermDecoder.temperatures(ta, issue: Self.evening).days.first?.day == 5)
        #expect(try MidTermDecoder.landForecast(land, issue: Self.evening).days.first?.day == 5)
    }

    @Test("\"\", null and an absent key are the same: missing (never 0 % nor 맑음)", arguments: [
        (#""rnSt5Am":10,"#, #""rnSt5Am":"","#), (#""rnSt5Am":10,"#, #""rnSt5Am":null,"#), (#""rnSt5Am":10,"#, ""),
        (#""wf5Am":"맑음","#, #""wf5Am":"","#), (#""wf5Am":"맑음","#, #""wf5Am":null,"#), (#""wf5Am":"맑음","#, ""),
    ])
    func missingLand(original: String, replacement: String) throws {
        let body = try Fixtures.text("midterm/getMidLandFcst_11B00000_202610041800.json")
        #expect(body.contains(original))
        let changed = Array(body.replacingEvery(original, with: replacement).utf8)
        let half = try #require(try MidTermDecoder.landForecast(changed, issue: Self.evening).day(5)?.morning)
        if original.hasPrefix(#""rnSt"#) {
            #expect(half.probabilityOfPrecipitation == nil && half.weather?.text == "맑음")
        } else {
            #expect(half.weather == nil && half.probabilityOfPrecipitation == 10)
        }
    }

    @Test("\"\", null, absent and KMA's -999 filler in getMidTa are missing", arguments: [#""taMax6":"""#, #""taMax6":null"#, #""taMax6":-999"#, #""taMax6Zz":25"#])
    func missingTemperature(replacement: String) throws {
        let body = try Fixtures.text("midterm/getMidTa_11B10101_202610041800.json")
        let changed = Array(body.replacingEvery(#""taMax6":25"#, with: replacement).utf8)
        let day = try #require(try MidTermDecoder.temperatures(changed, issue: Self.evening).day(6))
        #expect(day.maximum == nil && day.minimum == 13)
    }

    @Test("A day with every key missing is no day")
    func wholeDayMissing() throws {
        var body = try Fixtures.text("midterm/getMidLandFcst_11B00000_202610041800.json")
        body = body.replacingEvery(#""rnSt10":20,"#, with: #""rnSt10":"","#).replacingEvery(#""wf10":"구름많음""#, with: #""wf10":null"#)
        let land = try MidTermDecoder.landForecast(Array(body.utf8), issue: Self.evening)
        #expect(land.day(10) == nil && land.day(9) != nil)
    }

    @Test("Numbers as text in JSON and in XML read the same as JSON numbers")
    func textNumbersAndXML() throws {
        let json = try Fixtures.text("midterm/getMidLandFcst_11B00000_202610040600.json")
        let expected = try MidTermDecoder.landForecast(Array(json.utf8), issue: Self.morning)
        var quoted = json
        for n in [10, 20] { quoted = quoted.replacingEvery(":\(n),", with: ":\"\(n)\",") }
        #expect(try MidTermDecoder.landForecast(Array(quoted.utf8), issue: Self.morning) == expected)

        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?><response><header><resultCode>00</resultCode><resultMsg>NORMAL_SERVICE</resultMsg></header><body><dataType>XML</dataType><items><item><regId>11B00000</regId>"
        for n in 4...7 {
            for half in ["Am", "Pm"] { xml += "<rnSt\(n)\(half)>10</rnSt\(n)\(half)>\n<wf\(n)\(half)>맑음</wf\(n)\(half)>" }
        }
        for n in 8...10 { xml += "<rnSt\(n)>20</rnSt\(n)><wf\(n)>구름많음</wf\(n)>" }
        xml += "<wf3Am>흐림</wf3Am><rnSt3Pm/></item></items><numOfRows>10</numOfRows><pageNo>1</pageNo><totalCount>1</totalCount></body></response>"
        #expect(try MidTermDecoder.landForecast(Array(xml.utf8), issue: Self.morning) == expected)
        let xmlTa = "<response><header><resultCode>00</resultCode><resultMsg>NORMAL_SERVICE</resultMsg></header><body><items><item><regId>11B10101</regId><taMin5>11</taMin5><taMax5>25</taMax5><taMin5Low>1</taMin5Low><taMax6></taMax6><taMin6/></item></items></body></response>"
        let t = try MidTermDecoder.temperatures(Array(xmlTa.utf8), issue: Self.evening)
        #expect(t.days == [.init(day: 5, minimum: 11, maximum: 25, minimumLow: 1)])
    }

    // Regression: `&#xB9D1;&#xC74C;` was shown as written, not as 맑음.
    @Test("XML numeric character references are decoded, hexadecimal and decimal, in one pass with the entities")
    func xmlCharacterReferences() throws {
        func land(_ wf4Am: String, outlook: String = "") -> String {
            var xml = "<response><header><resultCode>00</resultCode><resultMsg>NORMAL_SERVICE</resultMsg></header><body><items><item><regId>11B00000</regId>"
            xml += "<rnSt4Am>10</rnSt4Am><wf4Am>\(wf4Am)</wf4Am>"
            return xml + "</item></items></body></response>"
        }
        for form in ["&#xB9D1;&#xC74C;", "&#XB9D1;&#xc74c;", "&#47569;&#51020;", "&#xB9D1;음", "맑&#51020;"] {
            let forecast = try MidTermDecoder.landForecast(Array(land(form).utf8), issue: Self.morning)
            #expect(forecast.day(4)?.morning?.weather?.text == "맑음" && forecast.day(4)?.morning?.weather?.isKnown == true, "\(form)")
        }
        #expect(try XMLText.decode("&amp;#65; &lt;b&gt; &#65;&#x42; &#x1F600; A&B &nbsp;") == "&#65; <b> AB 😀 A&B &nbsp;")
        let outlook = "<response><header><resultCode>00</resultCode><resultMsg>NORMAL_SERVICE</resultMsg></header><body><items><item><wfSv>&#xAE30;&#xC0C1;&#xC804;&#xB9DD; &#10;&#xB2E4;&#xC74C;</wfSv></item></items></body></response>"
        #expect(try MidTermDecoder.outlook(Array(outlook.utf8)) == "기상전망 \n다음")
    }

    @Test("An invalid numeric character reference is refused, naming it", arguments: [
        ("&#xD800;", "names no character"), ("&#0;", "names no character"), ("&#x110000;", "names no character"),
        ("&#xFFFFFFFFFF;", "names no character"), ("&#12", "does not end with ';'"), ("&#x;", "has no hexadecimal digits"),
        ("&#;", "has no digits"), ("&#x1B;", "names no character"), ("&#12a;", "does not end with ';'"),
    ])
    func invalidCharacterReference(_ reference: String, _ says: String) throws {
        let xml = "<response><header><resultCode>00</resultCode><resultMsg>NORMAL_SERVICE</resultMsg></header><body><items><item><regId>11B00000</regId><rnSt4Am>10</rnSt4Am><wf4Am>맑\(reference)음</wf4Am></item></items></body></response>"
        let error = try #require(throws: ForecastResponseError.self) { try MidTermDecoder.landForecast(Array(xml.utf8), issue: Self.morning) }
        guard case .unexpectedShape(let detail) = error else {
            Issue.record("expected unexpectedShape, got \(error)")
            return
        }
        #expect(detail.contains("XML element <wf4Am> holds the character reference '\(reference.prefix(16))") && detail.contains(says), "\(detail)")
    }

    @Test("Error envelopes: NO_DATA, the gateway in JSON (HTTP 403) and XML, quota and per-second codes, API Hub, HTML, empty, cut", arguments: [
        ("midterm/error_03_no_data_getMidTa_11H10603.json", "03"),
        ("midterm/gateway_error_30_key_not_registered.http403.json", "30"),
        ("api/gateway_error_30_key_not_registered.xml", "30"),
        ("api/hand_made_gateway_error_22_quota.xml", "22"),
        ("api/hand_made_gateway_error_22_quota_namespaced.xml", "22"),
        ("api/hand_made_gateway_error_23_per_second.xml", "23"),
        ("api/error_10_bad_parameter.json", "10"),
        ("api/hand_made_apihub_403_not_applied.json", ""),
        ("api/hand_made_html_502.html", ""),
    ])
    func errors(file: String, code: String) throws {
        let bytes = try Fixtures.bytes(file)
        let error = try #require(throws: ForecastResponseError.self) { try MidTermDecoder.temperatures(bytes, issue: Self.morning) }
        #expect((error.resultCode?.rawValue ?? "") == code)
        let again = try #require(throws: ForecastResponseError.self) { try MidTermDecoder.landForecast(bytes, issue: Self.morning) }
        #expect(again == error)
        if file.contains("apihub") { #expect(error == .apiHubRefusal(status: 403, message: "활용신청하지 않은 API입니다. API허브에서 활용신청 후 사용하세요.")) }
        if file.hasSuffix(".html") { #expect(error == .html(title: "502 Bad Gateway")) }
        if code == "23" { #expect(error.isTransient) }
    }

    @Test("Empty, cut, no item, and a word where a number belongs are typed errors")
    func malformed() throws {
        let issue = Self.morning
        #expect(throws: ForecastResponseError.empty) { try MidTermDecoder.temperatures([], issue: issue) }
        let whole = try Fixtures.bytes("midterm/getMidTa_11B10101_202610040600.json")
        #expect(throws: ForecastResponseError.truncated(offset: 300)) { try MidTermDecoder.temperatures(Array(whole.prefix(300)), issue: issue) }
        let noItem = Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":""}}}"#.utf8)
        #expect(throws: ForecastResponseError.emptyRun) { try MidTermDecoder.landForecast(noItem, issue: issue) }
        let word = Array(try Fixtures.text("midterm/getMidTa_11B10101_202610040600.json").replacingEvery(#""taMin4":10"#, with: #""taMin4":"ten""#).utf8)
        #expect(throws: ForecastResponseError.unexpectedShape("taMin4 is \"ten\", not a number")) { try MidTermDecoder.temperatures(word, issue: issue) }
        let huge = Array(try Fixtures.text("midterm/getMidLandFcst_11B00000_202610040600.json").replacingEvery(#""rnSt9":20"#, with: #""rnSt9":140"#).utf8)
        #expect(throws: ForecastResponseError.unexpectedShape("rnSt9 is 140.0, outside 0...100")) { try MidTermDecoder.landForecast(huge, issue: issue) }
    }

    @Test("getMidFcst's outlook text")
    func outlook() throws {
        let body = Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":{"item":[{"wfSv":"  (강수) 8일(목) 비가 오겠습니다.\n "}]}}}}"#.utf8)
        #expect(try MidTermDecoder.outlook(body) == "(강수) 8일(목) 비가 오겠습니다.")
    }
}

@Suite("Mid-term runs: tmFc, the newest run at an instant, day numbers from the issue date")
struct MidTermIssueTests {
    static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> KSTDateTime {
        try! KSTDateTime(year: 2026, month: 10, day: day, hour: hour, minute: minute)
    }

    @Test("Newest run", arguments: [
        (4, 5, 59, "202610031800"), (4, 6, 0, "202610040600"), (4, 17, 30, "202610040600"),
        (4, 18, 0, "202610041800"), (4, 18, 30, "202610041800"), (5, 0, 0, "202610041800"), (5, 2, 10, "202610041800"),
    ])
    func newest(day: Int, hour: Int, minute: Int, tmFc: String) {
        let issue = MidTermIssue.newest(at: Self.at(day, hour, minute))
        #expect(issue.tmFc == tmFc)
        #expect(issue.previous.next == issue)
    }

    @Test("Days count from the issue date: the 18 run read after midnight")
    func afterMidnight() {
        let issue = MidTermIssue.newest(at: Self.at(5, 1))
        #expect(issue.tmFc == "202610041800" && issue.days == 5...10)
        #expect(issue.dayNumber(of: 20261009) == 5)   // today (10-05) + 4 is day 5 of this run
        #expect(issue.dayNumber(of: 20261008) == nil) // day 4: never from an 18 run
        #expect(issue.dayNumber(of: 20261007) == nil) // day 3: never
        #expect(issue.dayNumber(of: 20261015) == nil) // day 11
        #expect(issue.previous.dayNumber(of: 20261008) == 4)
        #expect(issue.date(ofDay: 10) == 20261014)
    }

    @Test("tmFc parsing refuses other hours and non-dates", arguments: ["202610040600", "202610041800", "202610041200", "20261004060", "202613040600", "2026100406OO", "202610040601"])
    func parse(text: String) {
        let parsed = MidTermIssue(tmFc: text)
        #expect((parsed != nil) == (text == "202610040600" || text == "202610041800"))
        #expect(parsed?.tmFc ?? text == text)
    }
}

@Suite("Mid-term weather phrases as SKY and PTY, the phrase kept")
struct MidTermWeatherTests {
    @Test("Phrases", arguments: [
        ("맑음", SkyCondition.clear as SkyCondition?, PrecipitationType.noPrecipitation as PrecipitationType?),
        ("구름많음", .mostlyCloudy, .noPrecipitation), ("흐림", .overcast, .noPrecipitation),
        ("구름많고 비", .mostlyCloudy, .rain), ("흐리고 비", .overcast, .rain), ("흐리고 비/눈", .overcast, .rainAndSnow),
        ("구름많고 눈/비", .mostlyCloudy, .rainAndSnow), ("흐리고 눈", .overcast, .snow), ("구름많고 소나기", .mostlyCloudy, .shower),
        ("흐리고비", .overcast, .rain), ("구름조금", nil, nil), ("흐리고 한때 비", nil, nil), ("sunny", nil, nil),
    ])
    func phrase(text: String, sky: SkyCondition?, precipitation: PrecipitationType?) {
        let weather = MidTermWeather(text: text)
        #expect(weather.text == text && weather.sky == sky && weather.precipitation == precipitation)
        #expect(weather.isKnown == (sky != nil))
    }
}
