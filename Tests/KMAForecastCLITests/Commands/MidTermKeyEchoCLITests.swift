import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecast
import _KMATestSupport

/// The key quoted by the mid-term service (in a day's phrase, `wf8`, and in the `--outlook`
/// text) reaches no output: the text view, JSON, standard error (issue 25, item 3).
@Suite("kma-forecast --days/--outlook: a key quoted in mid-term text is never printed")
struct MidTermKeyEchoCLITests {
    /// A key as long as a real one.
    static let key = "Pq3+Wd8/Rt5Lk2Nb7+Zx4Cv9/Mh6Gf1Sa0Jy3Ue8Io5Kl2Tr7Bn4Xm9Qa6Ws1Ed5Rf8Tg3Yh7Uj0Ik2Ol9Pz4Xs6Dc1Vf=="

    static func encoded(_ text: String) -> String {
        text.utf8.map { byte in
            let isAlphanumeric = (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
            return isAlphanumeric ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true)
        }.joined()
    }

    static let forms: [(String, String)] = [
        ("raw", key),
        ("percent-encoded, lower-case", encoded(key).lowercased()),
        ("percent-encoded, upper-case", encoded(key)),
        ("+ read as a space", key.replacingOccurrences(of: "+", with: " ")),
        ("a 40-character prefix", String(key.prefix(40))),
        ("encoded twice", encoded(encoded(key))),
        ("+ / = dropped", key.filter { $0.isLetter || $0.isNumber }),
        ("a 20-character middle slice", String(key.dropFirst(30).prefix(20))),
        ("upper-cased whole", key.uppercased()),
    ]

    /// The first 12-character piece of the key (letters and digits, any case) or of its
    /// encoded form found in `text`; checked without `KeyRedaction`.
    static func leak(in text: String) -> String? {
        let plain = Array(key.filter { $0.isLetter || $0.isNumber }.lowercased())
        let haystack = text.lowercased().filter { $0.isLetter || $0.isNumber }
        for start in 0...(plain.count - 12) where haystack.contains(String(plain[start..<(start + 12)])) {
            return String(plain[start..<(start + 12)])
        }
        return nil
    }

    static func jsonString(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    static func server(quoting form: String) throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: key)
        for time in ["1400", "1700"] {
            server.add(ExtendedDayRun.recordedRun(base: try ForecastBase(baseDate: "20261004", baseTime: time), nx: 60, ny: 127))
        }
        try server.addRecordedMidTerm()
        let land = try Fixtures.text("midterm/getMidLandFcst_11B00000_202610040600.json")
            .replacingOccurrences(of: #""wf8":"구름많음""#, with: #""wf8":"구름많음 \#(jsonString(form))""#)
        server.addMidTerm(operation: "getMidLandFcst", regionID: "11B00000", tmFc: "202610040600", body: Array(land.utf8))
        server.addMidTerm(operation: "getMidFcst", regionID: "109", tmFc: "202610040600", body: Array(
            #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":{"item":[{"stnId":"109","wfSv":"맑겠습니다 \#(jsonString(form))"}]}}}}"#.utf8
        ))
        return server
    }

    static let now = (try? KSTDateTime(year: 2026, month: 10, day: 4, hour: 17, minute: 30))?.date ?? Date()

    static func arguments(_ server: ReplayServer, _ extra: [String]) -> [String] {
        ["--lat", "37.56", "--lon", "126.97", "--base-url", server.baseURL, "--mid-base-url", server.midTermBaseURL, "--no-cache"] + extra
    }

    // Regression: 9 of 9 forms were printed in the text view and in JSON.
    @Test("Text view with --outlook, and JSON: the key in no form", arguments: forms)
    func noForm(_ label: String, _ form: String) async throws {
        let server = try Self.server(quoting: form)
        defer { server.stop() }
        let environment = ["KMA_SERVICE_KEY": Self.key]
        let text = await runTool(Self.arguments(server, ["--days", "10", "--outlook", "--lang", "en"]), environment: environment, now: Self.now)
        #expect(text.status == 0, "\(label): \(text.stderr)")
        #expect(text.stdout.contains("Outlook (KMA forecaster)\n맑겠습니다 REDACTED"), "\(label): \(text.stdout)")
        #expect(Self.leak(in: text.stdout + text.stderr) == nil, "\(label): \(text.stdout)")
        let json = await runTool(Self.arguments(server, ["--days", "10", "--format", "json"]), environment: environment, now: Self.now)
        #expect(json.status == 0, "\(label): \(json.stderr)")
        #expect(json.stdout.contains("구름많음 REDACTED"), "\(label): \(json.stdout)")
        #expect(Self.leak(in: json.stdout + json.stderr) == nil, "\(label): \(json.stdout)")
    }
}
