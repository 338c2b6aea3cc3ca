import Foundation
import Testing
import KMAForecast
import _KMATestSupport

@Suite("kma-forecast: the forecast, end to end over HTTP")
struct ForecastCommandTests {
    @Test("The merged view: now, the next hours, the days; three requests with the guide's parameters")
    func mergedText() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let result = await runTool(Scenario.arguments(server, ["--lang", "en"]), environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 0, "\(result.stderr)")
        // `next` is the library's one meaning: the earliest new content, here the 10-minute update.
        #expect(result.stdout.hasPrefix("grid nx 60, ny 127: runs 14:00 (nowcast), 14:30 (ultra-short) and 14:00\n  (short-term) KST, next "))
        #expect(result.stdout.contains("Now (observed 14:00): 11.5°C"))
        #expect(result.stdout.contains("Days ahead ("))
        #expect(!result.stdout.contains("Hourly forecast"))
        // The days section's mid-term requests go to the same server (NO_DATA here); the three
        // products take one request each.
        #expect(server.requests.allSatisfy { $0.path.hasPrefix("/1360000/") })
        let requests = server.forecastRequests.filter { !$0.operation.hasPrefix("getMid") }
        #expect(requests.count == 3)
        for request in requests {
            #expect(request.parameters["numOfRows"] == "1000")
            #expect(request.parameters["pageNo"] == "1")
            #expect(request.parameters["dataType"] == "JSON")
            #expect(request.parameters["nx"] == "60" && request.parameters["ny"] == "127")
            #expect(request.parameters["base_date"] == "20261121")
            // The key, encoded exactly once.
            #expect(request.rawQuery.contains("serviceKey=TESTKEY%2Babc%2Fdef%3D%3D"))
        }
        #expect(Set(requests.map { $0.parameters["base_time"] ?? "" }) == ["1400", "1430"])
        #expect(!result.stdout.contains("TESTKEY") && !result.stderr.contains("TESTKEY"))
    }

    @Test("The Encoding form of the key is sent the same way as the Decoding form")
    func encodedKey() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let result = await runTool(Scenario.arguments(server, ["--product", "nowcast", "--service-key", "TESTKEY%2Babc%2Fdef%3D%3D"]), now: Scenario.now)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.first?.rawQuery.contains("serviceKey=TESTKEY%2Babc%2Fdef%3D%3D") == true)
    }

    @Test("Each product alone, in JSON")
    func eachProduct() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        for (product, rows) in [("nowcast", 1), ("ultra-short", 6), ("short-term", 58)] {
            let result = await runTool(Scenario.arguments(server, ["--product", product, "--format", "json"]), environment: Scenario.environment, now: Scenario.now)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let products = try #require(object["products"] as? [[String: Any]])
            #expect(products.count == 1)
            #expect(products[0]["product"] as? String == product)
            #expect((products[0]["rows"] as? [Any])?.count == rows)
            let location = try #require(object["location"] as? [String: Any])
            #expect((location["cell"] as? [String: Any])?["nx"] as? Int == 60)
            #expect(object["recording"] == nil)
        }
    }

    @Test("CSV: the records contract with a product column, every row of every product")
    func csv() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let result = await runTool(Scenario.arguments(server, ["--format", "csv"]), environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let expectedLines = 1 + 1 + 6 + 58 + 3  // then the days the text view shows, one 'daily' row each
        // #require, not #expect: short output must fail the test, not crash the test process.
        try #require(lines.count == expectedLines)
        #expect(lines[0].hasPrefix("product,baseDate,baseTime,fcstDate,fcstTime,nx,ny,"))
        // Sorted by time; at the same hour the products come in the order nowcast, ultra-short, short-term.
        #expect(lines[1].hasPrefix("nowcast,20261121,1400,20261121,1400,60,127,"))
        #expect(lines[2].hasPrefix("ultra-short,20261121,1430,20261121,1500,60,127,"))
        #expect(lines[3].hasPrefix("short-term,20261121,1400,20261121,1500,60,127,"))
        #expect(lines.filter { $0.hasPrefix("ultra-short,") }.count == 6)
        #expect(lines.suffix(3).map { $0.prefix(6) } == ["daily,", "daily,", "daily,"])
    }

    @Test("A cache that cannot be written: the forecast prints, and one warning says why")
    func unwritableCache() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let file = try temporaryFile(named: "not-a-directory", contents: "x")
        defer { removeTemporary(file) }
        let result = await runTool(
            ["--nx", "60", "--ny", "127", "--base-url", server.baseURL, "--cache-dir", file + "/cache", "--format", "csv"],
            environment: Scenario.environment, now: Scenario.now
        )
        #expect(result.status == 0, "\(result.stderr)")
        let expectedLines = 1 + 1 + 6 + 58 + 3  // and the three days
        #expect(result.stdout.split(separator: "\n").count == expectedLines)
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("Warning: could not write the cache at ") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(warnings.first?.contains("(Not a directory)") == true)
    }

    @Test("A repeat call is served from the cache: zero requests until KMA's 10-minute update, then one small check per updating product")
    func cache() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-cli-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["--nx", "60", "--ny", "127", "--base-url", server.baseURL, "--cache-dir", directory, "--format", "json"]
        func requestsByProduct(_ result: ToolResult) throws -> [String: Int] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let products = try #require(object["products"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: products.compactMap { product in
                (product["product"] as? String).map { ($0, product["requests"] as? Int ?? -1) }
            })
        }
        // The point forecast's requests (the default forecast asks the mid-term service too).
        var requests: [RecordedRequest] { server.forecastRequests.filter { !$0.path.contains("MidFcstInfoService") } }
        let first = await runTool(arguments, environment: Scenario.environment, now: Scenario.now)
        #expect(first.status == 0)
        // Three pages; for the nowcast and ultra-short runs, their file versions first.
        #expect(requests.count == 5 && requests.filter { $0.operation == "getFcstVersion" }.count == 2)
        // 14:59: within the runs and before KMA's 15:00 update: nothing is asked.
        let second = await runTool(arguments, environment: Scenario.environment, now: Scenario.now.addingTimeInterval(540))
        #expect(second.status == 0)
        #expect(requests.count == 5)
        #expect(try requestsByProduct(second) == ["nowcast": 0, "ultra-short": 0, "short-term": 0])
        // 15:00: the nowcast and ultra-short runs may have changed; their versions are checked
        // (unchanged here), the short-term run is not.
        let third = await runTool(arguments, environment: Scenario.environment, now: Scenario.now.addingTimeInterval(600))
        #expect(third.status == 0)
        #expect(requests.count == 7 && requests.suffix(2).allSatisfy { $0.operation == "getFcstVersion" })
        #expect(try requestsByProduct(third) == ["nowcast": 1, "ultra-short": 1, "short-term": 0])
        // Each product says when its rows were fetched or confirmed, and KMA's file version.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(third.stdout.utf8)) as? [String: Any])
        let products = try #require(object["products"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: products.compactMap { p in (p["product"] as? String).map { ($0, p) } })
        #expect(byName["nowcast"]?["fetchedAt"] as? String == "2026-11-21T15:00:00+09:00")
        #expect(byName["nowcast"]?["fileVersion"] as? String == "20261121140000")
        #expect(byName["ultra-short"]?["fileVersion"] as? String == "20261121143000")
        #expect(byName["short-term"]?["fetchedAt"] as? String == "2026-11-21T14:50:00+09:00")
        #expect(byName["short-term"]?["fileVersion"] == nil)
        // Every file, in every folder of the cache.
        let files = FileManager.default.subpaths(atPath: directory) ?? []
        #expect(files.filter { $0.hasSuffix(".pages") }.count == 3)
        for file in files {
            let text = (try? String(contentsOfFile: directory + "/" + file, encoding: .utf8)) ?? ""
            #expect(!text.contains("TESTKEY") && !file.contains("TESTKEY"))
        }
    }

    @Test("KMA has not published the newest run yet: the previous one is used and labelled")
    func fallback() async throws {
        let server = try ReplayServer(runs: [try Scenario.shortTerm("1100")], expectedKey: Scenario.key)
        defer { server.stop() }
        let result = await runTool(Scenario.arguments(server, ["--product", "short-term", "--lang", "en"]), environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("short-term run 11:00 (an earlier run) KST"))
        #expect(server.forecastRequests.map { $0.parameters["base_time"] ?? "" } == ["1400", "1100"])
    }

    @Test("--at computes the bases for that instant")
    func at() async throws {
        let server = try ReplayServer(runs: [try Scenario.shortTerm("1100")], expectedKey: Scenario.key)
        defer { server.stop() }
        let result = await runTool(Scenario.arguments(server, ["--product", "short-term", "--at", "2026-11-21T11:10:00+09:00", "--format", "csv"]), environment: Scenario.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.forecastRequests.map { $0.parameters["base_time"] ?? "" } == ["1100"])
    }

    @Test("--provider apihub: the API Hub path and the authKey parameter")
    func apiHub() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let result = await runTool(["--nx", "60", "--ny", "127", "--provider", "apihub", "--base-url", server.apiHubBaseURL, "--no-cache", "--product", "nowcast"], environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 0, "\(result.stderr)")
        let request = try #require(server.forecastRequests.first)
        #expect(request.path == "/api/typ02/openApi/VilageFcstInfoService_2.0/getUltraSrtNcst")
        #expect(request.rawQuery.contains("authKey=TESTKEY%2Babc%2Fdef%3D%3D"))
        #expect(request.parameters["serviceKey"] == nil)
    }

    @Test("--place finds KMA's cell, typed in NFC or NFD (decomposed) Hangul, and asks for that cell")
    func place() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let nfc = "서울 종로구"
        let nfd = String(String.UnicodeScalarView(nfc.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
            // Decompose a Hangul syllable into its conjoining jamo (Unicode 3.12).
            let s = scalar.value
            guard (0xAC00...0xD7A3).contains(s) else { return [scalar] }
            let index = s - 0xAC00
            let jamo = [0x1100 + index / 588, 0x1161 + index % 588 / 28] + (index % 28 == 0 ? [] : [0x11A7 + index % 28])
            return jamo.compactMap(Unicode.Scalar.init)
        }))
        #expect(Array(nfd.unicodeScalars) != Array(nfc.unicodeScalars) && nfd.unicodeScalars.count > nfc.unicodeScalars.count)
        for name in [nfc, nfd] {
            let result = await runTool(["--place", name, "--base-url", server.baseURL, "--no-cache", "--product", "nowcast", "--format", "json"], environment: Scenario.environment, now: Scenario.now)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let location = try #require(object["location"] as? [String: Any])
            #expect(location["placeName"] as? String == "서울특별시 종로구")
            let cell = location["cell"] as? [String: Any]
            #expect(cell?["nx"] as? Int == 60 && cell?["ny"] as? Int == 127)
        }
        #expect(server.forecastRequests.allSatisfy { $0.parameters["nx"] == "60" && $0.parameters["ny"] == "127" })
    }

    @Test("Progress on standard error only when it is a terminal")
    func progress() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let tty = await runTool(Scenario.arguments(server, ["--product", "nowcast"]), environment: Scenario.environment, now: Scenario.now, stderrIsTerminal: true)
        #expect(tty.stderr.contains("Fetching from KMA") || tty.stderr.contains("KMA에서"))
        let pipe = await runTool(Scenario.arguments(server, ["--product", "nowcast"]), environment: Scenario.environment, now: Scenario.now)
        #expect(pipe.stderr.isEmpty)
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var label: String
        var fault: ReplayFault?
        var expectedKey: String?
        var fragments: [String]
        var testDescription: String { label }
    }

    static let failures: [Failure] = [
        Failure(label: "key not registered", fault: nil, expectedKey: "ANOTHER-KEY", fragments: ["SERVICE_KEY_IS_NOT_REGISTERED_ERROR", "hour"]),
        Failure(label: "quota exceeded", fault: .body(#"<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR</returnAuthMsg><returnReasonCode>22</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>"#, contentType: "text/xml"), expectedKey: Scenario.key, fragments: ["quota", "10,000"]),
        Failure(label: "KMA down", fault: .status(500), expectedKey: Scenario.key, fragments: ["HTTP 500", "Try again"]),
        Failure(label: "unsubscribed (403)", fault: .status(403), expectedKey: Scenario.key, fragments: ["403", "subscribed"]),
        Failure(label: "HTML page", fault: .body("<html><head><title>Maintenance</title></head></html>", contentType: "text/html"), expectedKey: Scenario.key, fragments: ["HTML page", "Maintenance"]),
    ]

    @Test("Failures say what happened and what to do; exit 1; no output; the key never appears", arguments: failures)
    func failure(_ c: Failure) async throws {
        let server = try Scenario.server(expectedKey: c.expectedKey)
        defer { server.stop() }
        if let fault = c.fault { server.inject(fault, times: 1000) }
        for format in ["text", "json"] {
            let result = await runTool(Scenario.arguments(server, ["--format", format]), environment: Scenario.environment, now: Scenario.now)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("Error: "))
            for fragment in c.fragments { #expect(result.stderr.contains(fragment), "\(result.stderr)") }
            #expect(!result.stderr.contains("TESTKEY") && !result.stderr.contains("abc%2Fdef"))
        }
    }

    @Test("No network: the message says so")
    func noNetwork() async throws {
        let port = try RefusingPort()
        let result = await runTool(["--nx", "60", "--ny", "127", "--base-url", port.baseURL, "--no-cache"], environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Could not reach 127.0.0.1"))
        #expect(result.stderr.contains("network"))
    }

    @Test("One product failing: the others are shown, with a warning; for JSON and CSV the exit status says the forecast is partial (1)")
    func partial() async throws {
        let server = try Scenario.server()
        defer { server.stop() }
        server.inject(.status(500), times: 100, when: ReplayMatch(operation: "getUltraSrtNcst"))
        let result = await runTool(Scenario.arguments(server, ["--lang", "en"]), environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 0)  // a person reads the warning and the view's `!` line
        #expect(result.stderr.hasPrefix("Warning: nowcast: KMA's server answered HTTP 500"))
        let json = await runTool(Scenario.arguments(server, ["--format", "json"]), environment: Scenario.environment, now: Scenario.now)
        #expect(json.status == 1 && json.stdout.contains(#""status":"failed""#))  // a program is told: partial
        #expect(result.stdout.contains("KST; nowcast\n  unavailable, next "))
        #expect(result.stdout.contains("Days ahead ("))
    }

    @Test("Usage errors: place not found, ambiguous place, a point outside the grid, conflicting options", arguments: [
        (["--place", "없는동네"], "No region in KMA's grid table matches"),
        (["--place", "중구"], "matches 6 regions"),
        (["--lat", "10", "--lon", "10"], "outside the KMA forecast grid"),
        (["--lat", "37.5"], "Missing expected argument '--lon <lon>'"),
        (["--lat", "37.5", "--lon", "127", "--place", "부산", "--days", "3"], "Give only one of"),  // without --days: two places, a batch
        (["--nx", "60", "--ny", "127", "--no-cache", "--cache-dir", "/tmp/x"], "Give only one of '--no-cache'"),
        (["--nx", "60", "--ny", "127", "--product", "vilage"], "Please provide one of 'nowcast', 'ultra-short' or 'short-term'"),
    ])
    func usage(arguments: [String], fragment: String) async {
        let result = await runTool(arguments, environment: Scenario.environment, now: Scenario.now)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
        #expect(result.stderr.contains("See 'kma-forecast --help'"))
    }
}

@Suite("kma-forecast: the first run, with no key and no network")
struct FirstRunTests {
    @Test("Without a key the text view shows the bundled sample, with a notice that says so")
    func sampleWithoutKey() async throws {
        let result = await runTool(["--lat", "37.56", "--lon", "126.97"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("경기도 수원시 권선구"))
        #expect(result.stdout.hasPrefix("Sample: a recorded KMA short-term forecast (단기예보), run 2022-11-20 05:00 KST"))
        #expect(result.stdout.contains("Days ahead (short-term)") && result.stdout.contains("Mid-term sample: 서울특별시, run 2026-10-04 06:00 KST"))
        #expect(result.stderr.hasPrefix("Note: no KMA service key is set (KMA_SERVICE_KEY), so this shows sample data"))
        #expect(result.stderr.contains("2022-11-20 05:00 KST"))
        #expect(result.stderr.contains("data.go.kr"))
        #expect(result.stderr.contains("nx 60, ny 127"))
    }

    @Test("--demo in each format and product, even with a key set, makes no request")
    func demo() async throws {
        for product in ["nowcast", "ultra-short", "short-term"] {
            for format in ["text", "json", "csv"] {
                let result = await runTool(["--demo", "--product", product, "--format", format], environment: ["KMA_SERVICE_KEY": "x", "KMA_BASE_URL": "http://127.0.0.1:9/unreachable"])
                #expect(result.status == 0, "\(product) \(format): \(result.stderr)")
                #expect(result.stderr.hasPrefix("Note: --demo shows sample data"))
                #expect(!result.stdout.isEmpty)
            }
        }
        let json = await runTool(["--demo", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let recording = try #require(object["recording"] as? [String: Any])
        #expect((recording["note"] as? String)?.contains("2022-11-20 05:00 KST") == true)
    }

    @Test("Without a key, JSON or CSV for a program fails with how to get and set a key")
    func noKeyForPrograms() async {
        for format in ["json", "csv"] {
            let result = await runTool(["--lat", "37.56", "--lon", "126.97", "--format", format])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("No KMA service key is set"))
            #expect(result.stderr.contains("KMA_SERVICE_KEY"))
            #expect(result.stderr.contains("data.go.kr"))
        }
    }

    @Test("The help describes the main job and the subcommands")
    func help() async {
        let result = await runTool(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: kma-forecast --lat <lat> --lon <lon> [options]"))
        #expect(result.stdout.contains("--place <name>"))
        #expect(result.stdout.contains("SUBCOMMANDS:"))
        #expect(result.stdout.contains("base-time"))
    }
}
