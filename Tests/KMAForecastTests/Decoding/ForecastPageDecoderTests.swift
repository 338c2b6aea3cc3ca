import Testing
@testable import KMAForecast
import _KMATestSupport

/// Decodes text with the fast decoder, returning the page or the error.
func decodePage(_ text: String) -> Result<ForecastPage, ForecastResponseError> {
    do throws(ForecastResponseError) {
        return .success(try ForecastPageDecoder.decode(Array(text.utf8)))
    } catch {
        return .failure(error)
    }
}

/// The error a body gives, or nil if it decodes.
func decodeError(_ bytes: [UInt8]) -> ForecastResponseError? {
    do throws(ForecastResponseError) {
        _ = try ForecastPageDecoder.decode(bytes)
        return nil
    } catch {
        return error
    }
}

@Suite("ForecastPageDecoder: recorded pages")
struct RecordedPageTests {
    @Test("The short-term page: 809 items, page facts, first and last items")
    func shortTerm() throws {
        let page = try ForecastPageDecoder.decode(try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json"))
        #expect(page.info.resultCode == .normalService)
        #expect(page.info.resultMessage == "NORMAL_SERVICE")
        #expect(page.info.pageNo == 1)
        #expect(page.info.numOfRows == 1000)
        #expect(page.info.totalCount == 809)
        #expect(page.items.count == 809)
        let first = try #require(page.items.first)
        #expect(first.base.baseDate == "20221120" && first.base.baseTime == "0500")
        #expect(first.category == .tmp && first.value == "10")
        #expect(first.forecastDate == 20_221_120 && first.forecastTime == 600)
        #expect(first.nx == 60 && first.ny == 120 && !first.isObservation)
        #expect(page.items.contains { $0.category == .pcp && $0.value == "강수없음" })
        #expect(page.items.filter { $0.category == .tmx }.count == 3)
        #expect(page.items.filter { $0.category == .tmn }.count == 2)
        let last = try #require(page.items.last)
        #expect(last.forecastDate == 20_221_123 && last.forecastTime == 0)
    }

    @Test("The nowcast page: observations at the base time")
    func nowcast() throws {
        let page = try ForecastPageDecoder.decode(try Fixtures.bytes("api/getUltraSrtNcst_20210328_1400_nx56_ny125.json"))
        #expect(page.items.count == 8)
        #expect(page.items.allSatisfy { $0.isObservation && $0.forecastDate == 20_210_328 && $0.forecastTime == 1400 })
        #expect(page.items.first { $0.category == .t1h }?.value == "9.1")
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes("api/getUltraSrtNcst_20210328_1400_nx56_ny125.json"), into: &builder)
        let rows = builder.rows()
        #expect(rows.count == 1)
        #expect(rows[0].count == 8)
        #expect(builder.completeness.isComplete)
    }

    @Test("The ultra-short page: 10 categories × 6 hours")
    func ultraShort() throws {
        var builder = ForecastRowBuilder()
        let info = try ForecastPageDecoder.decode(try Fixtures.bytes("api/getUltraSrtFcst_20210328_1530_nx56_ny125.json"), into: &builder)
        #expect(info.itemCount == 60)
        let rows = builder.rows()
        #expect(rows.count == 6)
        #expect(rows.allSatisfy { $0.count == 10 && $0[.lgt] != nil })
        #expect(rows.map(\.forecastTime) == [1600, 1700, 1800, 1900, 2000, 2100])
    }

    @Test("The short-term page pivots into 67 hourly rows with TMN and TMX in their own rows")
    func pivot() throws {
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json"), into: &builder)
        let rows = builder.rows()
        #expect(rows.count == 67)
        #expect(builder.completeness == .complete(809))
        let tmxRows = rows.filter { $0[.tmx] != nil }
        #expect(tmxRows.map(\.forecastTime) == [1500, 1500, 1500])
        #expect(rows.filter { $0[.tmn] != nil }.allSatisfy { $0.forecastTime == 600 })
        #expect(zip(rows, rows.dropFirst()).allSatisfy { ($0.forecastDate, $0.forecastTime) < ($1.forecastDate, $1.forecastTime) })
    }
}

@Suite("ForecastPageDecoder: errors a user can act on")
struct DecoderErrorTests {
    @Test("resultCode 01 with no body")
    func applicationError() throws {
        let error = decodeError(try Fixtures.bytes("api/error_01_application_error.json"))
        #expect(error == .resultCode(.applicationError, message: "APPLICATION_ERROR"))
        #expect(error?.isTransient == true)
    }

    @Test("resultCode 10 with KMA's own text", arguments: [
        ("api/error_10_base_time_digits.json", "base_time는 4자리 입니다."),
        ("api/error_10_bad_parameter.json", "파라미터가 잘못되엇습니다."),
    ])
    func invalidParameter(file: String, message: String) throws {
        let error = try #require(decodeError(try Fixtures.bytes(file)))
        #expect(error == .resultCode(.invalidRequestParameter, message: message))
        #expect(error.description.contains(message))
        #expect(error.description.contains("INVALID_REQUEST_PARAMETER_ERROR"))
    }

