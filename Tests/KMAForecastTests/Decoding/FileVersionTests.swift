import Testing
@testable import KMAForecast
import _KMATestSupport

/// The version in a getFcstVersion body, or the error.
func decodeVersion(_ text: String, fileType: String = "ODAM") -> Result<ForecastFileVersion, ForecastResponseError> {
    do throws(ForecastResponseError) {
        return .success(try FileVersionDecoder.decode(Array(text.utf8), fileType: fileType))
    } catch {
        return .failure(error)
    }
}

@Suite("ForecastFileVersion and FileVersionDecoder: getFcstVersion answers")
struct FileVersionDecoderTests {
    static let header = #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":"#
    static let footer = #"},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#

    @Test("A version is 14 digits forming a real KST time", arguments: [
        ("20210628092217", "2021-06-28T09:22:17+09:00"), ("20240229235959", "2024-02-29T23:59:59+09:00"),
    ])
    func version(_ text: String, _ iso: String) throws {
        let version = try #require(ForecastFileVersion(text))
        #expect(version.text == text && version.description == text && version.createdAt.iso8601 == iso)
        #expect(version.date == version.createdAt.date)
    }

    @Test("Anything else is no version", arguments: [
        "", "2021062809221", "202106280922170", "2021-06-28 09:22", "20211328092217", "20230229092217", "20210628242217",
        "20210628096017", "20210628092260", "２０２１０６２８０９２２１７", "00000628092217",
    ])
    func notAVersion(_ text: String) {
        #expect(ForecastFileVersion(text) == nil)
    }

    @Test("Versions order by creation time")
    func order() throws {
        #expect(try #require(ForecastFileVersion("20210628092217")) < (try #require(ForecastFileVersion("20210628093217"))))
    }

    @Test("item as an object, as a list, version as a number, keys in any order, extra keys", arguments: [
        header + #"{"filetype":"ODAM","version":"20210628092217"}"# + footer,
        header + #"[{"filetype":"ODAM","version":"20210628092217"}]"# + footer,
        header + #"[{"filetype":"VSRT","version":"20000101000000"},{"filetype":"ODAM","version":"20210628092217"}]"# + footer,
        header + #"{"version":20210628092217,"filetype":"odam","note":{"x":[1]}}"# + footer,
        header + #"{"version":"20210628092217"}"# + footer,
        #"{"response":{"body":{"items":{"item":{"filetype":"ODAM","version":"20210628092217"}}},"header":{"resultCode":0}}}"#,
        " \n" + header + #"{"filetype":"ODAM","version":"20210628092217"}"# + footer + "\n",
    ])
    func decodes(_ body: String) {
        #expect(decodeVersion(body).map(\.text) == .success("20210628092217"))
    }

