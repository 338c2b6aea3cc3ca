import Foundation
import KMAForecast
import KMAPlaces
import Testing

/// Issue 38, item 1: every piece of network text reaches every output through the one
/// redact-then-escape rule. A hostile stand-in gateway quotes the service key in every text it
/// sends (raw, percent-encoded, double-encoded, lower-cased, `+` as a space), in the warnings
/// bulletin, the zone names, and the messages of every service's refusal; the built binary is
/// run over every output path, and no byte it writes (standard output, standard error, the
/// cache files, the MCP server's replies and log) holds the key in any form ``KeyRedaction``
/// knows.
///
/// Output paths swept: the forecast's text view (English, Korean), `--format json`,
/// `--format csv`, `--days 10` (mid-term), many places (`--input`, CSV and JSON Lines),
/// `alerts` (text English and Korean, `--format json`), standard error of each (the notes,
/// warnings and errors: the tool's log), the cache files written, and `kma-forecast mcp`
/// (`kma_warnings`, `kma_forecast`, its standard error log).
@Suite("The key echoed in every network text never reaches any output", .serialized)
struct KeyEchoSweepBinaryTests {
    /// A key unlike the other tests' (the server expects it).
    static let key = "HOSTILEKEY+sweep/0123456789abcdefXYZ=="
    static let at = "2026-08-01T12:00:00+09:00"

    /// The key as a gateway, a log or a quoting bulletin may write it.
    static var forms: [String] {
        let encoded = percent(key)
        return [key, encoded, percent(encoded), encoded.lowercased(), key.replacingOccurrences(of: "+", with: " "), "serviceKey=" + encoded]
    }

