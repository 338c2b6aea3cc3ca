import Foundation
import KMAForecast
import KMAForecastClient
import KMAForecastNetCDF
import Testing
import _KMATestSupport

/// `GridFieldClient.writeNetCDF` and `GridField.writeNetCDF(to:)`, the library's one call, against
/// a stand-in API Hub, each file read back with the tests' own reader (``NetCDFReader``).
@Suite("KMAForecastNetCDF: one field or a whole run into one CF NetCDF file, in one call")
struct GridFieldClientNetCDFTests {
    typealias Support = NetCDFTestSupport

    @Test("One field: the run's first hour, CF-1.10 with KMA's grid mapping, the values exactly, the progress 0 then 1")
    func oneField() async throws {
        let built = try Support.built(.shortTerm, ["TMP"])
        let server = try ReplayServer(expectedKey: Support.key)
        built.serve(on: server) { _, time in time == 0 }
        let directory = try Support.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tmp.nc"
        let seen = Support.Seen()
        let file = try await Support.client(server).writeNetCDF(.shortTerm, variables: [.tmp], to: path) { progress in
            #expect(progress.total == 1 && progress.run == built.run && progress.product == .shortTerm)
            seen.add(progress.written)
        }
        #expect(seen.all == [0, 1])
        #expect(file == NetCDFFileSummary(path: path, product: .shortTerm, run: built.run, variables: [.tmp], validTimes: [built.validTimes[0]], fields: 1))
        #expect(server.requests.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["tmp.nc"])

        let reader = try NetCDFReader(path: path)
        #expect(reader.version == 2 && reader.records == 1)
        #expect(reader.attributes["Conventions"] == .text("CF-1.10"))
        #expect(reader.attributes["history"] == .text("written by kma-forecast 0.1.0"))
        guard case .text(let source)? = reader.attributes["source"] else { throw NetCDFReader.Failure("no source") }
        #expect(source == "KMA API Hub nph-dfs_shrt_grd at \(server.apiHubFieldBaseURL)")
        #expect(try reader.variable("lambert_conformal_conic").attributes["false_easting"] == .doubles([210_000]))
        #expect(try reader.doubles("time") == [Double(built.validTimes[0].unixSeconds / 60)])
        #expect(try Support.holds(reader, built, "TMP", record: 0, time: 0))
    }

