import Foundation
import Testing

@Suite("kma-forecast base-time")
struct BaseTimeCommandTests {
    @Test("The JSON shape, at an instant with an offset", arguments: [
        ("2026-11-21T02:09:59+09:00", "short-term", "20261120", "2300"),
        ("2026-11-21T02:10:00+09:00", "short-term", "20261121", "0200"),
        ("2026-11-20T17:09:59Z", "short-term", "20261120", "2300"),
        ("2026-11-20T17:10:00Z", "short-term", "20261121", "0200"),
        ("2026-11-21T02:10", "short-term", "20261121", "0200"),
        ("2026-11-21 02:09:59", "short-term", "20261120", "2300"),
        ("2026-11-21T00:09:59+09:00", "nowcast", "20261120", "2300"),
        ("2026-11-21T00:10:00+0900", "nowcast", "20261121", "0000"),
        ("2026-11-21T00:44:59.999+09:00", "ultra-short", "20261120", "2330"),
        ("2026-11-20T15:45:00.000Z", "ultra-short", "20261121", "0030"),
        ("2027-01-01T01:00:00+09", "short-term", "20261231", "2300"),
        ("2026-11-20T12:10:00-05:00", "short-term", "20261121", "0200"),
    ])
    func json(at: String, product: String, baseDate: String, baseTime: String) async throws {
        let result = await runTool(["base-time", "--product", product, "--at", at, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("{\"product\":\"\(product)\""))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["product"] as? String == product)
        #expect(object["baseDate"] as? String == baseDate)
        #expect(object["baseTime"] as? String == baseTime)
    }

    @Test("Previous and next runs in JSON")
    func previousAndNext() async throws {
        let result = await runTool(["base-time", "--product", "short-term", "--at", "2026-12-31T23:10:00+09:00", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let previous = try #require(object["previous"] as? [String: String])
        let next = try #require(object["next"] as? [String: String])
        #expect(previous == ["baseDate": "20261231", "baseTime": "2000"])
        #expect(next["baseDate"] == "20270101" && next["baseTime"] == "0200")
        #expect(next["availableAt"] == "2027-01-01T02:10:00+09:00")
        #expect(object["availableAt"] as? String == "2026-12-31T23:10:00+09:00")
    }

    @Test("Without --at, the injected clock is now")
    func clock() async {
        // 2026-11-21T05:10:00+09:00
        let result = await runTool(["base-time", "--product", "short-term", "--format", "csv"], now: Date(timeIntervalSince1970: 1_795_205_400))
        #expect(result.stdout.split(separator: "\n")[1].hasPrefix("short-term,getVilageFcst,20261121,0500,2026-11-21T05:10:00+09:00,"))
    }

    @Test("Text for people")
    func text() async {
        let result = await runTool(["base-time", "--product", "ultra-short", "--at", "2026-11-21T10:59:59+09:00"])
        #expect(result.stdout.hasPrefix("base_date 20261121 base_time 1030\n"))
        #expect(result.stdout.contains("available since 2026-11-21 10:45 KST"))
        #expect(result.stdout.contains("The next run, 20261121 1130, is available from 2026-11-21 11:45 KST."))
    }

    @Test("--delay changes the availability rule")
    func delay() async {
        let result = await runTool(["base-time", "--product", "nowcast", "--at", "2026-11-21T09:39:59+09:00", "--delay", "40", "--format", "csv"])
        #expect(result.stdout.contains(",20261121,0800,"))
    }

    /// Issue 38: the message's range is exactly what is accepted, both ends included, for
    /// every product and in every offset (the KST date is what counts).
    @Test("--at accepts exactly the range its message gives: 1000-01-02 and 9999-12-30 (KST), both ends", arguments: [
        "1000-01-02T00:00:00+09:00", "1000-01-01T15:00:00Z", "9999-12-30T23:59:59+09:00", "9999-12-30T14:59:59Z", "9999-12-30T23:59:59.999+09:00",
    ])
    func edges(at: String) async {
        for product in ["nowcast", "ultra-short", "short-term"] {
            let result = await runTool(["base-time", "--product", product, "--at", at, "--format", "csv"])
            #expect(result.status == 0, "\(product) \(at): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 2, "\(result.stdout)")
        }
        let korean = await runTool(["base-time", "--product", "nowcast", "--at", "0999-12-31T00:00:00+09:00"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(korean.stderr.contains("1000-01-02부터 9999-12-30까지"), "\(korean.stderr)")
    }

    @Test("Usage errors", arguments: [
        (["base-time"], "Error: Missing expected argument '--product <product>'"),
        (["base-time", "--product", "vilage"], "Error: The value 'vilage' is invalid for '--product <product>'. Please provide one of 'nowcast', 'ultra-short' or 'short-term'."),
        (["base-time", "--product", "nowcast", "--at", "yesterday"], "Error: The value 'yesterday' is invalid for '--at <instant>': expected ISO 8601"),
        (["base-time", "--product", "nowcast", "--at", "2026-02-30T10:00"], "Error: The value '2026-02-30T10:00' is invalid for '--at <instant>': day 30 is outside 1...28"),
        (["base-time", "--product", "nowcast", "--at", "2026-11-21T10:00+25:00"], "Error: The value '2026-11-21T10:00+25:00' is invalid for '--at <instant>'"),
        (["base-time", "--product", "nowcast", "--delay", "-5"], "Error: The value '-5' is invalid for '--delay <minutes>'"),
        (["base-time", "--product", "nowcast", "--at", "0999-06-01T12:00:00+09:00"], "Error: The value '0999-06-01T12:00:00+09:00' is invalid for '--at <instant>': give an instant from 1000-01-02 to 9999-12-30 (KST dates, both included)"),
        (["base-time", "--product", "nowcast", "--at", "1000-01-01T23:59:59+09:00"], "Error: The value '1000-01-01T23:59:59+09:00' is invalid for '--at <instant>': give an instant from 1000-01-02 to 9999-12-30"),
        (["base-time", "--product", "nowcast", "--at", "9999-12-30T15:00:00Z"], "Error: The value '9999-12-30T15:00:00Z' is invalid for '--at <instant>': give an instant from 1000-01-02 to 9999-12-30"),
        (["base-time", "--product", "short-term", "--at", "9999-12-31T23:59:59+09:00"], "Error: The value '9999-12-31T23:59:59+09:00' is invalid for '--at <instant>'"),
    ])
    func usageErrors(arguments: [String], message: String) async {
        let result = await runTool(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stderr.contains("See 'kma-forecast base-time --help' for more information."))
    }
}

@Suite("kma-forecast: top level")
struct TopLevelTests {
    @Test("--help and help")
    func help() async {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = await runTool(arguments)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("OVERVIEW: Weather from the Korea Meteorological Administration"))
            #expect(result.stdout.contains("grid"))
            #expect(result.stdout.contains("base-time"))
        }
        let topic = await runTool(["help", "base-time"])
        #expect(topic.stdout.hasPrefix("OVERVIEW: Show the base_date and base_time"))
    }

    @Test("An unknown subcommand suggests the closest one")
    func unknownSubcommand() async {
        let result = await runTool(["gird", "--lat", "1"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown subcommand 'gird'. Did you mean 'grid'?"))
    }

    @Test("--version")
    func version() async {
        let result = await runTool(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("kma-forecast "))
    }
}
