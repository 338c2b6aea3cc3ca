#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KMAForecast
import Testing
import _KMATestSupport
import _KMASystem

/// Where `field --format netcdf --output` writes, by the package's one file writer
/// (``FileWriter``): what `--output` writes through (a device, a FIFO, a link to one) is
/// written through, what it refuses is refused with the same words, nothing is ever written
/// through a link planted at a temporary name, and a replaced file keeps its mode (issue 28).
@Suite("field --format netcdf --output: devices, FIFOs and links as --output takes them; planted temporaries ignored; modes kept")
struct FieldNetCDFDestinationTests {
    /// A stand-in API Hub serving one short-term TMP field (`seed` makes its values).
    static func server(seed: Int = 0) throws -> ReplayServer {
        let built = try FieldNetCDFTests.built(.shortTerm, ["TMP"], seed: seed)
        let server = try ReplayServer(expectedKey: FieldNetCDFTests.key)
        built.serve(on: server) { _, time in time == 0 }
        return server
    }

    static func netcdf(_ server: ReplayServer, to path: String) async -> ToolResult {
        await FieldNetCDFTests.run(server, ["--var", "TMP", "--format", "netcdf", "--output", path])
    }

    /// The file a run writes to a fresh regular file.
    static func reference(_ server: ReplayServer, in folder: String, name: String = "reference.nc") async throws -> [UInt8] {
        let result = await netcdf(server, to: folder + "/" + name)
        try #require(result.status == 0, "\(result.stderr)")
        defer { unlink(folder + "/" + name) }
        return try #require(FileManager.default.contents(atPath: folder + "/" + name).map { Array($0) })
    }

    static func kind(_ path: String) -> FileKind? { try? SystemCalls.status(of: path).get().kind }

