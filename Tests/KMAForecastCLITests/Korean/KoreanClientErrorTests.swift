import Foundation
import KMAForecast
import KMAForecastClient
import KMAForecastText
import KMAGrid
import KMAPlaces
import Testing
import _KMATestSupport

/// Issue 30, `--lang ko` to the errors: every ``ForecastClientError/Reason`` has its Korean, from
/// the error's case, with no English sentence left in it, for every service.
@Suite("Every client error has Korean text")
struct KoreanClientErrorTests {
    /// Each case's index; a new case does not compile here until it is added (and a sample of
    /// it below, or `allCasesSampled` fails).
    static func index(_ reason: ForecastClientError.Reason) -> Int {
        switch reason {
        case .invalidServiceKey: 0
        case .invalidBaseURL: 1
        case .invalidConfiguration: 2
        case .outsideGrid: 3
        case .budgetExhausted: 4
        case .unknownPlace: 5
        case .noMidTermRegion: 6
        case .quotaExhausted: 7
        case .waitRequested: 8
        case .undecodableResponse: 9
        case .unreachable: 10
        case .timedOut: 11
        case .connectionLost: 12
        case .secureConnectionFailed: 13
        case .certificateRejected: 14
        case .tooManyRedirects: 15
        case .redirectedElsewhere: 16
        case .responseTooLarge: 17
        case .unparsableResponse: 18
        case .transport: 19
        case .cancelled: 20
        case .forbidden: 21
        case .tooManyRequests: 22
        case .httpStatus: 23
        case .response: 24
        case .paging: 25
        case .foreignItem: 26
        case .rows: 27
        case .mixedBaseLabels: 28
        case .noData: 29
        case .emptyRun: 30
        case .incompleteRun: 31
        case .midTermNoData: 32
        case .field: 33
        case .notRecorded: 34
        case .sideServiceLate: 35
        }
    }

    static let caseCount = 36

    /// What the samples have KMA (or a server) send, quoted as sent in either language.
    static let sentByKMA = ["input variable error (-1)", "SERVICE ERROR", "ANOTHER ERROR TEXT", "502 Bad Gateway"]