    @Test("Errors are the page decoder's errors", arguments: [
        (#"{"response":{"header":{"resultCode":"03","resultMsg":"NO_DATA"}}}"#, ForecastResponseError.resultCode(.noData, message: "NO_DATA")),
        (#"{"response":{"header":{"resultCode":"10","resultMsg":"INVALID_REQUEST_PARAMETER_ERROR"},"body":{"items":""}}}"#,
         .resultCode(.invalidRequestParameter, message: "INVALID_REQUEST_PARAMETER_ERROR")),
        ("<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>SERVICE_KEY_IS_NOT_REGISTERED_ERROR</returnAuthMsg><returnReasonCode>30</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>",
         .gateway(reasonCode: .serviceKeyNotRegistered, authMessage: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", errorMessage: "SERVICE ERROR")),
        ("<html><head><title>502 Bad Gateway</title></head></html>", .html(title: "502 Bad Gateway")),
        ("", .empty),
    ])
    func errors(_ body: String, _ expected: ForecastResponseError) {
        #expect(decodeVersion(body) == .failure(expected))
        #expect(decodeVersion(body) == .failure(decodeError(Array(body.utf8)) ?? .empty))
    }

    @Test("A successful answer without a usable version is an unexpected shape, saying what is missing", arguments: [
        (header + #"{"filetype":"VSRT","version":"20210628092217"}"# + footer, "no version for ftype ODAM (it has VSRT)"),
        (header + #"{"filetype":"ODAM"}"# + footer, "no version for ftype ODAM"),
        (#"{"response":{"header":{"resultCode":"00"},"body":{"items":""}}}"#, "no version for ftype ODAM"),
        (#"{"response":{"header":{"resultCode":"00"}}}"#, "no version for ftype ODAM"),
        (header + #"{"filetype":"ODAM","version":"2021-06-28"}"# + footer, "'2021-06-28' is not YYYYMMDDHHMMSS"),
        (header + #"["ODAM"]"# + footer, "not an object"),
    ])
    func unusable(_ body: String, _ says: String) {
        guard case .failure(.unexpectedShape(let detail)) = decodeVersion(body) else {
            Issue.record("expected an unexpected shape for \(body)")
            return
        }
        #expect(detail.contains(says), "\(detail)")
    }

    @Test("Malformed and cut JSON are reported like a page's")
    func malformed() {
        let cut = Self.header + #"{"filetype":"ODAM","vers"#
        #expect(decodeVersion(cut) == .failure(.truncated(offset: cut.utf8.count)))
        guard case .failure(.malformedJSON) = decodeVersion(Self.header + "{,}" + Self.footer) else {
            Issue.record("expected malformed JSON")
            return
        }
    }
}

@Suite("ForecastProduct: file types, 10-minute updates, required categories")
struct ForecastProductUpdateTests {
    @Test("ftype per product")
    func fileTypes() {
        #expect(ForecastProduct.allCases.map(\.fileType) == ["ODAM", "VSRT", "SHRT"])
    }

    @Test("The next update is the next 10-minute mark strictly after the instant", arguments: [
        ((14, 12, 0), (14, 20)), ((14, 19, 59), (14, 20)), ((14, 20, 0), (14, 30)), ((14, 0, 0), (14, 10)), ((23, 55, 30), (24, 0)),
    ])
    func nextUpdate(_ at: (Int, Int, Int), _ expected: (Int, Int)) throws {
        let time = try KSTDateTime(year: 2026, month: 11, day: 21, hour: at.0, minute: at.1, second: at.2)
        let next = try KSTDateTime(year: 2026, month: 11, day: 21, hour: 0).adding(seconds: Int64(expected.0 * 3600 + expected.1 * 60))
        #expect(ForecastProduct.nowcast.nextContentUpdate(after: time) == next)
        #expect(ForecastProduct.ultraShort.nextContentUpdate(after: time) == next)
        #expect(ForecastProduct.shortTerm.nextContentUpdate(after: time) == nil)
    }

    @Test("The recorded runs have every required category at their first hour", arguments: [
        (ForecastProduct.shortTerm, "api/getVilageFcst_20221120_0500_nx60_ny120.json"),
        (.ultraShort, "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json"),
        (.nowcast, "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json"),
    ])
    func recordedRunsComplete(_ product: ForecastProduct, _ fixture: String) throws {
        var builder = ForecastRowBuilder()
        _ = try ForecastPageDecoder.decode(try Fixtures.bytes(fixture), into: &builder)
        let rows = builder.rows()
        #expect(product.missingCategories(in: rows).isEmpty)
        // Each required category is needed: without it at the first hour, the run is incomplete.
        let first = try #require(rows.first)
        for category in product.requiredCategories {
            var thinned = rows
            thinned[0][category] = nil
            #expect(product.missingCategories(in: thinned) == [category])
            #expect(first.contains(category))
        }
        // Only the first hour decides: the later hours may lack a category.
        var later = rows
        if later.count > 1 { later[later.count - 1][product.requiredCategories[0]] = nil }
        #expect(product.missingCategories(in: later).isEmpty)
        #expect(product.missingCategories(in: []) == product.requiredCategories)
    }

    @Test("WAV, TMN and TMX are not required of a short-term run")
    func optionalShortTerm() {
        #expect(!ForecastProduct.shortTerm.requiredCategories.contains(.wav))
        #expect(!ForecastProduct.shortTerm.requiredCategories.contains(.tmn) && !ForecastProduct.shortTerm.requiredCategories.contains(.tmx))
        #expect(ForecastProduct.shortTerm.requiredCategories.count == 11)
    }
}
