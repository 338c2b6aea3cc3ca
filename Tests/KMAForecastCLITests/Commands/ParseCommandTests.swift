import Foundation
import Testing
import KMAForecast
import _KMATestSupport

@Suite("kma-forecast parse")
struct ParseCommandTests {
    static let shortTerm = Fixtures.path("api/getVilageFcst_20221120_0500_nx60_ny120.json")
    static let nowcast = Fixtures.path("api/getUltraSrtNcst_20210328_1400_nx56_ny125.json")
    static let ultraShort = Fixtures.path("api/getUltraSrtFcst_20210328_1530_nx56_ny125.json")

    /// Parses CSV text (RFC 4180) into records.
    static func records(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending: Character?
        while let c = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                    } else { quoted = false }
                } else { field.append(c) }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                record.append(field); field = ""
            } else if c == "\n" {
                record.append(field); records.append(record); record = []; field = ""
            } else {
                field.append(c)
            }
        }
        if !field.isEmpty || !record.isEmpty { record.append(field); records.append(record) }
        return records
    }

    @Test("CSV: the contract's columns, one line per row, every cell exactly as KMA sent it")
    func csvContract() async throws {
        let result = await runTool(["parse", Self.shortTerm, "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let records = Self.records(result.stdout)
        let header = try #require(records.first)
        #expect(Array(header.prefix(6)) == ["baseDate", "baseTime", "fcstDate", "fcstTime", "nx", "ny"])
        #expect(Set(header.dropFirst(6)) == ["TMP", "UUU", "VVV", "VEC", "WSD", "SKY", "PTY", "POP", "WAV", "PCP", "REH", "SNO", "TMN", "TMX"])
        #expect(records.count == 1 + 67)
        #expect(records[1].prefix(6) == ["20221120", "0500", "20221120", "0600", "60", "120"])
        // Every item is in exactly one cell, unchanged; the other cells are empty.
        let page = try ForecastPageDecoder.decode(try Fixtures.bytes("api/getVilageFcst_20221120_0500_nx60_ny120.json"))
        var expected: [String: String] = [:]
        for item in page.items {
            expected["\(item.forecastDateString) \(item.forecastTimeString) \(item.category.code)"] = item.value
        }
        var filled = 0
        for record in records.dropFirst() {
            #expect(record.count == header.count)
            for (index, code) in header.enumerated().dropFirst(6) {
                let key = "\(record[2]) \(record[3]) \(code)"
                #expect(record[index] == (expected[key] ?? ""), "\(key)")
                if !record[index].isEmpty { filled += 1 }
            }
        }
        #expect(filled == 809)
        let times = records.dropFirst().map { $0[2] + $0[3] }
        #expect(times == times.sorted())
    }

    @Test("CSV for the nowcast: fcstDate/fcstTime are the observation's base date and time")
    func nowcastCSV() async {
        let result = await runTool(["parse", Self.nowcast, "--format", "csv"])
        #expect(result.stdout == """
            baseDate,baseTime,fcstDate,fcstTime,nx,ny,PTY,REH,UUU,VVV,VEC,WSD,T1H,RN1
            20210328,1400,20210328,1400,56,125,0,91,1.8,1,241,2.1,9.1,0

            """)
    }

    @Test("CSV quoting and sorting across cells")
    func quotingAndSorting() async throws {
        let base = try ForecastBase(baseDate: "20261121", baseTime: "0500")
        let items = [
            ForecastItem(base: base, category: .pcp, forecastDate: 20_261_121, forecastTime: 700, value: "a,\"b\"", nx: 61, ny: 126),
            ForecastItem(base: base, category: .tmp, forecastDate: 20_261_121, forecastTime: 600, value: "3", nx: 61, ny: 126),
            ForecastItem(base: base, category: .tmp, forecastDate: 20_261_121, forecastTime: 600, value: "4", nx: 60, ny: 127),
        ]
        let result = await runTool(["parse", "-", "--format", "csv"], stdin: String(decoding: PageGenerator.page(items), as: UTF8.self))
        #expect(result.stdout == #"""
            baseDate,baseTime,fcstDate,fcstTime,nx,ny,PCP,TMP
            20261121,0500,20261121,0600,60,127,,4
            20261121,0500,20261121,0600,61,126,,3
            20261121,0500,20261121,0700,61,126,"a,""b""",

            """#)
    }

    @Test("Several pages of one run, in any order, give the same rows as one page")
    func severalPages() async throws {
        let base = try ForecastBase(baseDate: "20261121", baseTime: "0500")
        let items = PageGenerator.shortTermItems(count: 700, base: base, nx: 60, ny: 127)
        let whole = try temporaryFile(named: "whole.json", contents: String(decoding: PageGenerator.page(items), as: UTF8.self))
        let first = try temporaryFile(named: "p1.json", contents: String(decoding: PageGenerator.page(Array(items[0..<400]), numOfRows: 400, totalCount: 700), as: UTF8.self))
        let second = try temporaryFile(named: "p2.json", contents: String(decoding: PageGenerator.page(Array(items[400...]), pageNo: 2, numOfRows: 400, totalCount: 700), as: UTF8.self))
        defer { [whole, first, second].forEach(removeTemporary) }
        let one = await runTool(["parse", whole, "--format", "csv"])
        let two = await runTool(["parse", second, first, "--format", "csv"])
        #expect(one.status == 0 && two.status == 0)
        // Column order follows first appearance, so compare the rows keyed by header.
        func keyed(_ text: String) -> [[String: String]] {
            let records = Self.records(text)
            guard let header = records.first else { return [] }
            return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        }
        let a = keyed(one.stdout), b = keyed(two.stdout)
        #expect(a.count == 58)  // 700 items: 12 a hour, plus TMN/TMX
        #expect(a == b)

        let missing = await runTool(["parse", first, "--format", "csv"])
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("400 of totalCount 700"))
        #expect(missing.stderr.contains("--allow-incomplete"))

        let allowed = await runTool(["parse", first, "--format", "csv", "--allow-incomplete"])
        #expect(allowed.status == 0)
        #expect(allowed.stderr.hasPrefix("Warning: the rows are incomplete"))
        #expect(!allowed.stdout.isEmpty)

        let repeated = await runTool(["parse", first, first])
        #expect(repeated.status == 1)
        #expect(repeated.stderr.contains("appears twice"))
    }

    @Test("An error page prints its error and no rows, exit 1", arguments: [
        ("api/error_10_bad_parameter.json", "INVALID_REQUEST_PARAMETER_ERROR"),
        ("api/error_01_application_error.json", "APPLICATION_ERROR"),
        ("api/gateway_error_30_key_not_registered.xml", "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"),
        ("api/legacy_2019_VilageFrcst_20190531_0500_nx60_ny127.xml", "pre-2021"),
        // Regression (issue 9): these read as "no 'response' object", "XML is not supported", or zero rows.
        ("api/gateway_error_30_key_not_registered.http403.json", "returnReasonCode 30 SERVICE_KEY_IS_NOT_REGISTERED_ERROR (\"등록되지 않은 서비스키\")"),
        ("api/hand_made_gateway_error_22_quota_namespaced.xml", "it resets at midnight KST (00:00 KST)"),
        ("api/hand_made_apihub_401_invalid_key.json", "KMA API Hub refused the request (status 401: \"유효하지 않은 인증키 입니다.\"). Check the authKey"),
        ("api/hand_made_apihub_403_not_allowed.json", "\"허용되지 않은 API 입니다.\""),
        ("api/variants/variant_items_empty_string.json", "an empty run, not a forecast"),
    ])
    func errorPages(file: String, fragment: String) async {
        for format in ["text", "json", "csv"] {
            let result = await runTool(["parse", Self.shortTerm, Fixtures.path(file), "--format", format])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("Error: '\(Fixtures.path(file))': "))
            #expect(result.stderr.contains(fragment))
        }
    }

    @Test("An empty run alone (resultCode 00, \"body\":{}) fails with exit 1, not zero rows")
    func emptyRunAlone() async {
        let body = #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{}}}"#
        for format in ["text", "json", "csv"] {
            let result = await runTool(["parse", "-", "--format", format], stdin: body)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("Error: standard input: KMA answered resultCode 00 NORMAL_SERVICE with no items (totalCount 0): an empty run, not a forecast."), "\(result.stderr)")
        }
    }

    @Test("Pages of different products are refused")
    func mixedProducts() async {
        let result = await runTool(["parse", Self.nowcast, Self.ultraShort])
        #expect(result.status == 1)
        #expect(result.stderr.contains("mix products"))
    }

    @Test("JSON: typed values with their raw text, and daily summaries")
    func json() async throws {
        let result = await runTool(["parse", Self.shortTerm, "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["product"] as? String == "short-term")
        #expect(object["complete"] as? Bool == true)
        #expect(object["totalCount"] as? Int == 809)
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count == 67)
        let first = rows[0]
        #expect(first["fcstDate"] as? String == "20221120" && first["fcstTime"] as? String == "0600")
        let values = try #require(first["values"] as? [String: [String: Any]])
        #expect(values["TMP"]?["raw"] as? String == "10")
        #expect(values["TMP"]?["value"] as? Double == 10)
        #expect(values["PCP"]?["raw"] as? String == "강수없음")
        #expect(values["SKY"]?["kind"] as? String == "sky")
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 4)
    }

    @Test("Text for people in Korean and English")
    func text() async {
        let en = await runTool(["parse", Self.shortTerm, "--lang", "en"])
        #expect(en.stdout.hasPrefix("short-term forecast · run 2022-11-20 05:00 KST · nx 60, ny 120 · 67 hours\n"))
        #expect(en.stdout.contains("overcast"))
        #expect(en.stdout.contains("Daily summary"))
        let ko = await runTool(["parse", Self.shortTerm], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(ko.stdout.contains("흐림"))
        #expect(ko.stdout.contains("일별 요약"))
        let imperial = await runTool(["parse", Self.shortTerm, "--units", "imperial", "--lang", "en"])
        #expect(imperial.stdout.contains("°F"))
        #expect(imperial.stdout.contains("mph"))
    }

    @Test("Usage: no files, unknown option")
    func usage() async {
        let none = await runTool(["parse"])
        #expect(none.status == 64)
        #expect(none.stderr.hasPrefix("Error: Missing expected argument '<file> ...'"))
        let bad = await runTool(["parse", Self.shortTerm, "--fromat", "csv"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: Unknown option '--fromat'. Did you mean '--format'?"))
        let missingFile = await runTool(["parse", "/nonexistent/page.json"])
        #expect(missingFile.status == 1)
        #expect(missingFile.stderr.hasPrefix("Error: cannot read '/nonexistent/page.json'"))
    }
}
