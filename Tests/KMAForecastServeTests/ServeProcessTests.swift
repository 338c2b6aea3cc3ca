import Foundation
@testable import KMAForecastServe
import Testing
import _KMATestSupport
import _KMAToolSupport

@Suite("serve: 'kma-forecast serve' as a process — answers, drains on SIGTERM with a request in flight, exits 0")
struct ServeProcessTests {
    /// The `kma-forecast` executable of this build, beside the test runner.
    static func binary() throws -> String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("kma-forecast").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        throw PythonCheck.Failed(description: "no kma-forecast beside \(CommandLine.arguments[0])")
    }

    /// A started `serve`, its standard error in a file, its port read from the listening line.
    final class Served: @unchecked Sendable {
        let process = Process()
        let errors: String
        let cache: String
        var port: UInt16 = 0

        init(_ kma: ReplayServer, extra: [String] = []) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-process-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            errors = folder + "/stderr"
            cache = folder + "/cache"
            FileManager.default.createFile(atPath: errors, contents: nil)
            process.executableURL = URL(fileURLWithPath: try ServeProcessTests.binary())
            process.arguments = ["serve", "--listen", "127.0.0.1:0", "--at", "2026-11-21T14:50:00+09:00", "--base-url", kma.baseURL,
                                 "--mid-base-url", kma.midTermBaseURL, "--warnings-base-url", kma.warningsBaseURL, "--uv-base-url", kma.uvIndexBaseURL,
                                 "--cache-dir", cache] + extra
            process.environment = ["KMA_SERVICE_KEY": Scenario.key, "HOME": folder, "PATH": "/usr/bin:/bin"]
            process.standardError = FileHandle(forWritingAtPath: errors)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            // Hang guard only: the listening line comes at start.
            for _ in 0..<1_200 where port == 0 && process.isRunning {
                let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                if let range = text.range(of: "address=127.0.0.1:") {
                    port = UInt16(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
                }
                if port == 0 { Thread.sleep(forTimeInterval: 0.05) }
            }
        }

        var log: String { (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "" }

        func terminate() -> Int32 {
            process.terminate()  // SIGTERM
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    @Test("The binary serves, and SIGTERM with a request in flight answers it, then exits 0")
    func drainsOnSIGTERM() async throws {
        let kma = try ServeHarness.standIn()
        kma.setLatency(milliseconds: 1_500, for: "getVilageFcst")
        let served = try await offPool { try Served(kma) }
        #expect(served.port != 0, "\(served.log)")
        let port = served.port
        #expect(try await offPool { try fetch(port, "/healthz") }.status == 200)
        let inFlight = Thread.detachedResult { try? fetch(port, "/v1/forecast?nx=60&ny=127&days=0") }
        while kma.requests.filter({ $0.operation == "getVilageFcst" }).isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        let status = try await offPool { served.terminate() }
        #expect((try await offPool { inFlight.value ?? nil })?.status == 200)
        #expect(status == 0, "\(served.log)")
        #expect(served.log.contains("draining") && served.log.contains("stopped"))
        #expect(!served.log.contains(Scenario.key))
    }

    @Test("Bad options exit 64 with what to do, in English and in Korean")
    func badOptions() async throws {
        let english = await runTool(["serve", "--listen", "localhost"], environment: Scenario.environment)
        #expect(english.status == 64 && english.stderr.contains("HOST:PORT"))
        let korean = await runTool(["serve", "--daily-quota", "0"], environment: Scenario.environment.merging(["LANG": "ko_KR.UTF-8"]) { $1 })
        #expect(korean.status == 64 && korean.stderr.contains("일일 한도"), "\(korean.stderr)")
        let help = await runTool(["serve", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--daily-quota") && help.stdout.contains("/v1/forecast"))
        let koreanHelp = await runTool(["help", "serve", "--lang", "ko"])
        #expect(koreanHelp.stdout.contains("여러 앱에 HTTP 로 예보를 제공합니다"))
    }
}
