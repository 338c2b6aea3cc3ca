import Foundation
import KMAForecast
@testable import KMAForecastClient
import KMAGrid
import Testing
import _KMATestSupport

/// The grid-field client against the replay server's stand-in API Hub, with bodies built to
/// the documented layout (`BuiltGridField`: not KMA data).
@Suite("GridFieldClient over HTTP: order, errors, slow first calls, the exact cache, streams", .removingTemporaryDirectories)
struct GridFieldClientTests {
    static let built: BuiltGridField = {
        guard let field = try? BuiltGridField.temperature() else { preconditionFailure("the official grid table fixture is readable") }
        return field
    }()

    /// 2026-11-21 06:00 KST: the newest short-term grid run is 0500, its first valid hour 06.
    static let now = kstDate(2026, 11, 21, 6, 0)

    static func cell(_ nx: Int, _ ny: Int) -> GridCell {
        guard let cell = try? GridCell(nx: nx, ny: ny) else { preconditionFailure("a valid test cell") }
        return cell
    }

    static func server(hours: [String] = ["06"]) throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: testKey)
        for hour in hours {
            server.addField(built.body(), operation: "nph-dfs_shrt_grd", tmfc: "2026112105", tmef: "20261121\(hour)", variable: "TMP")
        }
        return server
    }

    static func client(
        _ server: ReplayServer, cache: CacheLocation = .disabled, recorder: Recorder = Recorder(),
        configurationTimeouts: ClientTimeouts = ClientTimeouts(connect: .seconds(120), overall: .seconds(240)),
        options: GridFieldOptions? = nil, retry: RetryPolicy = RetryPolicy()
    ) throws -> GridFieldClient {
        let configuration = ClientConfiguration(
            serviceKey: try ServiceKey(testKey), cache: cache, timeouts: configurationTimeouts, retry: retry,
            now: { now }, onEvent: { recorder.record($0) }
        )
        let options = options ?? GridFieldOptions(baseURL: server.apiHubFieldBaseURL, timeouts: ClientTimeouts(connect: .seconds(120), overall: .seconds(240)))
        return try GridFieldClient(configuration: configuration, options: options, transport: URLSessionTransport(), sleep: { recorder.sleep($0) }, random: { 0.5 })
    }

    static func error(_ client: GridFieldClient, _ variable: ForecastCategory = .tmp) async -> ForecastClientError? {
        do throws(ForecastClientError) {
            _ = try await client.fetch(.shortTerm, variable: variable)
            return nil
        } catch {
            return error
        }
    }

    @Test("the newest run's first hour, asked as API Hub wants it; the known values land at Busan and Jeju")
    func fetch() async throws {
        let server = try Self.server()
        let recorder = Recorder()
        let client = try Self.client(server, recorder: recorder)
        let field = try await client.fetch(.shortTerm, variable: .tmp)
        #expect(field[Self.cell(98, 76)] == 31.5)
        #expect(field[Self.cell(53, 38)] == -5.25)
        #expect(field[Self.cell(1, 1)] == nil)
        #expect(field.run == (try ForecastBase(baseDate: "20261121", baseTime: "0500")))
        #expect(field.valid == (try KSTDateTime(year: 2026, month: 11, day: 21, hour: 6)))
        #expect(field.rawValues == Self.built.rawValues)
        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.path == "/api/typ01/cgi-bin/url/nph-dfs_shrt_grd")
        #expect(request.parameters["tmfc"] == "2026112105")
        #expect(request.parameters["tmef"] == "2026112106")
        #expect(request.parameters["vars"] == "TMP")
        #expect(request.parameters["authKey"] == testKey)
        #expect(request.rawQuery.contains("authKey=\(testKeyEncoded)"))
        #expect(!recorder.eventTexts.contains { $0.contains("TESTKEY") })
        #expect(recorder.events.contains { if case .fieldRequestSent(_, 1, let url) = $0 { url.hasSuffix("authKey=REDACTED") } else { false } })
        #expect(recorder.events.contains { if case .fieldFetched(_, _, 1) = $0 { true } else { false } })
    }

    @Test("the nowcast sends tmfc only, on 10-minute runs")
    func nowcast() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        server.addField(Self.built.body(), operation: "nph-dfs_odam_grd", tmfc: "202611210550", tmef: nil, variable: "T1H")
        let field = try await Self.client(server).fetch(.nowcast, variable: .t1h)
        #expect(field[Self.cell(98, 76)] == 31.5)
        #expect(server.requests.first?.parameters["tmef"] == nil)
        #expect(server.requests.first?.parameters["tmfc"] == "202611210550")
    }

    @Test("API Hub's error line (HTTP 200) is a typed error, not retried, without the key")
    func errorLine() async throws {
        let server = try Self.server(hours: [])
        let error = try #require(await Self.error(try Self.client(server)))
        #expect(error.reason == .field(.serviceMessage("input variable error (-1)")))
        #expect(error.stage == .resultCode)
        #expect(server.requests.count == 1)
        #expect(!texts(of: error).contains { $0.contains("TESTKEY") })
        #expect(error.url?.contains("authKey=REDACTED") == true)
    }

    @Test("API Hub's 403 JSON for an operation not applied for: KMA's words (활용신청), not retried")
    func notApplied() async throws {
        let server = try Self.server()
        let body = try Fixtures.text("api/hand_made_apihub_403_not_applied.json")
        server.inject(.status(403, body: body, contentType: "application/json", headers: [:]), times: 3)
        let error = try #require(await Self.error(try Self.client(server)))
        guard case .response(.apiHubRefusal(403, let message)) = error.reason else {
            Issue.record("expected an API Hub refusal, got \(error.reason)")
            return
        }
        #expect(message.contains("활용신청"))
        #expect(error.description.contains("활용신청"))
        #expect(server.requests.count == 1)
    }

    @Test("a body cut short by the connection, or ending mid-line, is retried")
    func truncated() async throws {
        let server = try Self.server()
        let body = Self.built.body()
        server.inject(.truncate(keepingBytes: body.count / 2))
        server.inject(.body(String(decoding: body.prefix(body.count / 3), as: UTF8.self), contentType: "text/plain"))
        let recorder = Recorder()
        let field = try await Self.client(server, recorder: recorder).fetch(.shortTerm, variable: .tmp)
        #expect(field[Self.cell(98, 76)] == 31.5)
        #expect(server.requests.count == 3)
        #expect(recorder.events.filter { if case .fieldRetryScheduled = $0 { true } else { false } }.count == 2)
    }

    @Test("a whole body with a wrong count is an error, not retried")
    func wrongCount() async throws {
        let server = try Self.server()
        server.inject(.body(String(decoding: Self.built.body() + Array("1.00\n".utf8), as: UTF8.self), contentType: "text/plain"))
        let error = try #require(await Self.error(try Self.client(server)))
        #expect(error.reason == .field(.wrongCount(found: 37_698, expected: 37_697)))
        #expect(server.requests.count == 1)
    }

    @Test("a field with no data anywhere (what vars=A,B gives) is refused")
    func allMissing() async throws {
        let server = try ReplayServer(expectedKey: testKey)
        let missing = BuiltGridField(hundredths: [Int?](repeating: nil, count: 37_697))
        server.addField(missing.body(), operation: "nph-dfs_shrt_grd", tmfc: "2026112105", tmef: "2026112106", variable: "TMP")
        let error = try #require(await Self.error(try Self.client(server)))
        #expect(error.reason == .field(.allMissing(variable: "TMP")))
    }

    @Test("a slow first call (API Hub makes the field: 15–45 s) is waited for with the grid timeouts, not the point client's")
    func slowFirstCall() async throws {
        let defaults = GridFieldOptions().timeouts
        #expect(defaults.connect >= .seconds(45) && defaults.overall >= .seconds(45))
        let server = try Self.server()
        server.inject(.delay(milliseconds: 1_500))
        // The configuration's (point) timeouts would give up after 1 s; the grid's allow 120 s
        // (a busy machine cannot make them fire).
        let recorder = Recorder()
        let client = try Self.client(
            server, recorder: recorder, configurationTimeouts: ClientTimeouts(connect: .seconds(1), overall: .seconds(1)),
            options: GridFieldOptions(baseURL: server.apiHubFieldBaseURL, timeouts: ClientTimeouts(connect: .seconds(120), overall: .seconds(120)))
        )
        let field = try await client.fetch(.shortTerm, variable: .tmp)
        #expect(field[Self.cell(53, 38)] == -5.25)
        #expect(server.requests.count == 1)
        #expect(recorder.sleeps.isEmpty)
    }

    @Test("the cache: exact by run, valid time and variable; owner-only; no key; a corrupt file is refetched")
    func cache() async throws {
        let directory = try temporaryDirectory()
        let server = try Self.server(hours: ["06", "07"])
        let recorder = Recorder()
        let client = try Self.client(server, cache: .directory(directory), recorder: recorder)
        _ = try await client.fetch(.shortTerm, variable: .tmp)
        let again = try await client.fetch(.shortTerm, variable: .tmp)
        #expect(again[Self.cell(98, 76)] == 31.5)
        #expect(server.requests.count == 1)
        #expect(recorder.events.contains { if case .fieldCacheHit = $0 { true } else { false } })
        let seven = try KSTDateTime(year: 2026, month: 11, day: 21, hour: 7)
        _ = try await client.fetch(.shortTerm, variable: .tmp, valid: seven)
        #expect(server.requests.count == 2)
        let path = directory + "/apihub-grid/short-term/2026112105/TMP-2026112106.field"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let stored = try String(contentsOfFile: path, encoding: .utf8)
        #expect(stored.hasPrefix("kma-forecast-field 1\nroot \(server.apiHubFieldBaseURL)\n"))
        #expect(!stored.contains("TESTKEY"))
        // Another root never gets this file.
        let other = try ReplayServer(expectedKey: testKey)
        other.addField(Self.built.body(), operation: "nph-dfs_shrt_grd", tmfc: "2026112105", tmef: "2026112106", variable: "TMP")
        _ = try await Self.client(other, cache: .directory(directory)).fetch(.shortTerm, variable: .tmp)
        #expect(other.requests.count == 1)
        // A corrupt file (one byte changed) is not used.
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count - 3] = UInt8(ascii: "7")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        _ = try await client.fetch(.shortTerm, variable: .tmp)
        #expect(server.requests.count == 3)
    }

    @Test("storing a field removes the product's runs more than three days older, and nothing newer")
    func pruning() async throws {
        let directory = try temporaryDirectory()
        let product = directory + "/apihub-grid/short-term"
        for run in ["2026111705", "2026111723", "2026111805", "2026112102", "notarun"] {
            try FileManager.default.createDirectory(atPath: product + "/" + run, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: URL(fileURLWithPath: product + "/" + run + "/TMP-2026111806.field"))
        }
        let server = try Self.server()
        _ = try await Self.client(server, cache: .directory(directory)).fetch(.shortTerm, variable: .tmp)
        let left = try FileManager.default.contentsOfDirectory(atPath: product).sorted()
        // The run is 2026-11-21 05:00: runs before 2026-11-18 05:00 go.
        #expect(left == ["2026111805", "2026112102", "2026112105", "notarun"])
    }

    @Test("a variable the product does not have, or a valid time the run lacks, is refused before any request")
    func invalidRequests() async throws {
        let server = try Self.server()
        let client = try Self.client(server)
        let wrongVariable = try #require(await Self.error(client, .t1h))
        #expect(wrongVariable.stage == .request)
        #expect(wrongVariable.description.contains("TMP TMX TMN"))
        let five = try KSTDateTime(year: 2026, month: 11, day: 21, hour: 5)
        do throws(ForecastClientError) {
            _ = try await client.fetch(.shortTerm, variable: .tmp, valid: five)
            Issue.record("a valid time before the run was accepted")
        } catch {
            #expect(error.stage == .request)
        }
        #expect(server.requests.isEmpty)
    }

    @Test("a whole run as a stream: variables × hours, progress counted, failures in their update")
    func stream() async throws {
        let server = try Self.server(hours: ["06", "07", "08"])
        let client = try Self.client(server)
        let run = try ForecastBase(baseDate: "20261121", baseTime: "0500")
        let all = try client.requests(.shortTerm, variables: [.tmp, .tmx], run: run)
        #expect(all.count == 75 + 4)
        #expect(all.filter { $0.variable == .tmx }.map(\.tmef) == ["2026112115", "2026112215", "2026112315", "2026112415"])
        let requests = Array(all.prefix(4))   // TMP at 06, 07, 08 (served) and 09 (not)
        var progress: [Int] = []
        var fetched: [String: Double?] = [:]
        var failures = 0
        for await update in client.fields(requests) {
            progress.append(update.completed)
            #expect(update.total == 4)
            switch update.result {
            case .success(let field): fetched[update.request.tmef] = field[Self.cell(98, 76)]
            case .failure: failures += 1
            }
        }
        #expect(progress == [1, 2, 3, 4])
        #expect(fetched == ["2026112106": 31.5, "2026112107": 31.5, "2026112108": 31.5])
        #expect(failures == 1)
        #expect(server.requests.count == 4)
    }
}
