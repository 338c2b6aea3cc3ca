import Foundation
import KMAForecast
import Testing
import _KMATestSupport

/// The NetCDF files of `kma-forecast field --format netcdf` checked by the IOOS compliance
/// checker (`compliance-checker --test=cf:1.10`, PyPI `compliance-checker`, the checker data
/// centres run): a whole short-term run with every kind of variable (values at an instant, the
/// hour's sums on `time_bnds`, TMN/TMX on their daily axes, SKY/PTY codes with their status
/// flags) and an ultra-short run (RN1, the hour's sum of rain). Any high or medium priority
/// failure fails the test, with the checker's words. CI installs the checker into the venv of `KMA_PYTHON`
/// (`.ci/run`); locally the test is skipped when it is missing, in CI (`CI=true`) it fails.
@Suite("NetCDF checked by the IOOS compliance checker (cf:1.10): no high or medium priority failure", .serialized, .oneAtATime)
struct FieldCFComplianceTests {
    static var python: String { ForecastJSONSchemaTests.python }
    static var pythonArguments: [String] { ForecastJSONSchemaTests.pythonArguments }

    /// Whether the checker can run here.
    static var checkerAvailable: Bool {
        (try? ForecastJSONSchemaTests.run(python, pythonArguments + ["-c", "import compliance_checker.runner, cf_units"]).status) == 0
    }

    /// The checker's script: reports each failed check of priority 3 (high) or 2 (medium) as
    /// `FAIL <priority> <name>: <messages>`, then `N checked, N failed`; exit 1 on a failure.
    static let script = """
        import json, sys
        failed = 0
        checked = 0
        for path in sys.argv[1:]:
            from compliance_checker.runner import ComplianceChecker, CheckSuite
            CheckSuite.load_all_available_checkers()
            out = path + ".json"
            ComplianceChecker.run_checker(path, ["cf:1.10"], 0, "normal", output_filename=out, output_format="json")
            report = json.load(open(out))["cf:1.10"]
            for priority, key in [(3, "high_priorities"), (2, "medium_priorities")]:
                for result in report.get(key, []):
                    checked += 1
                    score, out_of = result["value"]
                    if score < out_of:
                        failed += 1
                        print(f"FAIL {priority} {path.rsplit('/', 1)[-1]} {result['name']}: {' | '.join(result['msgs'])}")
        print(f"{checked} checked, {failed} failed")
        sys.exit(1 if failed else 0)
        """

    @Test("A short-term run (TMP, TMN, TMX, POP, PCP, SKY, PTY) and an ultra-short run (T1H, RN1, REH, SKY, PTY): cf:1.10 passes",
          .enabled(if: checkerAvailable || ForecastJSONSchemaTests.inCI, "needs compliance-checker in the venv of KMA_PYTHON; CI installs it"),
          .timeLimit(.minutes(10)))
    func compliance() async throws {
        guard Self.checkerAvailable else {
            Issue.record("compliance-checker is missing from \(Self.python): CI must install it (.ci/run)")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-cf-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let keep = ProcessInfo.processInfo.environment["KMA_KEEP_NETCDF"] != nil
        defer { if !keep { try? FileManager.default.removeItem(atPath: directory) } }
        let server = try ReplayServer(expectedKey: Scenario.key)
        defer { server.stop() }
        let files = [
            (name: "short-term", product: ForecastProduct.shortTerm, variables: ["TMP", "TMN", "TMX", "POP", "PCP", "SKY", "PTY"]),
            (name: "ultra-short", product: ForecastProduct.ultraShort, variables: ["T1H", "RN1", "REH", "SKY", "PTY"]),
        ]
        let at = try KSTDateTime(year: 2026, month: 11, day: 21, hour: 6, minute: 0)
        var paths: [String] = []
        for file in files {
            // The run the command picks at 06:00 KST (API Hub's ultra-short runs are every 10 minutes).
            let run = try BuiltGridRun(product: file.product, run: file.product.gridSchedule.latestBase(at: at.date), variables: file.variables)
            run.serve(on: server)
            let path = "\(directory)/\(file.name).nc"
            let result = await runTool(
                ["field", "--product", file.product.rawValue, "--base-url", server.apiHubFieldBaseURL, "--no-cache", "--at", "2026-11-21T06:00",
                 "--var", file.variables.joined(separator: ","), "--valid", "all", "--format", "netcdf", "--output", path],
                environment: ["KMA_SERVICE_KEY": Scenario.key]
            )
            try #require(result.status == 0, "\(file.name): \(result.stderr)")
            paths.append(path)
        }
        let result = try ForecastJSONSchemaTests.run(Self.python, Self.pythonArguments + ["-c", Self.script] + paths)
        #expect(result.status == 0, "\(result)")
        #expect(result.finished && result.output.contains(" checked, 0 failed"), "\(result)")
        if keep { print("kept \(directory)\n\(result.output)") }
    }
}
