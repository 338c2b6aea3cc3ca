#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import _KMATestSupport
import Testing
@testable import _KMASystem

/// The package's one file writer, whole files (``FileWriter/write(_:to:)``): what is at the
/// path decides how it is written; every refusal says what is there and what to do.
@Suite("FileWriter: new and regular files replaced atomically keeping their mode, devices and FIFOs written through, links refused")
struct FileWriterTests {
    @Test("A new file: the bytes, mode 0666 less the umask, no temporary file left")
    func newFile() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let expectedMode = folder.newFileMode()
        try FileWriter.write(Array("new".utf8), to: folder.at("out.csv"))
        #expect(folder.contents(folder.at("out.csv")) == Array("new".utf8))
        #expect(folder.status("out.csv")?.permissions == expectedMode)
        #expect(folder.names() == ["out.csv"])
    }

    @Test("A regular file of mode 0600 is replaced whole (a new inode), keeping 0600")
    func keepsMode() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let path = folder.file("secret.csv", String(repeating: "A", count: 10_000), mode: 0o600)
        let before = try #require(folder.status("secret.csv"))
        try FileWriter.write(Array("new".utf8), to: path)
        let after = try #require(folder.status("secret.csv"))
        #expect(after.kind == .regular && after.permissions == 0o600)
        #expect(after.inode != before.inode, "replaced by rename, not written in place")
        #expect(folder.contents(path) == Array("new".utf8))
        #expect(folder.names() == ["secret.csv"])
    }

    @Test("As root, a replaced file keeps its owner and group", .enabled(if: geteuid() == 0))
    func keepsOwner() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let path = folder.file("theirs.csv", "old", mode: 0o640)
        #expect(chown(path, 4321, 4322) == 0)
        try FileWriter.write(Array("new".utf8), to: path)
        let after = try #require(folder.status("theirs.csv"))
        #expect(after.owner == 4321 && after.group == 4322 && after.permissions == 0o640)
    }

    @Test("A link to a regular file, a dangling link: refused, the target untouched, the link left")
    func links() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let victim = folder.file("victim.txt", "precious")
        #expect(symlink(victim, folder.at("out.csv")) == 0)
        let error = try #require(throws: FileWriteError.self) { try FileWriter.write([1], to: folder.at("out.csv")) }
        #expect(error.description == "cannot write '\(folder.at("out.csv"))': it is a symbolic link (to a regular file), and the tool does not write files through links; give the path of the file itself, or remove the link")
        #expect(folder.contents(victim) == Array("precious".utf8))
        #expect(folder.status("out.csv")?.kind == .symbolicLink)
        #expect(symlink(folder.at("absent"), folder.at("dangling.svg")) == 0)
        let dangling = try #require(throws: FileWriteError.self) { try FileWriter.write([1], to: folder.at("dangling.svg")) }
        #expect(dangling.reason.hasPrefix("it is a symbolic link (to nothing that exists)"))
        #expect(folder.status("absent") == nil)
        #expect(folder.names() == ["dangling.svg", "out.csv", "victim.txt"])
    }

    @Test("A character device, and a link to one, are written through: the node stays")
    func device() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        var device = "/dev/null"
        if geteuid() == 0 {
            // As root, a null device of the test's own, so a failure cannot harm /dev/null.
            #expect(mknod(folder.at("null2"), S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
            device = folder.at("null2")
        }
        let before = try #require(try? SystemCalls.status(of: device).get())
        try FileWriter.write(Array(repeating: 7, count: 100_000), to: device)
        #expect(symlink(device, folder.at("stdout")) == 0)
        try FileWriter.write([1, 2, 3], to: folder.at("stdout"))
        let after = try #require(try? SystemCalls.status(of: device).get())
        #expect(after.kind == .characterDevice && after.isSameFile(as: before))
        #expect(folder.status("stdout")?.kind == .symbolicLink)
    }

    @Test("A FIFO and a pipe's /proc/self/fd (or /dev/fd) link: the reader gets the bytes, nothing is replaced", .timeLimit(.minutes(10)))
    func fifoAndPipe() async throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let fifo = folder.at("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = DrainingReader(fifo: fifo)
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try FileWriter.write(bytes, to: fifo)
        #expect(ByteSummary(await reader.bytes()) == ByteSummary(bytes))
        #expect(folder.status("fifo")?.kind == .fifo)

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let piped = DrainingReader(ends[0])
        let link = (FileManager.default.fileExists(atPath: "/proc/self/fd") ? "/proc/self/fd/" : "/dev/fd/") + "\(ends[1])"
        try FileWriter.write(bytes, to: link)
        close(ends[1])
        #expect(ByteSummary(await piped.bytes()) == ByteSummary(bytes))
    }

    @Test("A folder, a socket, an empty path, a missing folder: refused, saying why", arguments: ["folder", "socket", "empty", "missing"])
    func refusals(_ what: String) throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        var path = folder.path
        var expected = "cannot write '\(folder.path)': it is a folder; give a file name"
        switch what {
        case "socket":
            path = folder.at("s")
            let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socketFD) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
            try #require(bound == 0)
            expected = "cannot write '\(path)': it is a socket; give a file name"
        case "empty":
            path = ""
            expected = "cannot write '': the output path is empty; give a file name"
        case "missing":
            path = folder.at("no/such.csv")
            expected = "cannot write '\(path)': No such file or directory"
        default:
            break
        }
        let error = try #require(throws: FileWriteError.self) { try FileWriter.write([1], to: path) }
        #expect(error.description == expected)
    }

    @Test("A folder that takes no new file: a writable file in it is written in place, as > would", .enabled(if: geteuid() != 0))
    func inPlace() throws {
        let folder = try WriterTestFolder()
        defer { chmod(folder.path, 0o700); folder.remove() }
        let path = folder.file("out.csv", String(repeating: "A", count: 1_000), mode: 0o600)
        let before = try #require(folder.status("out.csv"))
        #expect(chmod(folder.path, 0o500) == 0)
        try FileWriter.write(Array("new".utf8), to: path)
        #expect(folder.contents(path) == Array("new".utf8))
        #expect(folder.status("out.csv")?.isSameFile(as: before) == true)
    }
}