    static func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    // Regression: `.out.nc.partial -> victim` had the victim overwritten with the NetCDF file
    // and the link renamed to out.nc.
    @Test("A link planted at the old temporary name (.out.nc.partial): its target untouched, out.nc whole")
    func plantedLink() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try FieldNetCDFTests.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = try await Self.reference(server, in: folder)
        #expect(FileManager.default.createFile(atPath: folder + "/victim.txt", contents: Data("precious".utf8)))
        #expect(symlink(folder + "/victim.txt", folder + "/.out.nc.partial") == 0)
        let result = await Self.netcdf(server, to: folder + "/out.nc")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: folder + "/victim.txt") == Data("precious".utf8))
        #expect(Self.kind(folder + "/.out.nc.partial") == .symbolicLink && Self.kind(folder + "/out.nc") == .regular)
        #expect(ByteSummary(FileManager.default.contents(atPath: folder + "/out.nc").map { Array($0) }) == ByteSummary(expected))
        #expect(Self.names(folder) == [".out.nc.partial", "out.nc", "victim.txt"])
    }

    // Regression: a FIFO at `.out.nc.partial` made the tool wait forever for a reader.
    @Test("A FIFO planted at the old temporary name: no hang, out.nc whole, the FIFO left", .timeLimit(.minutes(10)))
    func plantedFIFO() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try FieldNetCDFTests.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = try await Self.reference(server, in: folder)
        let fifo = folder + "/.out.nc.partial"
        #expect(mkfifo(fifo, 0o600) == 0)
        let run = Task { await Self.netcdf(server, to: folder + "/out.nc") }
        // The hang guard: generous, and only there to free a tool stuck opening the FIFO (a
        // reader drains it), so that the failure is reported instead of hanging the tests.
        let state = Locked<(finished: Bool, guardReader: FIFOReader?)>((false, nil))
        Task {
            try await Task.sleep(for: .seconds(60))
            state.withLock { state in
                if !state.finished { state.guardReader = FIFOReader(fifo) }
            }
        }
        let result = await run.value
        let guardReader = state.withLock { state in
            state.finished = true
            return state.guardReader
        }
        _ = await guardReader?.bytes()
        #expect(guardReader == nil, "the tool waited for a reader of the planted FIFO")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.kind(fifo) == .fifo)
        try #require(Self.kind(folder + "/out.nc") == .regular)
        #expect(ByteSummary(FileManager.default.contents(atPath: folder + "/out.nc").map { Array($0) }) == ByteSummary(expected))
    }

    @Test("A character device is written through: the node stays as it was")
    func characterDevice() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try FieldNetCDFTests.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var device = "/dev/null"
        if geteuid() == 0 {
            // As root, a null device of the test's own, so a failure cannot harm /dev/null.
            #expect(mknod(folder + "/null2", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
            device = folder + "/null2"
        }
        let before = try SystemCalls.status(of: device).get()
        let result = await Self.netcdf(server, to: device)
        #expect(result.status == 0, "\(result.stderr)")
        let after = try SystemCalls.status(of: device).get()
        #expect(after.kind == .characterDevice && after.isSameFile(as: before))
        #expect(Self.names(folder) == (geteuid() == 0 ? ["null2"] : []))
    }

    @Test("A FIFO with a reader, and a pipe through its /proc/self/fd link: the reader gets the file, nothing is replaced", .timeLimit(.minutes(10)))
    func fifoAndPipe() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try FieldNetCDFTests.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = try await Self.reference(server, in: folder)
        let fifo = folder + "/out.nc"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = FIFOReader(fifo)
        let result = await Self.netcdf(server, to: fifo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(ByteSummary(await reader.bytes()) == ByteSummary(expected))
        #expect(Self.kind(fifo) == .fifo)

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let collected = Locked<[UInt8]>([])
        let drained = Thread.detachNewThreadDrain(ends[0], into: collected)
        let link = (FileManager.default.fileExists(atPath: "/proc/self/fd") ? "/proc/self/fd/" : "/dev/fd/") + "\(ends[1])"
        let piped = await Self.netcdf(server, to: link)
        close(ends[1])
        await drained.value
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(ByteSummary(collected.withLock { $0 }) == ByteSummary(expected))
        #expect(Self.names(folder) == ["out.nc"])
    }

    @Test("A link to a regular file: refused with --output's words, the target untouched, the link left")
    func linkToFile() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try FieldNetCDFTests.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/victim.nc", contents: Data("precious".utf8)))
        #expect(symlink(folder + "/victim.nc", folder + "/out.nc") == 0)
        let netcdf = await Self.netcdf(server, to: folder + "/out.nc")
        let csv = await FieldNetCDFTests.run(server, ["--var", "TMP", "--output", folder + "/out.nc"])
        #expect(netcdf.status == 1 && csv.status == 1)
        #expect(netcdf.stderr == "Error: cannot write '\(folder)/out.nc': it is a symbolic link (to a regular file), and the tool does not write files through links; give the path of the file itself, or remove the link\n")
        #expect(netcdf.stderr == csv.stderr)
        #expect(FileManager.default.contents(atPath: folder + "/victim.nc") == Data("precious".utf8))
        #expect(Self.kind(folder + "/out.nc") == .symbolicLink)
        #expect(Self.names(folder) == ["out.nc", "victim.nc"])
    }

    @Test("An existing 0600 file keeps its mode after field --format netcdf, field --output and --chart")
    func keepsMode() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try FieldNetCDFTests.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["out.nc", "out.csv", "chart.svg"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("old".utf8)))
            #expect(chmod(folder + "/" + name, 0o600) == 0)
        }
        let netcdf = await Self.netcdf(server, to: folder + "/out.nc")
        let csv = await FieldNetCDFTests.run(server, ["--var", "TMP", "--output", folder + "/out.csv"])
        let chart = await runTool(["--lat", "37.56", "--lon", "126.97", "--lang", "en", "--chart", folder + "/chart.svg"])
        #expect(netcdf.status == 0 && csv.status == 0 && chart.status == 0, "\(netcdf.stderr)\(csv.stderr)\(chart.stderr)")
        for name in ["out.nc", "out.csv", "chart.svg"] {
            let status = try SystemCalls.status(of: folder + "/" + name).get()
            #expect(status.permissions == 0o600 && status.kind == .regular, "\(name)")
            #expect(FileManager.default.contents(atPath: folder + "/" + name) != Data("old".utf8), "\(name) written")
        }
    }

    // Regression: two runs shared `.out.nc.partial`; one exited 0 holding none of its values.
    @Test("Two runs writing one file at once: each succeeds or fails cleanly, the file is one run's, whole")
    func twoAtOnce() async throws {
        let first = try Self.server(seed: 1)
        let second = try Self.server(seed: 2)
        defer { first.stop(); second.stop() }
        let folder = try FieldNetCDFTests.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let one = try await Self.reference(first, in: folder)
        let two = try await Self.reference(second, in: folder)
        #expect(ByteSummary(one) != ByteSummary(two))
        let path = folder + "/out.nc"
        async let a = Self.netcdf(first, to: path)
        async let b = Self.netcdf(second, to: path)
        let results = await [a, b]
        for result in results {
            #expect(result.status == 0 || result.stderr.hasPrefix("Error: cannot write '\(path)'"), "\(result.stderr)")
        }
        #expect(results.contains { $0.status == 0 })
        let final = FileManager.default.contents(atPath: path).map { Array($0) }
        #expect([ByteSummary(one), ByteSummary(two)].contains(ByteSummary(final)), "a whole file of one run, never a mix")
        #expect(Self.names(folder) == ["out.nc"])
    }
}

extension Thread {
    /// Reads `fd` to its end on a new thread, into `bytes`; closes it.
    static func detachNewThreadDrain(_ fd: Int32, into bytes: Locked<[UInt8]>) -> Task<Void, Never> {
        let done = Locked(false)
        detachNewThread {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                bytes.withLock { $0 += chunk[0..<count] }
            }
            close(fd)
            done.withLock { $0 = true }
        }
        return Task {
            while !done.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(2)) }
        }
    }
}
