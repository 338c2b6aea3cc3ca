import Testing
@testable import KMAForecast
import _KMATestSupport

@Suite("Warning answers: getPwnCd pages, getPwnStatus, code 99 and code 30 envelopes, broken characters")
struct WarningDecoderTests {
    @Test("The recorded getPwnCd window decodes: 104 events, numbers and texts, U+FFFD kept in a name")
    func window() throws {
        let page = try WarningDecoder.events(Fixtures.bytes("warnings/getPwnCd_20260921-20260927_window.json"))
        #expect(page.events.count == 104)
        #expect(page.totalCount == 104 && page.numOfRows == 1000 && page.pageNo == 1 && page.pageCount == 1)
        let first = try #require(page.events.first)
        #expect(first.zoneID == "L1090500" && first.zoneName == "제주도산지")
        #expect(first.command == .release && first.kind == .heavyRain && first.level == .warning)
        #expect(first.issuedAt.iso8601 == "2026-09-26T12:00:00+09:00" && first.endsAt?.iso8601 == "2026-09-26T12:00:00+09:00")
        #expect(first.startsAt == nil && first.sequence == 130 && !first.isCancelled && first.stationID == "108")
        let broken = try #require(page.events.first { $0.zoneID == "S1323300" && $0.sequence == 105 })
        #expect(broken.zoneName.unicodeScalars.contains("\u{FFFD}"))
        #expect(Set(page.events.map(\.command.code)) == [1, 2, 7])
    }

    @Test("Both excerpts decode, with 중대경보 (warnStress 2) and a broken name")
    func excerpts() throws {
        let daily = try WarningDecoder.events(Fixtures.bytes("warnings/getPwnCd_20260730-20260927_5zones_daily_excerpt.json"))
        #expect(daily.events.count == 102)
        #expect(daily.events.contains { $0.level == .severe })
        #expect(daily.events.contains { $0.zoneID == "L1082700" && $0.zoneName.unicodeScalars.contains("\u{FFFD}") })
        let allEnd = try WarningDecoder.events(Fixtures.bytes("warnings/getPwnCd_20260729-20260902_allEndTime_excerpt.json"))
        #expect(allEnd.events.count == 51)
        #expect(allEnd.events.filter { $0.level == .severe }.count == 7)
    }

    @Test("Code 99 (query period over 6 days) is a clear error, recognised as the period refusal")
    func code99() throws {
        #expect {
            try WarningDecoder.events(Fixtures.bytes("warnings/error_99_query_period_over_6_days.json"))
        } throws: { error in
            guard let error = error as? ForecastResponseError, case .resultCode(let code, let message) = error else { return false }
            return code == .unknownError && message.hasPrefix("최대 조회 기간은") && WarningDecoder.isQueryPeriodRefusal(error)
        }
        #expect(!WarningDecoder.isQueryPeriodRefusal(.resultCode(.unknownError, message: "UNKNOWN_ERROR")))
    }

    @Test("Code 30 (the gateway's JSON envelope) is the gateway's refusal")
    func code30() throws {
        #expect {
            try WarningDecoder.events(Fixtures.bytes("warnings/error_30_service_key_not_registered.http403.json"))
        } throws: { error in
            guard let error = error as? ForecastResponseError, case .gateway(let code, _, _) = error else { return false }
            return code == .serviceKeyNotRegistered
        }
    }

    @Test("NO_DATA is a page without events; an empty body, HTML and a cut body are errors")
    func noDataAndBroken() throws {
        let noData = Array(#"{"response":{"header":{"resultCode":"03","resultMsg":"NODATA_ERROR"}}}"#.utf8)
        #expect(try WarningDecoder.events(noData).events.isEmpty)
        #expect(throws: ForecastResponseError.empty) { try WarningDecoder.events([]) }
        #expect(throws: ForecastResponseError.self) { try WarningDecoder.events(Array("<html><title>x</title></html>".utf8)) }
        let window = try Fixtures.bytes("warnings/getPwnCd_20260921-20260927_window.json")
        #expect(throws: ForecastResponseError.self) { try WarningDecoder.events(Array(window.prefix(5000))) }
    }

    @Test("A single item object and text numbers decode; a row without a kind is refused")
    func shapes() throws {
        let one = Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"OK"},"body":{"items":{"item":{"areaCode":"L1100100","areaName":"서울동남권","command":1,"warnVar":"12","warnStress":"0","tmFc":"202608011000","tmSeq":"3","startTime":202608011100,"endTime":0,"allEndTime":0,"cancel":"0","stnId":"108"}},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#.utf8)
        let page = try WarningDecoder.events(one)
        #expect(page.events.count == 1 && page.events[0].kind == .heatWave && page.events[0].startsAt?.iso8601 == "2026-08-01T11:00:00+09:00")
        let bad = Array(#"{"response":{"header":{"resultCode":"00"},"body":{"items":{"item":[{"areaCode":"L1100100","command":"1","warnStress":0,"tmFc":202608011000}]}}}}"#.utf8)
        #expect(throws: ForecastResponseError.self) { try WarningDecoder.events(bad) }
    }

    @Test("getPwnStatus: the bulletin's texts as sent, nothing in force")
    func status() throws {
        let bulletin = try #require(try WarningDecoder.bulletin(Fixtures.bytes("warnings/getPwnStatus_20260926_1200_none_active.json")))
        #expect(bulletin.inForce.contains("없 음"))
        #expect(bulletin.preliminary.contains("없음"))
        #expect(bulletin.issuedAt != nil)
    }

    @Test("Titles: Korean and English, codes without a name never take another's")
    func titles() {
        #expect(WarningKind.koreanTitle(kind: .heatWave, level: .warning) == "폭염경보")
        #expect(WarningKind.englishTitle(kind: .heatWave, level: .warning) == "Heat wave warning")
        #expect(WarningKind.koreanTitle(kind: .heatWave, level: .severe) == "폭염중대경보")
        #expect(WarningKind.koreanTitle(kind: .heavyRain, level: .advisory) == "호우주의보")
        for code in [7, 8, 9, 10, 11, 99] {
            let title = WarningKind.koreanTitle(kind: WarningKind(code: code), level: .warning)
            #expect(title == "특보(\(code)) 경보")
            #expect(!["태풍", "대설", "황사"].contains { title.contains($0) })
        }
        #expect(WarningKind.englishTitle(kind: WarningKind(code: 7), level: .advisory) == "Warning kind 7 advisory")
        #expect(WarningKind.koreanTitle(kind: .wind, level: WarningLevel(code: 5)) == "강풍(단계 5)")
    }
}