    @Test("Named result codes", arguments: [
        ("03", "NO_DATA", "not be published yet"),
        ("22", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR", "quota"),
        ("30", "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", "A new key (or a new 활용신청) can take an hour or more to become active."),
        ("20", "SERVICE_ACCESS_DENIED_ERROR", "A new key (or a new 활용신청) can take an hour or more to become active."),
        ("31", "DEADLINE_HAS_EXPIRED_ERROR", "A new key (or a new 활용신청) can take an hour or more to become active."),
        ("12", "NO_OPENAPI_SERVICE_ERROR", "The service path or operation is retired or wrong"),
        ("22", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR", "it resets at midnight KST (00:00 KST)"),
        ("23", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR", "Too many requests in one second"),
        ("29", "BLACKLIST_IP_ACCESS_ERROR", "contact data.go.kr"),
        ("99", "UNKNOWN_ERROR", "try again"),
        ("77", "SOMETHING_NEW", "Unexpected KMA error"),
    ])
    func resultCodes(code: String, message: String, advice: String) {
        let text = #"{"response":{"header":{"resultCode":"\#(code)","resultMsg":"\#(message)"}}}"#
        guard case .failure(let error) = decodePage(text) else { Issue.record("no error"); return }
        #expect(error.resultCode == ResultCode(rawValue: code))
        #expect(error.description.contains(advice), "\(error)")
        #expect(error.description.contains(code))
    }

    @Test("NO_DATA with items as an empty string, and with no body")
    func noData() {
        for text in [
            #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"},"body":{"dataType":"JSON","items":"","pageNo":1,"numOfRows":10,"totalCount":0}}}"#,
            #"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#,
        ] {
            #expect(decodePage(text) == .failure(.resultCode(.noData, message: "NO_DATA")))
        }
    }

    @Test("The gateway's XML envelope, even when JSON was asked for")
    func gateway() throws {
        let error = try #require(decodeError(try Fixtures.bytes("api/gateway_error_30_key_not_registered.xml")))
        #expect(error == .gateway(reasonCode: .serviceKeyNotRegistered, authMessage: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", errorMessage: "SERVICE ERROR"))
        #expect(error.description.contains("returnReasonCode 30 SERVICE_KEY_IS_NOT_REGISTERED_ERROR"))
        #expect(error.description.contains("encoded once"))
    }

    @Test("The gateway's envelope as JSON (recorded with HTTP 403) is the gateway error, code 30")
    func gatewayJSON() throws {
        let error = try #require(decodeError(try Fixtures.bytes("api/gateway_error_30_key_not_registered.http403.json")))
        #expect(error == .gateway(reasonCode: .serviceKeyNotRegistered, authMessage: "등록되지 않은 서비스키", errorMessage: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"))
        #expect(error.description == "The data.go.kr gateway refused the request: returnReasonCode 30 SERVICE_KEY_IS_NOT_REGISTERED_ERROR (\"등록되지 않은 서비스키\"). The service key is not registered: check that it is copied whole and encoded once. A new key (or a new 활용신청) can take an hour or more to become active.")
        // Regression guard: a number for the code, fields directly in the envelope, nulls.
        let flat = #"{"OpenAPI_ServiceResponse":{"errMsg":null,"returnAuthMsg":"LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR","returnReasonCode":23}}"#
        #expect(decodePage(flat) == .failure(.gateway(reasonCode: .perSecondLimitExceeded, authMessage: "LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR", errorMessage: "")))
    }

    @Test("A namespaced XML envelope (<ns2:…>) with code 22 gets the quota advice, not 'XML is not supported'")
    func namespacedGateway() throws {
        let error = try #require(decodeError(try Fixtures.bytes("api/hand_made_gateway_error_22_quota_namespaced.xml")))
        #expect(error == .gateway(reasonCode: .quotaExceeded, authMessage: "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR", errorMessage: "SERVICE ERROR"))
        #expect(error.description == "The data.go.kr gateway refused the request: returnReasonCode 22 LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR (\"SERVICE ERROR\"). The daily request quota is used up (10,000 calls a day for a development key); it resets at midnight KST (00:00 KST): try again after that, or request a higher quota on data.go.kr. Retrying sooner does not help.")
        #expect(!error.isTransient)
        // A prefix on a resultCode page is read the same way; a longer tag name is not the element.
        #expect(decodePage("<ns:response><ns:header><ns:resultCode>03</ns:resultCode><ns:resultMsg>NO_DATA</ns:resultMsg></ns:header></ns:response>") == .failure(.resultCode(.noData, message: "NO_DATA")))
        #expect(ResponseSniffer.element("resultCode", in: "<resultCodeX>1</resultCodeX><resultCode>2</resultCode>") == "2")
        #expect(ResponseSniffer.element("errMsg", in: "<a><ns:errMsg/></a>") == "")
    }

    @Test("The gateway's per-second limit (23) is transient; 22, 29 and 12 are not", arguments: [
        ("23", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR", true, "Too many requests in one second (the gateway allows about 30 a second per operation): slow down and try again after a short wait."),
        ("22", "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR", false, "it resets at midnight KST (00:00 KST)"),
        ("29", "BLACKLIST_IP_ACCESS_ERROR", false, "Your IP address is blacklisted by data.go.kr (usually after excessive or abnormal traffic): stop sending requests from it and contact data.go.kr (고객센터 / 문의하기) to have it lifted."),
        ("12", "NO_OPENAPI_SERVICE_ERROR", false, "The service path or operation is retired or wrong (the gateway no longer serves it)"),
    ])
    func gatewayCodes(code: String, name: String, transient: Bool, advice: String) throws {
        let xml = try Fixtures.text("api/gateway_error_30_key_not_registered.xml")
            .replacingEvery("SERVICE_KEY_IS_NOT_REGISTERED_ERROR", with: name).replacingEvery(">30<", with: ">\(code)<")
        let error = try #require(decodeError(Array(xml.utf8)))
        #expect(error.resultCode == ResultCode(rawValue: code) && error.resultCode?.name == name)
        #expect(error.isTransient == transient)
        #expect(error.description.hasPrefix("The data.go.kr gateway refused the request: returnReasonCode \(code) \(name) (\"SERVICE ERROR\")."))
        #expect(error.description.contains(advice), "\(error)")
    }

    @Test("resultCode 10 quotes KMA's own texts for old runs: 3 days for forecasts, 1 day for observations")
    func oldRunAdvice() {
        let advice = ResultCode.invalidRequestParameter.advice
        #expect(advice.contains("\"최근 3일 간의 자료만 제공합니다.\" (forecasts)"))
        #expect(advice.contains("\"최근 1일 간의 자료만 제공합니다.\" (observations, the nowcast)"))
        // Regression: it claimed KMA keeps 3 days of everything.
        #expect(!advice.contains("last 3 days") && !ResultCode.noData.advice.contains("3 days"))
    }

    @Test("An empty run (resultCode 00, no items, totalCount 0 or none) is an error, not an empty forecast", arguments: [
        #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{}}}"#,
        #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":"","pageNo":1,"numOfRows":10,"totalCount":0}}}"#,
        #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":{"item":[]},"totalCount":0}}}"#,
        #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":{},"totalCount":0}}}"#,
        #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":null}}"#,
        #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"}}}"#,
    ])
    func emptyRun(text: String) {
        #expect(decodePage(text) == .failure(.emptyRun))
        var builder = ForecastRowBuilder()
        #expect(throws: ForecastResponseError.emptyRun) { _ = try ForecastPageDecoder.decode(Array(text.utf8), into: &builder) }
        #expect(builder.pages.isEmpty)
        #expect(ForecastResponseError.emptyRun.description == "KMA answered resultCode 00 NORMAL_SERVICE with no items (totalCount 0): an empty run, not a forecast. The run may not be fully published yet: try again in a few minutes, or ask for the previous base time.")
        #expect(!ForecastResponseError.emptyRun.isTransient && ForecastResponseError.emptyRun.resultCode == nil)
    }

    @Test("A page past the end of a run (no items, totalCount > 0) is not an empty run")
    func pagePastTheEnd() throws {
        let page = try decodePage(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":"","pageNo":3,"numOfRows":1000,"totalCount":809}}}"#).get()
        #expect(page.items.isEmpty && page.info.totalCount == 809)
    }

    @Test("The retired pre-2021 format, as XML and as JSON")
    func legacy() throws {
        let xml = decodeError(try Fixtures.bytes("api/legacy_2019_VilageFrcst_20190531_0500_nx60_ny127.xml"))
        guard case .legacyFormat = xml else { Issue.record("got \(String(describing: xml))"); return }
        #expect(xml?.description.contains("pre-2021") == true)
        let json = #"{"response":{"header":{"resultCode":"0000","resultMsg":"OK"},"body":{"items":{"item":[]}}}}"#
        guard case .failure(.legacyFormat) = decodePage(json) else { Issue.record("0000 not legacy"); return }
        let t3h = #"{"response":{"header":{"resultCode":"00","resultMsg":"OK"},"body":{"items":{"item":[{"baseDate":"20190531","baseTime":"0500","category":"T3H","fcstDate":"20190531","fcstTime":"0900","fcstValue":"18","nx":60,"ny":127}]}}}}"#
        #expect(decodePage(t3h) == .failure(.legacyFormat("category T3H")))
    }

    @Test("An XML forecast (dataType=XML) says JSON is required")
    func xmlForecast() {
        let xml = #"<?xml version="1.0" encoding="UTF-8"?><response><header><resultCode>00</resultCode><resultMsg>NORMAL_SERVICE</resultMsg></header><body><items/></body></response>"#
        #expect(decodePage(xml) == .failure(.xmlNotSupported))
        #expect(ForecastResponseError.xmlNotSupported.description.contains("dataType=JSON"))
        let noData = #"<response><header><resultCode>03</resultCode><resultMsg>NO_DATA</resultMsg></header></response>"#
        #expect(decodePage(noData) == .failure(.resultCode(.noData, message: "NO_DATA")))
    }

    @Test("HTML and empty bodies")
    func htmlAndEmpty() {
        let html = "<!DOCTYPE html><html><head><title>403 Forbidden</title></head><body>Forbidden</body></html>"
        #expect(decodePage(html) == .failure(.html(title: "403 Forbidden")))
        #expect(decodePage("") == .failure(.empty))
        #expect(decodePage(" \r\n\t ") == .failure(.empty))
        #expect(ForecastResponseError.empty.isTransient)
    }

    @Test("Text quoted from a body never carries a service key")
    func noKeyInErrors() {
        let key = "TESTKEY+abc/def=="
        let html = "<html><head><title>Error for http://apis.data.go.kr/x?serviceKey=\(key)&pageNo=1</title></head></html>"
        guard case .failure(let error) = decodePage(html) else { Issue.record("no error"); return }
        #expect(!error.description.contains("TESTKEY"))
        #expect(error.description.contains("serviceKey=REDACTED"))
        let text = "Unauthorized: authKey=\(key)"
        guard case .failure(let other) = decodePage(text) else { Issue.record("no error"); return }
        #expect(!other.description.contains("TESTKEY"))
        let message = #"{"response":{"header":{"resultCode":"30","resultMsg":"bad key serviceKey=TESTKEY%2Babc"}}}"#
        guard case .failure(let coded) = decodePage(message) else { Issue.record("no error"); return }
        #expect(!coded.description.contains("TESTKEY"))
    }

    @Test("Malformed JSON reports the byte offset", arguments: [
        (#"{"response":{"header":{"resultCode":"00" "resultMsg":"x"}}}"#, 41),
        (#"{"response":{"header":{"resultCode":00}}}"#, 37),
        (#"{"response":{"header":{"resultCode":"00","resultMsg":"x"}}} trailing"#, 60),
        (#"{"response":{"header":{"resultCode":"\x"}}}"#, 38),
        (#"{"response":{"header":{"resultCode":"00"},"x":[1,2,]}}"#, 51),
        (#"{'response':1}"#, 1),
    ])
    func malformed(text: String, offset: Int) {
        guard case .failure(.malformedJSON(let at, _)) = decodePage(text) else {
            Issue.record("\(text) → \(decodePage(text))")
            return
        }
        #expect(at == offset, "\(text)")
    }

    @Test("Every truncation of a real page is reported as truncated, never a crash or a partial page")
    func truncations() throws {
        let bytes = try Fixtures.bytes("api/getUltraSrtNcst_20210328_1400_nx56_ny125.json")
        for length in 1..<(bytes.count - 2) {
            let error = decodeError(Array(bytes[0..<length]))
            switch error {
            case .truncated(let offset)?: #expect(offset == length)
            case .empty?: #expect(bytes[0..<length].allSatisfy { $0 == 0x20 || $0 == 0x0A })
            default: Issue.record("prefix of \(length) bytes: \(String(describing: error))")
            }
        }
        let big = try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json")
        for length in stride(from: 100, to: big.count, by: 997) {
            #expect(decodeError(Array(big[0..<length])) == .truncated(offset: length))
        }
    }

    @Test("Invalid UTF-8, lone surrogates, control characters and deep nesting are refused")
    func invalidStrings() {
        var bytes = Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"ab"}}}"#.utf8)
        bytes[54] = 0xFF
        guard case .malformedJSON(54, _)? = decodeError(bytes) else { Issue.record("\(String(describing: decodeError(bytes)))"); return }
        let surrogate = #"{"response":{"header":{"resultCode":"00","resultMsg":"\uD800"},"body":{"items":{"item":[{"baseDate":"20221120","baseTime":"0500","category":"TMP","fcstDate":"20221120","fcstTime":"0600","fcstValue":"\uDC00","nx":60,"ny":120}]}}}}"#
        guard case .failure(.malformedJSON) = decodePage(surrogate) else { Issue.record("lone surrogate accepted"); return }
        let control = "{\"response\":{\"header\":{\"resultCode\":\"00\",\"resultMsg\":\"a\u{01}b\"}}}"
        guard case .failure(.malformedJSON) = decodePage(control) else { Issue.record("control character accepted"); return }
        let deep = #"{"response":{"header":{"resultCode":"00"},"extra":"# + String(repeating: "[", count: 500) + String(repeating: "]", count: 500) + "}}"
        guard case .failure(.malformedJSON(_, let reason)) = decodePage(deep) else { Issue.record("deep nesting accepted"); return }
        #expect(reason.contains("nesting"))
    }

    @Test("JSON that is not a KMA response says what is missing", arguments: [
        (#"{"result":{"items":[403]}}"#, "no 'response'"),
        (#"{"status":200,"message":"OK"}"#, "no 'response'"),
        (#"{"response":{"body":{}}}"#, "no 'header'"),
        (#"{"response":{"header":{"resultMsg":"x"}}}"#, "no 'resultCode'"),
        (#"{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":[{"baseDate":"20221120","baseTime":"0500","fcstDate":"20221120","fcstTime":"0600","fcstValue":"1","nx":60,"ny":120}]}}}}"#, "item 1 has no 'category'"),
        (#"{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":[{"baseDate":"20221120","baseTime":"0500","category":"TMP","fcstDate":"20221332","fcstTime":"0600","fcstValue":"1","nx":60,"ny":120}]}}}}"#, "not a real date"),
        (#"{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":[{"baseDate":"20221120","baseTime":"0500","category":"TMP","fcstDate":"20221120","fcstTime":"0660","fcstValue":"1","nx":60,"ny":120}]}}}}"#, "not a time of day"),
        (#"{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":[{"baseDate":"20221120","baseTime":"0500","category":"TMP","fcstDate":"20221120","fcstTime":"0600","fcstValue":"1","nx":"sixty","ny":120}]}}}}"#, "not a whole number"),
        (#"{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":[{"baseDate":"20221120","baseTime":"0500","category":"TMP","fcstDate":"20221120","fcstTime":"0600","fcstValue":"1","nx":60,"ny":120},{"baseDate":"20221120","baseTime":"0500","category":"TMP","fcstDate":"20221120","fcstTime":"0600","fcstValue":"2","nx":60,"ny":120}]}}}}"#, "appears twice"),
        (#"[1,2]"#, "expected '{'"),
        // A category is its exact name: "TMP\u0000" was read as TMP.
        (#"{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":[{"baseDate":"20221120","baseTime":"0500","category":"TMP\u0000","fcstDate":"20221120","fcstTime":"0600","fcstValue":"1","nx":60,"ny":120}]}}}}"#, "holds a NUL character"),
    ])
    func unexpectedShape(text: String, fragment: String) {
        var builder = ForecastRowBuilder()
        do throws(ForecastResponseError) {
            _ = try ForecastPageDecoder.decode(Array(text.utf8), into: &builder)
            Issue.record("no error for \(text)")
        } catch {
            #expect(error.description.contains(fragment), "\(error)")
        }
        #expect(builder.rowCount == 0)
    }
}

@Suite("ForecastPageDecoder: the quirks of real JSON")
struct DecoderQuirkTests {
    static let base = try! ForecastBase(baseDate: "20221120", baseTime: "0500")
    static let items = PageGenerator.shortTermItems(count: 120, base: base, nx: 60, ny: 120)

    @Test("Any key order, whitespace, escapes, numbers as strings, extra keys, body before header", arguments: [
        PageGenerator.Style(shuffleKeys: true),
        PageGenerator.Style(pretty: true),
        PageGenerator.Style(escapeStrings: true),
        PageGenerator.Style(numbersAsStrings: true),
        PageGenerator.Style(bodyFirst: true),
        PageGenerator.Style(extraKeys: true),
        PageGenerator.Style(shuffleKeys: true, pretty: true, escapeStrings: true, numbersAsStrings: true, bodyFirst: true, extraKeys: true),
    ])
    func styles(style: PageGenerator.Style) throws {
        let bytes = PageGenerator.page(Self.items, style: style)
        let page = try ForecastPageDecoder.decode(bytes)
        #expect(page.items == Self.items)
        #expect(page.info.totalCount == 120)
        #expect(try ReferenceDecoder.decode(bytes).items == Self.items)
    }

    @Test("One item as an object instead of a list")
    func singleObject() throws {
        let bytes = PageGenerator.page([Self.items[0]], singleObject: true)
        #expect(try ForecastPageDecoder.decode(bytes).items == [Self.items[0]])
    }


    @Test("Escaped keys and \\u escapes in values, including a surrogate pair")
    func escapes() throws {
        let text = #"{"response":{"header":{"resultCode":"00","resultMsg":"OK"},"body":{"items":{"item":[{"\u0062aseDate":"20221120","baseTime":"0500","category":"\u0050CP","fcstDate":"20221120","fcstTime":"0600","fcstValue":"\uAC15\uC218\uC5C6\uC74C","nx":60,"ny":120},{"baseDate":"20221120","baseTime":"0500","category":"ZZZ","fcstDate":"20221120","fcstTime":"0600","fcstValue":"a\"b\\c\/d\n\uD83C\uDF27","nx":60,"ny":120}]}}}}"#
        let page = try decodePage(text).get()
        #expect(page.items[0].category == .pcp)
        #expect(page.items[0].value == "강수없음")
        #expect(page.items[1].category == ForecastCategory("ZZZ"))
        #expect(page.items[1].value == "a\"b\\c/d\n🌧")
    }

    @Test("A value sent as a number keeps its text")
    func numericValue() throws {
        let text = #"{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":{"baseDate":"20221120","baseTime":"0500","category":"TMP","fcstDate":"20221120","fcstTime":"0600","fcstValue":-1.50,"nx":"60","ny":120}}}}}"#
        let page = try decodePage(text).get()
        #expect(page.items[0].value == "-1.50")
        #expect(page.items[0].nx == 60)
    }

    @Test("Long values survive (beyond the inline storage)")
    func longValue() throws {
        let long = "an unexpectedly long value from KMA — 123456789"
        var item = Self.items[0]
        item = ForecastItem(base: item.base, category: item.category, forecastDate: item.forecastDate, forecastTime: item.forecastTime, value: long, nx: 60, ny: 120)
        let page = try ForecastPageDecoder.decode(PageGenerator.page([item]))
        #expect(page.items[0].value == long)
    }
}

@Suite("ForecastPageDecoder: rows across pages")
struct DecoderPagingTests {
    static let base = try! ForecastBase(baseDate: "20261121", baseTime: "0500")

    @Test("Pages in any order build the same rows; completeness follows totalCount")
    func pagesInAnyOrder() throws {
        let items = PageGenerator.shortTermItems(count: 950, base: Self.base, nx: 61, ny: 125)
        let pages = stride(from: 0, to: items.count, by: 300).enumerated().map { index, start in
            PageGenerator.page(Array(items[start..<min(start + 300, items.count)]), pageNo: index + 1, numOfRows: 300, totalCount: items.count)
        }
        var forward = ForecastRowBuilder()
        var backward = ForecastRowBuilder()
        for (index, page) in pages.enumerated() {
            _ = try ForecastPageDecoder.decode(page, into: &forward)
            if index < pages.count - 1 { #expect(!forward.completeness.isComplete) }
        }
        for page in pages.reversed() { _ = try ForecastPageDecoder.decode(page, into: &backward) }
        #expect(forward.completeness == .complete(950))
        #expect(forward.rows() == backward.rows())
        var partial = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(pages[0], into: &partial)
        #expect(partial.completeness == .incomplete(received: 300, expected: 950))
        #expect(partial.completeness.description.contains("300 of totalCount 950"))
    }

    @Test("A page that fails leaves the builder as it was")
    func atomicPages() throws {
        let items = PageGenerator.shortTermItems(count: 200, base: Self.base, nx: 61, ny: 125)
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(PageGenerator.page(Array(items[0..<100]), totalCount: 200), into: &builder)
        let before = builder.rows()
        var broken = PageGenerator.page(Array(items[100..<200]), pageNo: 2, totalCount: 200)
        broken.removeLast(40)
        #expect(throws: ForecastResponseError.self) { try ForecastPageDecoder.decode(broken, into: &builder) }
        #expect(builder.rows() == before)
        #expect(builder.itemCount == 100)
        // Repeating page 1 is an error too (duplicates), and also leaves the builder alone.
        #expect(throws: ForecastResponseError.self) {
            try ForecastPageDecoder.decode(PageGenerator.page(Array(items[0..<100]), totalCount: 200), into: &builder)
        }
        #expect(builder.itemCount == 100)
        _ = try ForecastPageDecoder.decode(PageGenerator.page(Array(items[100..<200]), pageNo: 2, totalCount: 200), into: &builder)
        #expect(builder.completeness.isComplete)
    }

    @Test("Pages that disagree on totalCount are reported")
    func inconsistentTotals() throws {
        let items = PageGenerator.shortTermItems(count: 20, base: Self.base, nx: 61, ny: 125)
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(PageGenerator.page(Array(items[0..<10]), totalCount: 20), into: &builder)
        _ = try ForecastPageDecoder.decode(PageGenerator.page(Array(items[10..<20]), pageNo: 2, totalCount: 24), into: &builder)
        #expect(builder.completeness == .inconsistentTotals([20, 24]))
    }
}

@Suite("ForecastPageDecoder: properties")
struct DecoderPropertyTests {
    /// Random items over several cells and hours, in a random order, with unknown codes.
    static func randomItems(seed: UInt64) -> [ForecastItem] {
        var random = PageGenerator.Random(seed: seed)
        let base = try! ForecastBase(baseDate: "20261231", baseTime: "2300")
        let codes = ["TMP", "SKY", "PTY", "POP", "PCP", "SNO", "REH", "WSD", "VEC", "XYZ", "Q"]
        var seen = Set<String>()
        var items: [ForecastItem] = []
        for _ in 0..<(50 + random.below(400)) {
            let nx = 1 + random.below(3), ny = 1 + random.below(2)
            let hour = base.dateTime.adding(seconds: Int64(3600 * (1 + random.below(30))))
            let code = codes[random.below(codes.count)]
            let key = "\(nx),\(ny),\(hour.yyyymmdd),\(hour.hhmm),\(code)"
            guard seen.insert(key).inserted else { continue }
            let values = ["10", "-3.5", "강수없음", "30.0~50.0mm", "50.0mm이상", "999", "", "x\"y"]
            items.append(ForecastItem(
                base: base, category: ForecastCategory(code), forecastDate: hour.yyyymmdd, forecastTime: hour.hhmm,
                value: values[random.below(values.count)], nx: nx, ny: ny
            ))
        }
        return items
    }

    @Test("Every item lands in exactly one row cell with its raw value, and nothing else does", arguments: 0..<40)
    func everyItemOnce(seed: UInt64) throws {
        let items = Self.randomItems(seed: seed)
        var random = PageGenerator.Random(seed: seed)
        let style = PageGenerator.Style(shuffleKeys: random.bool(), pretty: random.bool(), escapeStrings: random.bool(), numbersAsStrings: random.bool())
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(PageGenerator.page(items, style: style, seed: seed), into: &builder)
        let rows = builder.rows()
        var cells = 0
        for row in rows {
            for category in row.categories {
                cells += 1
                let matching = items.filter {
                    $0.nx == row.nx && $0.ny == row.ny && $0.forecastDate == row.forecastDate
                        && $0.forecastTime == row.forecastTime && $0.category == category
                }
                #expect(matching.count == 1)
                #expect(matching.first?.value == row[category])
            }
        }
        #expect(cells == items.count)
        let keys = Set(items.map { "\($0.nx),\($0.ny),\($0.forecastDate),\($0.forecastTime)" })
        #expect(rows.count == keys.count)
        #expect(zip(rows, rows.dropFirst()).allSatisfy {
            ($0.nx, $0.ny, $0.forecastDate, $0.forecastTime) < ($1.nx, $1.ny, $1.forecastDate, $1.forecastTime)
        })
    }

    @Test("The fast decoder and the JSONDecoder reference agree on every fixture")
    func differentialFixtures() throws {
        for file in ["api/getVilageFcst_20221120_0500_nx60_ny120.json", "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json", "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json"] {
            let bytes = try Fixtures.bytes(file)
            let fast = try ForecastPageDecoder.decode(bytes)
            let reference = try ReferenceDecoder.decode(bytes)
            #expect(fast == reference, "\(file)")
        }
    }

    @Test("The fast decoder and the JSONDecoder reference agree on generated pages", arguments: 0..<60)
    func differentialGenerated(seed: UInt64) throws {
        var random = PageGenerator.Random(seed: seed &* 31)
        let items = Self.randomItems(seed: seed)
        let style = PageGenerator.Style(
            shuffleKeys: random.bool(), pretty: random.bool(), escapeStrings: random.bool(),
            numbersAsStrings: random.bool(), bodyFirst: random.bool(), extraKeys: random.bool()
        )
        let bytes = PageGenerator.page(items, pageNo: 1 + random.below(3), numOfRows: 1000, style: style, seed: seed)
        let fast = try ForecastPageDecoder.decode(bytes)
        let reference = try ReferenceDecoder.decode(bytes)
        #expect(fast == reference)
        var streamed: [ForecastItem] = []
        let info = try bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws(ForecastResponseError) -> PageInfo in
            try ForecastPageDecoder.decode(raw, each: { streamed.append($0) })
        }
        #expect(streamed == fast.items)
        #expect(info == fast.info)
    }
}

@Suite("ForecastPageDecoder: the fast path and the general path")
struct DecoderPathTests {
    @Test("KMA's compact layout takes the fast path for every item")
    func recordedLayout() throws {
        let stats = try ForecastPageDecoder.fastPathStatistics(try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json"))
        #expect(stats.items == 809)
        #expect(stats.fastPath == 809)
        let base = try ForecastBase(baseDate: "20261121", baseTime: "0500")
        let generated = PageGenerator.page(PageGenerator.shortTermItems(count: 1000, base: base, nx: 149, ny: 253))
        #expect(try ForecastPageDecoder.fastPathStatistics(generated) == (1000, 1000))
    }

    @Test("Other layouts take the general path and give the same items", arguments: [
        PageGenerator.Style(shuffleKeys: true), PageGenerator.Style(pretty: true),
        PageGenerator.Style(escapeStrings: true), PageGenerator.Style(numbersAsStrings: true),
    ])
    func otherLayouts(style: PageGenerator.Style) throws {
        let base = try ForecastBase(baseDate: "20261121", baseTime: "0500")
        let items = PageGenerator.shortTermItems(count: 200, base: base, nx: 60, ny: 127)
        let bytes = PageGenerator.page(items, style: style)
        let stats = try ForecastPageDecoder.fastPathStatistics(bytes)
        #expect(stats.items == 200)
        #expect(stats.fastPath < 200)
        #expect(try ForecastPageDecoder.decode(bytes).items == items)
    }

    @Test("Near-misses of the layout fall back item by item", arguments: [
        ("\"fcstValue\":\"20\"", "\"fcstValue\":\"2\\u0030\""),   // an escape in the value
        ("\"nx\":60", "\"nx\":60.0"),                                  // a non-integer number
        ("\"category\":\"TMP\"", "\"category\" : \"TMP\""),        // whitespace
        ("\"baseTime\":\"0500\"", "\"baseTime\":\"05:0\""),        // not digits (an error)
    ])
    func nearMisses(original: String, replacement: String) throws {
        let base = try ForecastBase(baseDate: "20221120", baseTime: "0500")
        let items = PageGenerator.shortTermItems(count: 3, base: base, nx: 60, ny: 120)
        var text = String(decoding: PageGenerator.page(items), as: UTF8.self)
        let range = try #require(text.firstRange(of: original))
        text.replaceSubrange(range, with: replacement)
        let bytes = Array(text.utf8)
        if replacement.contains("05:0") {
            #expect(throws: ForecastResponseError.self) { try ForecastPageDecoder.decode(bytes) }
            return
        }
        let stats = try ForecastPageDecoder.fastPathStatistics(bytes)
        #expect(stats == (3, 2))
        let page = try ForecastPageDecoder.decode(bytes)
        #expect(page.items.count == 3)
        #expect(page.items == items)
        #expect(page == (try ReferenceDecoder.decode(bytes)))
    }

    @Test("Values of every inline length, and multi-byte text, round-trip through the fast path")
    func valueLengths() throws {
        let base = try ForecastBase(baseDate: "20221120", baseTime: "0500")
        var items: [ForecastItem] = []
        let values = (0...20).map { String(repeating: "9", count: $0) } + ["강수없음", "50.0mm 이상", "1.0mm 미만", "적설없음😀", "é"]
        for (index, value) in values.enumerated() {
            items.append(ForecastItem(base: base, category: ForecastCategory("C\(index)"), forecastDate: 20_221_120, forecastTime: 600, value: value, nx: 60, ny: 120))
        }
        let bytes = PageGenerator.page(items)
        let stats = try ForecastPageDecoder.fastPathStatistics(bytes)
        #expect(stats.fastPath == items.count)
        #expect(try ForecastPageDecoder.decode(bytes).items == items)
    }
}

@Suite("ForecastCategory")
struct ForecastCategoryTests {
    @Test("The perfect-hash table matches the documented codes")
    func table() {
        var table = [UInt64](repeating: 0, count: 32)
        for (index, category) in ForecastCategory.documented.enumerated() {
            let slot = Int((category.packed &* 0xB222_1A58_008A_05A7) >> 59)
            #expect(table[slot] == 0)
            table[slot] = category.packed | UInt64(index + 1) << 56
        }
        #expect(table == ForecastCategory.documentedTable)
        for (index, category) in ForecastCategory.documented.enumerated() {
            #expect(category.documentedIndex == index)
        }
        for code in ["T3H", "XYZ", "TM", "TMPX", "A", "ABCDEFGH", "pop"] {
            #expect(ForecastCategory(code).documentedIndex == nil, "\(code)")
        }
    }

    @Test("Codes, names, units, order")
    func metadata() {
        #expect(ForecastCategory("TMP") == .tmp)
        #expect(ForecastCategory.tmp.code == "TMP")
        #expect(ForecastCategory.tmp.koreanName == "1시간 기온" && ForecastCategory.tmp.unit == "°C")
        #expect(ForecastCategory.pop.unit == "%" && ForecastCategory.sky.unit == nil)
        #expect(ForecastCategory.lgt.englishName == "lightning")
        #expect(ForecastCategory("XYZ").koreanName == "XYZ" && !ForecastCategory("XYZ").isDocumented)
        #expect(ForecastCategory(validating: "") == nil && ForecastCategory(validating: "ABCDEFGHI") == nil)
        #expect(ForecastCategory("ABCDEFGH").code == "ABCDEFGH")
        #expect(ForecastCategory.documented.count == 17)
        #expect([ForecastCategory.pty, .pcp, .pop].sorted() == [.pcp, .pop, .pty])
    }
}

@Suite("ForecastPageDecoder: the documented variant fixtures")
struct VariantFixtureTests {
    /// The first 24 items of the recorded short-term page, the source of most variants.
    static func recordedItems(_ count: Int) throws -> [ForecastItem] {
        Array(try ForecastPageDecoder.decode(try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json")).items.prefix(count))
    }

    @Test("Legal layouts decode to the recorded items", arguments: [
        "variant_shuffled_pretty.json", "variant_escaped_strings.json", "variant_numbers_as_strings.json",
        "variant_body_before_header.json",
    ])
    func legalLayouts(file: String) throws {
        let bytes = try Fixtures.bytes("api/variants/" + file)
        let page = try ForecastPageDecoder.decode(bytes)
        #expect(page.items == (try Self.recordedItems(24)))
        #expect(page.info.totalCount == 24)
        #expect(try ReferenceDecoder.decode(bytes) == page)
    }

    @Test("One item as an object; an empty run is an error (it read as a page of no items)")
    func singleAndEmpty() throws {
        #expect(try ForecastPageDecoder.decode(try Fixtures.bytes("api/variants/variant_single_item_object.json")).items == (try Self.recordedItems(1)))
        #expect(decodeError(try Fixtures.bytes("api/variants/variant_items_empty_string.json")) == .emptyRun)
    }

    @Test("Errors: truncated, legacy, XML")
    func errors() throws {
        let truncated = try Fixtures.bytes("api/variants/variant_truncated.json")
        #expect(decodeError(truncated) == .truncated(offset: truncated.count))
        #expect(decodeError(try Fixtures.bytes("api/variants/variant_legacy_0000.json")) == .legacyFormat("resultCode 0000 'OK'"))
        #expect(decodeError(try Fixtures.bytes("api/variants/variant_xml_datatype.xml")) == .xmlNotSupported)
    }

    @Test("Two pages of the recorded run make the same rows as the whole page")
    func twoPages() throws {
        var whole = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json"), into: &whole)
        var paged = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes("api/variants/variant_page2_of_2.json"), into: &paged)
        #expect(paged.completeness == .incomplete(received: 309, expected: 809))
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes("api/variants/variant_page1_of_2.json"), into: &paged)
        #expect(paged.completeness == .complete(809))
        #expect(paged.rows() == whole.rows())
    }
}
