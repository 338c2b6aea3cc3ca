import Foundation
import Testing
import _KMATestSupport

/// Issue 30, `--lang ko` from the first line to the errors, through the built binary against the
/// stand-in gateway: whatever goes wrong, what it prints is Korean (KMA's own words aside), and
/// `help`/`--help` take `--lang ko` anywhere on the line.
@Suite("The binary speaks Korean to the errors", .serialized)
struct KoreanFaultsBinaryTests {
    /// The faults, each served for every request (retries included).
    static let faults: [(String, ReplayFault)] = [
        ("code 22", .body("<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR</returnAuthMsg><returnReasonCode>22</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>", contentType: "text/xml")),
        ("code 23", .body("<OpenAPI_ServiceResponse><cmmMsgHeader><errMsg>SERVICE ERROR</errMsg><returnAuthMsg>LIMITED_NUMBER_OF_SERVICE_REQUESTS_PER_SECOND_EXCEEDS_ERROR</returnAuthMsg><returnReasonCode>23</returnReasonCode></cmmMsgHeader></OpenAPI_ServiceResponse>", contentType: "text/xml")),
        ("code 30", .status(403, body: #"{"OpenAPI_ServiceResponse":{"cmmMsgHeader":{"errMsg":"SERVICE ERROR","returnAuthMsg":"SERVICE_KEY_IS_NOT_REGISTERED_ERROR","returnReasonCode":"30"}}}"#, contentType: "application/json", headers: [:])),
        ("code 99", .body(#"{"response":{"header":{"resultCode":"99","resultMsg":"UNKNOWN_ERROR"}}}"#, contentType: "application/json")),
        ("HTTP 500", .status(500, body: "", contentType: "text/plain", headers: [:])),
        ("bad JSON", .body(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":"#, contentType: "application/json")),
        ("not JSON", .body("hello", contentType: "application/json")),
    ]

    @Test("Each fault kind: standard error and output in Korean", arguments: 0..<7)
    func fault(index: Int) throws {
        let (name, fault) = Self.faults[index]
        let server = try Scenario.server()
        defer { server.stop() }
        server.inject(fault, times: 1_000)
        let result = try BuiltBinaryTests.run(
            Scenario.arguments(server, ["--lang", "ko", "--at", "2026-11-21T14:50:00+09:00"]), environment: Scenario.environment
        )
        Self.expectKorean(result.stderr, name)
        Self.expectKorean(result.stdout, name)
        #expect(result.stderr.contains("오류") || result.stderr.contains("경고"), "\(name): \(result.stderr)")
    }

    @Test("Connection refused: one Korean error")
    func refused() throws {
        let port = try RefusingPort()
        let result = try BuiltBinaryTests.run(
            ["--lang", "ko", "--lat", "37.5", "--lon", "127", "--base-url", port.baseURL, "--no-cache"], environment: Scenario.environment
        )
        #expect(result.status == 1)
        #expect(result.stderr.contains("연결할 수 없습니다"), "\(result.stderr)")
        Self.expectKorean(result.stderr, "refused")
    }

    @Test("help --lang ko, --help --lang ko: Korean, status 0", arguments: [
        ["help", "--lang", "ko"], ["--help", "--lang", "ko"], ["--lang=ko", "--help"], ["help", "grid", "--lang", "ko"], ["grid", "--help", "--lang", "ko"],
    ])
    func help(arguments: [String]) throws {
        let result = try BuiltBinaryTests.run(arguments, environment: ["COLUMNS": "100"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("개요: "), "\(result.stdout.prefix(200))")
        #expect(result.stdout.contains("사용법: kma-forecast"))
        #expect(result.stdout.contains("옵션:"))
        #expect(!result.stdout.contains("Show help information"))
        // Every option's line is Korean (the names, values and paths aside).
        for line in result.stdout.split(separator: "\n") where line.hasPrefix("  --") && line.dropFirst(2).contains("  ") {
            #expect(line.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(line)")
        }
    }

    /// Failure paths without the network (bad arguments, bad files, a refusing port), each
    /// under `--lang ko` (or a Korean `LANG` for the commands without `--lang`).
    static let failurePaths: [[String]] = [
        ["parse", "/nonexistent/page.json", "--lang", "ko"], ["parse", "{page}", "--lang", "ko"], ["parse", "--lang", "ko"],
        ["--input", "/nonexistent/places.csv", "--lang", "ko"], ["--input", "{cp949}", "--lang", "ko"], ["--input", "{unknown}", "--lang", "ko"],
        ["--input", "{unknown}", "--format", "jsonl", "--lang", "ko"], ["--place", "서울", "--place", "부산", "--lang", "ko"],
        ["--lat", "37.5", "--lon", "127", "--lang", "ko"], ["--days", "10", "--lat", "37.5", "--lon", "127", "--lang", "ko"],
        ["alerts", "--lang", "ko"], ["alerts", "--place", "서울", "--lang", "ko"],
        ["grid", "--input", "/tmp"], ["field", "--var", "XYZ"], ["field", "--var", "TMP,POP"], ["field", "--var", "TMP", "--valid", "all"],
        ["field", "--var", "TMP", "--rate", "5"], ["field", "--var", "TMP", "--valid", "tomorrow"], ["field", "--var", "TMP", "--format", "netcdf"],
        ["field", "--var", "TMP,XYZ", "--format", "netcdf", "--output", "{nc}"], ["field", "--var", "TMP", "--input", "{cp949}"],
        ["field", "--var", "TMP"], ["field", "--var", "TMP", "--format", "netcdf", "--output", "{nc}"],
    ]

    @Test("Every failure path prints Korean, the words it quotes aside", arguments: 0..<23)
    func failurePath(index: Int) throws {
        let port = try RefusingPort()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kma-ko-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["{page}": Array(#"{"response":{"header":{"resultCode":"00"},"body":{"items":[1"#.utf8), "{cp949}": [0xB0, 0xA1, 0x0A], "{unknown}": Array("place\nxyzzy\n".utf8)]
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        var arguments = Self.failurePaths[index].map { files[$0] != nil || $0 == "{nc}" ? folder.appendingPathComponent($0).path : $0 }
        if !["parse", "grid"].contains(arguments[0]) { arguments += ["--no-cache", "--base-url", port.baseURL] }
        let result = try BuiltBinaryTests.run(arguments, environment: ["LANG": "ko_KR.UTF-8", "KMA_SERVICE_KEY": "test-key"])
        #expect(result.status != 0, "\(arguments)")
        #expect(result.stderr.contains("오류") || result.stderr.contains("경고"), "\(arguments): \(result.stderr)")
        Self.expectKorean(Self.unquoted(result.stderr), "\(arguments)")
        Self.expectKorean(Self.unquoted(result.stdout), "\(arguments) (output)")
    }

    #if os(Linux)
    @Test("A full disk on standard output under --lang ko: the Korean line, status 1")
    func fullDisk() throws {
        let result = try BuiltBinaryTests.run(["--demo", "--lang", "ko"], stdoutPath: "/dev/full")
        #expect(result.status == 1)
        #expect(result.stderr.contains("오류: 표준 출력에 쓸 수 없습니다 (장치에 남은 공간이 없음): 출력이 완전하지 않습니다."), "\(result.stderr)")
        Self.expectKorean(result.stderr, "/dev/full")
    }
    #endif

    /// `text` without what it quotes from outside (`"…"`: a parser's or a server's words).
    static func unquoted(_ text: String) -> String {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "…")
    }

    /// No English sentence in `text`, KMA's own words aside.
    static func expectKorean(_ text: String, _ name: String) {
        let ours = ["SERVICE ERROR", "UNKNOWN_ERROR"].reduce(unquoted(text)) { $0.replacingOccurrences(of: $1, with: "…") }
        #expect(EnglishSentence.firstRun(in: ours) == nil, "\(name): \(text)")
    }
}
