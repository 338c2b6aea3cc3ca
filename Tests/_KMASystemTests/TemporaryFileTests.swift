#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import _KMASystem

/// The one temporary-file rule (``TemporaryFile``): random names, created exclusively, never
/// opening what is already at a name, removed on every failure.
@Suite("TemporaryFile: random names, O_EXCL | O_NOFOLLOW, a new name when one is taken")
struct TemporaryFileTests {
    @Test("Names are .<name>.<16 hex>.tmp from 64 random bits, never the same twice in a row; a long name is cut to fit 255 bytes")
    func names() {
        #expect(TemporaryFile.temporaryName(for: "out.nc", random: 0xab) == ".out.nc.00000000000000ab.tmp")
        let drawn = (0..<64).map { _ in TemporaryFile.temporaryName(for: "out.nc", random: UInt64.random(in: .min ... .max)) }
        #expect(Set(drawn).count == 64)
        let long = String(repeating: "가", count: 100)   // 300 bytes of UTF-8
        let name = TemporaryFile.temporaryName(for: long, random: 1)
        #expect(name.utf8.count <= 255 && name.hasPrefix(".가가") && name.hasSuffix(".0000000000000001.tmp"))
        #expect(FileWriter.isTemporaryName(name) && FileWriter.isTemporaryName(".20221120-0500.pages.4242.1234.tmp"))
        #expect(!FileWriter.isTemporaryName("20221120-0500.pages") && !FileWriter.isTemporaryName(".tmp"))
    }

    @Test("A link, a FIFO and a file planted at the names drawn are left alone: the next name is used")
    func plantedNames() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let victim = folder.file("victim.txt", "precious")
        let planted = (1...3).map { TemporaryFile.temporaryName(for: "out.nc", random: UInt64($0)) }
        #expect(symlink(victim, folder.at(planted[0])) == 0)
        #expect(mkfifo(folder.at(planted[1]), 0o600) == 0)
        folder.file(planted[2], "someone else's")
        var draws: [UInt64] = [1, 2, 3, 4]
        let file = try TemporaryFile.create(for: "out.nc", in: SystemCalls.currentFolder, prefix: folder.path + "/", permissions: 0o600) {
            draws.removeFirst()
        }.get()
        #expect(file.name == folder.at(TemporaryFile.temporaryName(for: "out.nc", random: 4)))
        #expect(SystemCalls.writeAll(file.descriptor, UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
        #expect(file.commit(as: folder.at("out.nc"), in: SystemCalls.currentFolder) == nil)
        #expect(folder.contents(victim) == Array("precious".utf8))
        #expect(folder.status(planted[0])?.kind == .symbolicLink && folder.status(planted[1])?.kind == .fifo)
        #expect(folder.contents(folder.at(planted[2])) == Array("someone else's".utf8))
        #expect(folder.status("out.nc")?.kind == .regular)
    }

    @Test("When every name drawn is taken, creation fails (EEXIST) after a bounded number of draws")
    func allTaken() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        folder.file(TemporaryFile.temporaryName(for: "x", random: 9), "taken")
        var draws = 0
        let result = TemporaryFile.create(for: "x", in: SystemCalls.currentFolder, prefix: folder.path + "/", permissions: 0o600) {
            draws += 1
            return 9
        }
        guard case .failure(let error) = result else { Issue.record("created over a taken name"); return }
        #expect(error.code == SystemCalls.fileExists && draws == TemporaryFile.attempts)
    }

    @Test("A temporary file released without a commit is removed")
    func discardedOnRelease() throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        do {
            let file = try TemporaryFile.create(beside: folder.at("out.nc"), permissions: 0o600).get()
            #expect(folder.names().count == 1 && file.descriptor >= 0)
        }
        #expect(folder.names().isEmpty)
    }
}