    static func percent(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let unreserved = (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte) || byte == 45 || byte == 46 || byte == 95 || byte == 126
            out += unreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true)
        }
        return out
    }

    /// Every form, as one JSON-safe text.
    static var echoed: String { forms.joined(separator: " | ") }

    /// KMA's answer with result code 99 and the key in every form as its message.
    static var refusal: String { #"{"response":{"header":{"resultCode":"99","resultMsg":"\#(echoed)"}}}"# }

    /// The warnings bulletin (getPwnStatus) quoting the key in each of its texts.
    static var bulletin: [UInt8] {
        let item = #"{"tmFc":202608011100,"tmEf":202608011100,"tmSeq":3,"t6":"o 폭염경보 : 서울 \#(echoed)","t7":"o 없음 \#(echoed)","other":"\#(echoed)"}"#
        return Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[\#(item)]},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#.utf8)
    }

    /// 서울 강남구's short-term run and a 폭염경보 there; `hostile`: the bulletin and a zone name
    /// quote the key, else every side service and the nowcast refuse with it in their message.
    static func server(delivering: Bool) throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: key)
        let cell = try PlaceDirectory.kma.place(named: "서울 강남구").cell
        server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20260801", baseTime: "1100"), nx: cell.nx, ny: cell.ny))
        var events = WarningsScenario.seoulSoutheast
        events.insert(WarningsScenario.item(zone: "L1100100", name: "서울동남권 \(percent(key))", command: 1, kind: 1, level: 0, tmFc: 2026_0801_1130, sequence: 10, start: 2026_0801_1130), at: 0)
        server.setWarningEvents(events)
        if delivering {
            server.setWarningAnswer("getPwnStatus", body: bulletin)
        } else {
            for operation in ["getPwnCd", "getPwnStatus"] { server.setWarningAnswer(operation, body: Array(refusal.utf8)) }
            for operation in ["getUVIdxV5", "getMidTa", "getMidLandFcst", "getMidFcst", "getUltraSrtNcst"] {
                server.inject(.body(refusal, contentType: "application/json"), times: 1_000, when: ReplayMatch(operation: operation))
            }
        }
        return server
    }

    /// The command lines, each against `server`, cached in `cache`.
    static func commands(_ server: ReplayServer, cache: String, places: String) -> [(String, [String])] {
        let common = ["--base-url", server.baseURL, "--cache-dir", cache, "--at", at]
        let place = ["--place", "서울 강남구"]
        return [
            ("text en", place + common + ["--lang", "en"]),
            ("text ko", place + common + ["--lang", "ko"]),
            ("json", place + common + ["--format", "json"]),
            ("csv", place + common + ["--format", "csv"]),
            ("days", place + common + ["--days", "10", "--lang", "en"]),
            ("days ko", place + common + ["--days", "10", "--lang", "ko"]),
            ("many csv", ["--input", places, "--format", "csv"] + common),
            ("many jsonl", ["--input", places, "--format", "jsonl"] + common),
            ("alerts en", ["alerts"] + place + common + ["--lang", "en"]),
            ("alerts ko", ["alerts"] + place + common + ["--lang", "ko"]),
            ("alerts json", ["alerts"] + place + common + ["--format", "json"]),
        ]
    }

    /// Whether any form of the key is in `bytes`.
    static func leaks(_ bytes: [UInt8]) -> Bool { KeyRedaction.contains(key, in: bytes) }

    @Test("The CLI: every output path, both languages, both outcomes (delivered with the key quoted, refused with it quoted)", arguments: [true, false])
    func cli(delivering: Bool) throws {
        let server = try Self.server(delivering: delivering)
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kma-key-sweep-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let places = folder + "/places.csv"
        try Data("name\n서울 강남구\n".utf8).write(to: URL(fileURLWithPath: places))
        var shownRedacted = false
        for (name, arguments) in Self.commands(server, cache: folder + "/cache", places: places) {
            let result = try BuiltBinaryTests.run(arguments, environment: ["KMA_SERVICE_KEY": Self.key])
            #expect(!Self.leaks(Array(result.stdout.utf8)), "\(delivering) \(name): standard output holds the key:\n\(result.stdout)")
            #expect(!Self.leaks(Array(result.stderr.utf8)), "\(delivering) \(name): standard error holds the key:\n\(result.stderr)")
            #expect(!result.stdout.isEmpty || !result.stderr.isEmpty, "\(delivering) \(name): nothing written")
            if name.hasPrefix("alerts"), delivering {
                // The bulletin is shown, the key replaced (not the whole text dropped).
                #expect(result.stdout.contains("폭염경보 : 서울") && result.stdout.contains(KeyRedaction.placeholder), "\(name): \(result.stdout)")
                shownRedacted = true
            }
            if name.hasPrefix("alerts"), !delivering {
                #expect(result.status != 0, "\(name): a failed warning service is a failure")
                #expect(!result.stdout.contains("No weather warning in force") && !result.stdout.contains("발효 중인 특보 없음"), "\(name): \(result.stdout)")
            }
        }
        #expect(delivering == shownRedacted)
        // The cache: no file holds the key.
        let cache = folder + "/cache"
        for case let path as String in FileManager.default.enumerator(atPath: cache) ?? FileManager.default.enumerator(atPath: folder)! {
            let bytes = Array((FileManager.default.contents(atPath: cache + "/" + path)) ?? Data())
            #expect(!Self.leaks(bytes), "the cache file \(path) holds the key")
        }
    }

    @Test("kma-forecast mcp: kma_warnings and kma_forecast, replies and log", arguments: [true, false])
    func mcp(delivering: Bool) throws {
        let server = try Self.server(delivering: delivering)
        defer { server.stop() }
        let process = try MCPProcess(environment: ["KMA_SERVICE_KEY": Self.key, "KMA_BASE_URL": server.baseURL, "KMA_CACHE_DIR": FileManager.default.temporaryDirectory.appendingPathComponent("kma-key-sweep-mcp-\(UUID().uuidString)").path])
        process.write(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"# + "\n")
        process.write(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"# + "\n")
        process.write(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"kma_warnings","arguments":{"place":"서울 강남구"}}}"# + "\n")
        process.write(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"kma_forecast","arguments":{"place":"서울 강남구","days":10}}}"# + "\n")
        #expect(process.waitForOutput(seconds: 120) { lines in lines.contains { $0.contains(#""id":3"#) } && lines.contains { $0.contains(#""id":2"#) } })
        process.closeInput()
        _ = process.wait(seconds: 60)
        let replies = process.lines.joined(separator: "\n")
        #expect(replies.contains(#""id":2"#) && replies.contains(#""id":3"#))
        #expect(!Self.leaks(Array(replies.utf8)), "the replies hold the key:\n\(replies)")
        let log = process.errorText.joined(separator: "\n")
        #expect(!Self.leaks(Array(log.utf8)), "the log holds the key:\n\(log)")
        if delivering { #expect(replies.contains(KeyRedaction.placeholder), "the bulletin is shown, redacted") }
    }
}
