#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import KMAForecastClient
import Testing
@testable import KMAForecastCLI
import _KMATestSupport
import _KMASystem

/// Reads a FIFO on its own thread while the tool writes it: opened non-blocking first (so a
/// tool that never opens the FIFO cannot hang the test), drained until told the writer is done.
final class FIFOReader: Sendable {
    private let state = Locked<(bytes: [UInt8], writerDone: Bool, finished: Bool)>(([], false, false))
    private let fd: Int32

    init(_ path: String) {
        fd = open(path, O_RDONLY | O_NONBLOCK)
        let fd = self.fd
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let done = state.withLock { $0.writerDone }
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    state.withLock { $0.bytes += chunk[0..<count] }
                } else if done {
                    break
                } else {
                    usleep(1_000)
                }
            }
            state.withLock { $0.finished = true }
        }
    }

    /// What was read, once the writer is done.
    func bytes() async -> [UInt8] {
        state.withLock { $0.writerDone = true }
        while !state.withLock({ $0.finished }) { try? await Task.sleep(for: .milliseconds(5)) }
        close(fd)
        return state.withLock { $0.bytes }
    }
}

/// Every file the tool writes goes through one helper (``OutputFile``): devices and FIFOs are
/// written through as a shell's `>` does, regular files replaced atomically keeping their mode,
/// links refused (issue 25, item 2).
@Suite("Output files: devices and FIFOs written through, regular files replaced keeping their mode, links refused")
struct OutputFileTests {
    static let key = "TESTKEY+abc/def=="
    static let now = Date(timeIntervalSince1970: 1_795_186_800 + 6 * 3600)

    static func server() throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: key)
        server.addField(
            try Fixtures.bytes("apihub-grid/built_shrt_grd_TMP_tmfc2026112105_tmef2026112106.txt"),
            operation: "nph-dfs_shrt_grd", tmfc: "2026112105", tmef: "2026112106", variable: "TMP"
        )
        return server
    }

    static func field(_ server: ReplayServer, _ extra: [String]) async -> ToolResult {
        await runTool(
            ["field", "--base-url", server.apiHubFieldBaseURL, "--no-cache", "--var", "TMP"] + extra,
            environment: ["KMA_SERVICE_KEY": key], now: now
        )
    }

    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kma-output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    // Regression: the FIFO was replaced by a regular file (Foundation's atomic write) and its
    // reader got nothing.
    @Test("field --output FIFO: the reader gets the CSV, the FIFO stays a FIFO", .timeLimit(.minutes(10)))
    func fifo() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = await Self.field(server, [])
        #expect(expected.status == 0 && expected.stdout.utf8.count > 65_536, "\(expected.stderr)")
        let fifo = folder + "/out.csv"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = FIFOReader(fifo)
        let result = await Self.field(server, ["--output", fifo])
        let got = await reader.bytes()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(got == Array(expected.stdout.utf8), "the reader got \(got.count) bytes")
        #expect(Self.kind(fifo) == S_IFIFO)
        // A link to a FIFO (as /dev/stdout is to a pipe) is written through too.
        #expect(symlink(fifo, folder + "/stdout") == 0)
        let linked = FIFOReader(fifo)
        let viaLink = await Self.field(server, ["--output", folder + "/stdout"])
        #expect(viaLink.status == 0, "\(viaLink.stderr)")
        #expect(await linked.bytes() == Array(expected.stdout.utf8))
        #expect(Self.kind(folder + "/stdout") == S_IFLNK)
    }

    // Regression: `--output /tmp/null2` (a character device) became a 1 MB regular file.
    @Test("field --output to a character device writes through it; the node stays a device")
    func characterDevice() async throws {
        let server = try Self.server()
        defer { server.stop() }
        var devices = ["/dev/null"]
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if geteuid() == 0 {
            // As root, a null device of the test's own, so a failure cannot harm /dev/null.
            #expect(mknod(folder + "/null2", S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
            devices = [folder + "/null2"]
        }
        for device in devices {
            var before = stat()
            #expect(lstat(device, &before) == 0)
            let result = await Self.field(server, ["--format", "png", "--output", device])
            #expect(result.status == 0, "\(result.stderr)")
            var after = stat()
            #expect(lstat(device, &after) == 0)
            #expect(after.st_mode & S_IFMT == S_IFCHR && after.st_rdev == before.st_rdev && after.st_ino == before.st_ino, "\(device)")
        }
    }

    // Regression: --chart wrote through a symbolic link (O_TRUNC without O_NOFOLLOW).
    @Test("--chart and field --output refuse a symbolic link to a regular file: the victim is untouched")
    func link() async throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let victim = folder + "/victim.txt"
        #expect(FileManager.default.createFile(atPath: victim, contents: Data("precious".utf8)))
        #expect(symlink(victim, folder + "/chart.svg") == 0)
        let chart = await runTool(["--lat", "37.56", "--lon", "126.97", "--lang", "en", "--chart", folder + "/chart.svg"])
        #expect(chart.status == 1)
        #expect(chart.stderr.contains("Error: cannot write '\(folder)/chart.svg': it is a symbolic link (to a regular file)"), "\(chart.stderr)")
        #expect(chart.stderr.contains("give the path of the file itself, or remove the link"))
        let server = try Self.server()
        defer { server.stop() }
        #expect(symlink(victim, folder + "/out.csv") == 0)
        let field = await Self.field(server, ["--output", folder + "/out.csv"])
        #expect(field.status == 1 && field.stderr.contains("symbolic link"), "\(field.stderr)")
        #expect(FileManager.default.contents(atPath: victim) == Data("precious".utf8))
        #expect(Self.kind(folder + "/chart.svg") == S_IFLNK && Self.kind(folder + "/out.csv") == S_IFLNK)
        // A dangling link is refused too (it would create the file it names).
        #expect(symlink(folder + "/absent", folder + "/dangling.svg") == 0)
        #expect(throws: CLIError.self) { try OutputFile.write([1], to: folder + "/dangling.svg") }
        #expect(!FileManager.default.fileExists(atPath: folder + "/absent"))
    }

    @Test("A regular file is replaced whole, keeping its mode; a new one gets 0666 less the umask")
    func regularFile() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.csv"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 65, count: 10_000)))
        #expect(chmod(path, 0o640) == 0)
        try OutputFile.write(Array("new".utf8), to: path)
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o7777 == 0o640 && info.st_mode & S_IFMT == S_IFREG)
        #expect(FileManager.default.contents(atPath: path) == Data("new".utf8))
        let fresh = folder + "/fresh.csv"
        let mask = umask(0o022)
        defer { umask(mask) }
        try OutputFile.write([1, 2], to: fresh)
        #expect(lstat(fresh, &info) == 0 && info.st_mode & 0o7777 == 0o644)
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["fresh.csv", "out.csv"])
    }

    @Test("A folder, a missing folder: refused, saying why")
    func notAFile() throws {
        let folder = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = try #require(throws: CLIError.self) { try OutputFile.write([1], to: folder) }
        #expect("\(error)".contains("it is a folder"), "\(error)")
        let missing = try #require(throws: CLIError.self) { try OutputFile.write([1], to: folder + "/no/such.csv") }
        #expect("\(missing)".contains("No such file or directory"), "\(missing)")
    }
}
