import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastClient
import _KMASystem
import _KMATestSupport

/// Runs the tool with a clock that the watch's waits move forward (no real waiting).
private func runWatch(_ arguments: [String], from start: Date) async -> (status: Int32, stdout: String, stderr: String) {
    SystemCalls.ignoreBrokenPipeSignal()  // as the tool's main does: a program that exits unread is no signal
    let clock = Locked(start)
    let out = TextSink.memory(), err = TextSink.memory()
    var context = CommandContext(
        arguments: ["watch"] + arguments, environment: Scenario.environment, now: { clock.withLock { $0 } },
        standardInput: .bytes([]), standardOutput: out, standardError: err
    )
    context.retrySleep = { duration in clock.withLock { $0 = $0.addingTimeInterval(TimeInterval(duration.components.seconds)) } }
    let status = await KMAForecastTool.run(context)
    return (status, out.text, err.text)
}

private func kst(_ hour: Int, _ minute: Int) -> Date { (try? KSTDateTime(year: 2026, month: 8, day: 1, hour: hour, minute: minute))?.date ?? Date() }

@Suite("kma-forecast watch: the changes as lines, to a program, once across restarts", .serialized)
struct WatchCommandTests {
    @Test("--jsonl with --state: the announcement, the upgrade and the confirmed release, each once; a restart says nothing again")
    func jsonLines() async throws {
        let server = try ReplayServer(expectedKey: Scenario.key)
        defer { server.stop() }
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        let state = try temporaryFile(named: "state.json", contents: "")
        defer { removeTemporary(state) }
        try FileManager.default.removeItem(atPath: state)
        let common = ["--place", "서울 강남구", "--on", "warnings", "--base-url", server.baseURL, "--no-cache", "--state", state, "--interval", "20"]
        let first = await runWatch(common + ["--jsonl", "--polls", "9"], from: kst(9, 30))
        #expect(first.status == 0, "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n").map(String.init)
        let changes = try lines.map { try JSONDecoder().decode(ForecastChange.self, from: Data($0.utf8)) }
        #expect(changes.map(\.kind) == [.warningUpcoming, .warningUpgraded, .warningReleased])
        #expect(changes.map { $0.detectedAt.iso8601 } == ["2026-08-01T10:10:00+09:00", "2026-08-01T11:10:00+09:00", "2026-08-01T12:10:00+09:00"])
        #expect(changes.allSatisfy { $0.place == "서울 강남구" })
        let again = await runWatch(common + ["--jsonl", "--polls", "3"], from: kst(12, 10))
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)")
        let korean = await runWatch(common + ["--polls", "2", "--lang", "ko"], from: kst(12, 50))
        #expect(korean.stdout.isEmpty)
    }

    @Test("--exec runs the program without a shell, the change as JSON on its standard input and in KMA_CHANGE_* variables")
    func exec() async throws {
        let server = try ReplayServer(expectedKey: Scenario.key)
        defer { server.stop() }
        server.setWarningEvents(WarningsScenario.seoulSoutheast)
        let script = try temporaryFile(named: "record.sh", contents: "cat >> \"$1/input.jsonl\"\nprintf '%s|%s|%s\\n' \"$KMA_CHANGE_ID\" \"$KMA_CHANGE_KIND\" \"$KMA_CHANGE_AT\" >> \"$1/env.txt\"\n")
        defer { removeTemporary(script) }
        let folder = (script as NSString).deletingLastPathComponent
        let arguments = ["--place", "서울 강남구", "--on", "warnings", "--base-url", server.baseURL, "--no-cache", "--interval", "60", "--polls", "3"]
        let result = await runWatch(arguments + ["--exec", "sh \(script) \(folder)"], from: kst(9, 10))
        #expect(result.status == 0, "\(result.stderr)")
        let input = try String(contentsOfFile: folder + "/input.jsonl", encoding: .utf8).split(separator: "\n")
        let change = try JSONDecoder().decode(ForecastChange.self, from: Data(try #require(input.first).utf8))
        #expect(input.count == 2 && change.kind == .warningUpcoming)
        let env = try String(contentsOfFile: folder + "/env.txt", encoding: .utf8).split(separator: "\n")
        #expect(env.first == "\(change.id)|warningUpcoming|2026-08-01T11:00:00+09:00")
        // No shell: a ';' is an argument like any other.
        let marker = folder + "/pwned"
        _ = await runWatch(arguments + ["--exec", "printf %s;touch \(marker)"], from: kst(9, 10))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test("Bad input is refused before any request: an unknown topic, --jsonl with --exec, no place")
    func usage() async throws {
        let bogus = await runWatch(["--place", "서울", "--on", "rain,snowstorms"], from: kst(9, 0))
        #expect(bogus.status == 64 && bogus.stderr.contains("--on <topics>"))
        let both = await runWatch(["--place", "서울", "--jsonl", "--exec", "true"], from: kst(9, 0))
        #expect(both.status == 64)
        let none = await runWatch([], from: kst(9, 0))
        #expect(none.status == 64)
    }
}