    @Test("A whole ultra-short run of four variables (doubles and codes): every field in its place, progress 0…24 in order")
    func wholeRun() async throws {
        let variables = ["T1H", "SKY", "PTY", "RN1"]
        let built = try Support.built(.ultraShort, variables)
        let server = try ReplayServer(expectedKey: Support.key)
        built.serve(on: server)
        let directory = try Support.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/run.nc"
        let seen = Support.Seen()
        // A repeated variable is written once.
        let file = try await Support.client(server).writeNetCDF(
            .ultraShort, variables: [.t1h, .sky, .pty, .rn1, .sky], validTimes: .all, to: path
        ) { seen.add($0.written) }
        #expect(seen.all == Array(0...24))
        #expect(file.fields == 24 && file.variables == [.t1h, .sky, .pty, .rn1] && file.validTimes == built.validTimes)
        #expect(server.requests.count == 24)
        let reader = try NetCDFReader(path: path)
        #expect(reader.records == 6)
        for variable in variables {
            for time in 0..<6 { #expect(try Support.holds(reader, built, variable, record: time, time: time), "\(variable) \(time)") }
        }
        #expect(try reader.variable("SKY").attributes["flag_meanings"] == .text("clear mostly_cloudy overcast"))
    }

    @Test("TMN/TMX over a whole short-term run: asked only at 06:00/15:00, each on its own axis of those times; one valid time picks 06:00 for TMN")
    func dailyExtremes() async throws {
        let built = try Support.built(.shortTerm, ["TMN", "TMX"])
        let server = try ReplayServer(expectedKey: Support.key)
        built.serve(on: server)
        let directory = try Support.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let client = try Support.client(server)
        let file = try await client.writeNetCDF(.shortTerm, variables: [.tmn, .tmx], validTimes: .all, to: directory + "/run.nc")
        let asked = built.validTimes.indices.filter { built.has("TMN", time: $0) || built.has("TMX", time: $0) }
        #expect(server.requests.count == file.fields)
        #expect(file.fields == built.validTimes.indices.filter { built.has("TMN", time: $0) }.count + built.validTimes.indices.filter { built.has("TMX", time: $0) }.count)
        let reader = try NetCDFReader(path: directory + "/run.nc")
        #expect(!asked.isEmpty)
        for variable in ["TMN", "TMX"] {
            let own = built.validTimes.indices.filter { built.has(variable, time: $0) }
            #expect(try reader.doubles("time_" + variable.lowercased()) == own.map { Double(built.validTimes[$0].unixSeconds / 60) })
            for (slab, time) in own.enumerated() {
                #expect(try reader.doubles(variable, slab: slab) == built.rawValues(variable, time: time))
            }
        }
        let first = try await client.writeNetCDF(.shortTerm, variables: [.tmn], to: directory + "/tmn.nc")
        #expect(first.validTimes.count == 1 && ForecastBase(first.validTimes[0]).baseTime == "0600")
    }

    @Test("A field that cannot be fetched: typed error with the CLI's words, no file and no temporary, the fields in flight awaited and cached, the next call asks only for the rest")
    func failureKeepsWhatWasPaidFor() async throws {
        let variables = ["T1H", "SKY", "PTY", "RN1"]
        let built = try Support.built(.ultraShort, variables)
        let server = try ReplayServer(expectedKey: Support.key)
        built.serve(on: server) { variable, time in !(variable == "SKY" && time == 0) }
        let directory = try Support.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = directory + "/cache"
        let path = directory + "/run.nc"
        let failing = BuiltGridRun.tmef(built.validTimes[0])
        // SKY at the first hour (the 7th request) fails at once, while three others are in flight.
        let transport = Support.SlowTransport(fast: ["vars=SKY", "tmef=\(failing)"])
        let client = try Support.client(server, cache: cache, transport: transport)
        let categories: [ForecastCategory] = [.t1h, .sky, .pty, .rn1]
        var fetched = 0
        do {
            try await client.writeNetCDF(.ultraShort, variables: categories, validTimes: .all, to: path)
            Issue.record("no error")
        } catch {
            guard case let .fieldNotFetched(request, _, errorPath, written, total, cached) = error else { throw error }
            fetched = written
            #expect(request.variable == .sky && request.valid == built.validTimes[0])
            #expect(errorPath == path && total == 24 && cached)
            #expect(error.description.hasPrefix("ultra-short SKY run \(built.tmfc) valid \(failing): "))
            #expect(error.description.contains("\n'\(path)' was not written: \(24 - written) of 24 fields missing. The \(written) fetched are cached: run the same command again to fetch only the rest."))
        }
        // In flight when SKY failed (T1H at 4 and 5, SKY at 1, held 300 ms; more on a loaded
        // machine, where its answer can take longer): awaited to their
        // end, written and stored, not dropped.
        let counts = transport.counts.withLock { $0 }
        #expect(counts.completed == counts.started && counts.started >= 7, "\(counts)")
        #expect(fetched == counts.started - 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["cache"], "no file, no temporary file")
        let cachedFields = try FileManager.default.contentsOfDirectory(atPath: "\(cache)/apihub-grid/ultra-short/\(built.tmfc)").filter { $0.hasSuffix(".field") }
        #expect(cachedFields.count == fetched)

        built.serve(on: server)
        let before = server.requests.count
        let file = try await Support.client(server, cache: cache).writeNetCDF(.ultraShort, variables: categories, validTimes: .all, to: path)
        #expect(server.requests.count - before == 24 - fetched)
        #expect(file.fields == 24)
    }

    @Test("A request that cannot be: typed invalidRequest before any request and before any file (TMX at 06:00, no variable, a variable the product lacks)")
    func invalidRequest() async throws {
        let server = try ReplayServer(expectedKey: Support.key)
        let directory = try Support.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let client = try Support.client(server)
        let run = client.newestRun(of: .shortTerm)
        let cases: [(ForecastProduct, [ForecastCategory], NetCDFValidTimes, String)] = [
            (.shortTerm, [.tmx], .at(run.dateTime.adding(seconds: 3600)), "TMX is forecast only for 15:00 KST"),
            (.shortTerm, [], .first, "no variable to write"),
            (.nowcast, [.tmp], .first, "has no variable 'TMP'"),
        ]
        for (product, variables, times, words) in cases {
            do {
                try await client.writeNetCDF(product, variables: variables, validTimes: times, to: directory + "/x.nc")
                Issue.record("no error for \(words)")
            } catch {
                guard case .invalidRequest(let cause) = error else { throw error }
                #expect(cause.stage == .request)
                #expect(error.description.contains(words), "\(error)")
            }
        }
        #expect(server.requests.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test("A field you have: GridField.writeNetCDF(to:) round-trips; a code that is no code is a typed error naming the cell, no file")
    func fieldYouHave() throws {
        let built = try Support.built(.shortTerm, ["TMP", "SKY"])
        let directory = try Support.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let field = try GridField(product: .shortTerm, variable: .tmp, run: built.run, valid: built.validTimes[2], rawValues: built.rawValues("TMP", time: 2))
        try field.writeNetCDF(to: directory + "/tmp.nc")
        let reader = try NetCDFReader(path: directory + "/tmp.nc")
        #expect(try Support.holds(reader, built, "TMP", record: 0, time: 2))
        #expect(reader.attributes["source"] == .text("KMA API Hub nph-dfs_shrt_grd"))

        var sky = built.rawValues("SKY", time: 0)
        sky[BuiltGridField.index(nx: 98, ny: 76)] = 1.5
        let bad = try GridField(product: .shortTerm, variable: .sky, run: built.run, valid: built.validTimes[0], rawValues: sky)
        #expect(throws: NetCDFWriteError.notACode(variable: .sky, value: 1.5, cellIndex: BuiltGridField.index(nx: 98, ny: 76), valid: built.validTimes[0])) {
            try bad.writeNetCDF(to: directory + "/sky.nc")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["tmp.nc"])
    }
}