    static func samples() throws -> [ForecastClientError.Reason] {
        let cell = try GridCell(nx: 60, ny: 127)
        let base = try ForecastBase(baseDate: "20261121", baseTime: "0500")
        let item = ForecastItem(base: base, category: ForecastCategory("TMP"), forecastDate: 20261121, forecastTime: 600, value: "5", nx: 60, ny: 127)
        let place = try #require(PlaceDirectory.kma.places.first)
        var reasons: [ForecastClientError.Reason] = [
            .invalidServiceKey("the key is empty"), .invalidServiceKey("something the table does not know"),
            .invalidBaseURL("'ftp://x' does not start with http:// or https://"),
            .invalidConfiguration("the cache directory is an empty path; give a directory, or disable the cache"),
            .notRecorded(place: "부산광역시", cell: try GridCell(nx: 98, ny: 76), recorded: ["경기도 수원시 권선구 (nx 60, ny 120)"]),
            .notRecorded(place: nil, cell: cell, recorded: []),
            .outsideGrid(.outsideGrid(GeoCoordinate(latitude: 10, longitude: 10), nx: -3000, ny: -2000)),
            .outsideGrid(.latitudeOutOfRange(.nan)), .outsideGrid(.nxOutOfRange(0)),
            .budgetExhausted(limit: 10), .unknownPlace(.notFound("종루구", suggestions: [place])),
            .unknownPlace(.notFound("xyzzy", suggestions: [])), .unknownPlace(.ambiguous("중구", candidates: [place, place])),
            .noMidTermRegion(cell), .quotaExhausted(resetsAt: Date(timeIntervalSince1970: 1_800_000_000)),
            .waitRequested(seconds: 100_000, maximumWait: .seconds(30), reason: .tooManyRequests),
            .undecodableResponse(host: "127.0.0.1", detail: "its chunked framing is broken: a chunk size"),
            .unreachable(host: "127.0.0.1:9", detail: "the connection was refused"), .unreachable(host: "h", detail: "no network connection"),
            .timedOut(seconds: 0.5), .sideServiceLate(seconds: 5), .connectionLost(detail: "the answer was cut short or garbled, URLError -1017"),
            .secureConnectionFailed(host: "h"), .certificateRejected(host: "h"), .tooManyRedirects(host: "h"),
            .redirectedElsewhere(host: "h", location: ""), .redirectedElsewhere(host: "h", location: "http://evil.example/"),
            .responseTooLarge(limit: 8 << 20), .unparsableResponse(host: "h", detail: "the answer does not begin with an HTTP status line"),
            .transport(domain: "URLError", code: -1), .transport(domain: "NSPOSIXErrorDomain", code: 5), .cancelled,
            .forbidden(.dataGoKr), .forbidden(.apiHub), .tooManyRequests, .httpStatus(500), .httpStatus(401), .httpStatus(404), .httpStatus(418),
            .paging(.totalCountChanged(pageNo: 2, first: 10, now: 11)), .paging(.implausibleTotalCount(-1)), .paging(.emptyRun),
            .foreignItem(expected: "nx 60, ny 127", found: "nx 61, ny 127"),
            .rows(.duplicate(item, existing: "4")), .rows(.mixedRuns(item, rowBase: base)), .rows(.outOfRange(item)),
            .rows(.tooManyCategories(item, limit: 64)),
            .mixedBaseLabels(run: base, labels: [base, try ForecastBase(baseDate: "20261121", baseTime: "0530")]),
            .noData(product: .ultraShort, cell: cell, tried: [base]), .emptyRun(product: .shortTerm, cell: cell, tried: [base], empty: [base]),
            .incompleteRun(product: .shortTerm, base: base, missing: [ForecastCategory("TMP")]),
            .midTermNoData(operation: "getMidTa", regionID: "11B10101", tried: ["202611210600"]),
            .field(.serviceMessage("input variable error (-1)")), .field(.wrongCount(found: 3, expected: 37_697)),
            .field(.truncated(valuesRead: 3, expected: 37_697)), .field(.invalidNumber(line: 2, text: "x")),
            .field(.misalignedRow(ny: 1, line: 8, values: 8, expected: 9)), .field(.allMissing(variable: "TMP")),
            .field(.implausibleValue(variable: "TMP", value: 899.99, nx: 1, ny: 1, range: -60...60)), .field(.empty),
        ]
        let responses: [ForecastResponseError] = [
            .emptyRun, .xmlNotSupported, .legacyFormat("resultCode 0000"), .html(title: "502 Bad Gateway"), .html(title: nil), .empty,
            .malformedJSON(offset: 0, reason: "expected '{' to start a JSON response"), .truncated(offset: 10), .unexpectedShape("'response' has no 'header'"),
            .apiHubRefusal(status: 403, message: "허용되지 않은 API 입니다"), .apiHubRefusal(status: 401, message: ""), .apiHubRefusal(status: nil, message: "x"),
            .apiHubRefusal(status: 403, message: "활용신청 필요"),
        ]
        reasons += responses.map { .response($0) }
        for code in ["01", "02", "03", "04", "05", "10", "11", "12", "20", "21", "22", "23", "29", "30", "31", "32", "33", "99", "77"] {
            let code = ResultCode(rawValue: code)
            reasons.append(.response(.resultCode(code, message: "SERVICE ERROR \"quoted\" 그대로")))
            reasons.append(.response(.gateway(reasonCode: code, authMessage: "SERVICE ERROR", errorMessage: "ANOTHER ERROR TEXT")))
        }
        reasons.append(.response(.resultCode(ResultCode(rawValue: "99"), message: "조회 기간은 최대 6일입니다")))
        return reasons
    }

    @Test("The samples cover every case")
    func allCasesSampled() throws {
        #expect(Set(try Self.samples().map(Self.index)) == Set(0..<Self.caseCount))
    }

    @Test("Every case, for every service and with retries, reads in Korean: Hangul, and no English sentence")
    func korean() throws {
        for reason in try Self.samples() {
            for service in ForecastClientError.Service.allCases {
                for attempts in [0, 3] {
                    let error = ForecastClientError(reason, url: nil, attempts: attempts, service: service)
                    let text = error.koreanDescription
                    #expect(text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(reason): \(text)")
                    // KMA's own words are quoted as sent, whatever their language.
                    // KMA's own words are quoted as sent, whatever their language; so is a parser's detail.
                    let quoted = text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                    let ours = Self.sentByKMA.reduce(quoted.joined(separator: "…")) { $0.replacingOccurrences(of: $1, with: "…") }
                    #expect(EnglishSentence.firstRun(in: ours) == nil, "\(reason) (\(service)): \(text)")
                    #expect(!text.contains("{}"), "\(reason): \(text)")
                    // The English stays as it was.
                    #expect(error.description != text)
                }
            }
        }
    }

    @Test("A failure keeps its Korean in memory; decoded from JSON it has its stored message")
    func failure() throws {
        let failure = ForecastFailure(ForecastClientError(.httpStatus(500), attempts: 3))
        #expect(failure.koreanMessage.hasPrefix("기상청 서버가 HTTP 500"))
        let decoded = try JSONDecoder().decode(ForecastFailure.self, from: JSONEncoder().encode(failure))
        #expect(decoded == failure)
        #expect(decoded.koreanMessage == failure.message)
    }

    @Test("The checker finds English")
    func checker() {
        #expect(EnglishSentence.firstRun(in: "오류: Could not reach 127.0.0.1:9 (the connection was refused)") != nil)
        #expect(EnglishSentence.firstRun(in: "코드 22 (LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR), getVilageFcst, --base-url 을 주세요") == nil)
    }
}
