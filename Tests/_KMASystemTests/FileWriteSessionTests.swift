#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import _KMATestSupport
import Testing
@testable import _KMASystem

/// The writer's random-access session (``FileWriteSession``, NetCDF's way in): slabs at
/// offsets, a final length, then a commit or nothing at all.
@Suite("FileWriteSession: slabs at offsets, committed whole or not at all, by FileWriter's rules")
struct FileWriteSessionTests {
    /// Writes `body` in three slabs out of order, pads it to `length`, commits.
    static func write(_ body: [UInt8], length: Int, to path: String) throws(FileWriteError) {
        let session = try FileWriteSession(path: path)
        let third = body.count / 3
        try session.write(Array(body[(2 * third)...]), at: Int64(2 * third))
        try session.write(Array(body[..<third]), at: 0)
        try session.write(Array(body[third..<(2 * third)]), at: Int64(third))
        try session.setLength(Int64(length))
        try session.commit()
    }

    static let body = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
    static var padded: [UInt8] { body + [UInt8](repeating: 0, count: 1_000) }

    @Test("A new file: nothing at the path until the commit, then the whole file; abandoned or released: nothing left")
    func newFile() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let path = folder.at("out.nc")
        let session = try FileWriteSession(path: path)
        try session.write(Self.body, at: 0)
        #expect(folder.status("out.nc") == nil)
        try session.setLength(Int64(Self.body.count + 1_000))
        try session.commit()
        #expect(ByteSummary(folder.contents(path)) == ByteSummary(Self.padded))
        #expect(folder.names() == ["out.nc"])
        try FileWriteSession(path: folder.at("abandoned.nc")).abandon()
        do {
            let released = try FileWriteSession(path: folder.at("released.nc"))
            try released.write([1, 2, 3], at: 10)
        }
        #expect(folder.names() == ["out.nc"])
    }

    @Test("An existing 0600 file keeps its mode")
    func keepsMode() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let path = folder.file("out.nc", "old", mode: 0o600)
        try Self.write(Self.body, length: Self.body.count + 1_000, to: path)
        #expect(folder.status("out.nc")?.permissions == 0o600)
        #expect(ByteSummary(folder.contents(path)) == ByteSummary(Self.padded))
    }

    @Test("A link to a regular file is refused before anything is written; the target untouched")
    func link() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let victim = folder.file("victim.nc", "precious")
        #expect(symlink(victim, folder.at("out.nc")) == 0)
        let error = try #require(throws: FileWriteError.self) { try FileWriteSession(path: folder.at("out.nc")) }
        #expect(error.problem == .symbolicLink(to: .regular))
        #expect(folder.contents(victim) == Array("precious".utf8) && folder.status("out.nc")?.kind == .symbolicLink)
        #expect(folder.names() == ["out.nc", "victim.nc"])
    }

    @Test("A FIFO, and a pipe through its /proc/self/fd link: the reader gets the whole file in order", .timeLimit(.minutes(10)))
    func writtenThrough() async throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let fifo = folder.at("out.nc")
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = DrainingReader(fifo: fifo)
        try Self.write(Self.body, length: Self.body.count + 1_000, to: fifo)
        #expect(ByteSummary(await reader.bytes()) == ByteSummary(Self.padded))
        #expect(folder.status("out.nc")?.kind == .fifo)

        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let piped = DrainingReader(ends[0])
        let link = (FileManager.default.fileExists(atPath: "/proc/self/fd") ? "/proc/self/fd/" : "/dev/fd/") + "\(ends[1])"
        try Self.write(Self.body, length: Self.body.count + 1_000, to: link)
        close(ends[1])
        #expect(ByteSummary(await piped.bytes()) == ByteSummary(Self.padded))
        #expect(folder.names() == ["out.nc"])
    }

    @Test("Two sessions of one path at once: separate temporary files, the last commit wins whole")
    func twoAtOnce() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let path = folder.at("out.nc")
        let first = try FileWriteSession(path: path)
        let second = try FileWriteSession(path: path)
        #expect(folder.names().count == 2, "two temporary files")
        try first.write(Array(repeating: 1, count: 50_000), at: 0)
        try second.write(Array(repeating: 2, count: 40_000), at: 0)
        try first.setLength(50_000)
        try second.setLength(40_000)
        try first.commit()
        #expect(ByteSummary(folder.contents(path)) == ByteSummary(Array(repeating: 1, count: 50_000)))
        try second.commit()
        #expect(ByteSummary(folder.contents(path)) == ByteSummary(Array(repeating: 2, count: 40_000)))
        #expect(folder.names() == ["out.nc"])
    }
}
