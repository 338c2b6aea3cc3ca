#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import _KMASystem

/// The writer's folder-descriptor mode (``FileWriter/replace(_:in:shownAs:with:permissions:)``,
/// the cache's way in).
@Suite("FileWriter.replace: a file in a folder held open, replaced by renameat, 0600")
struct FolderWriteTests {
    static func withFolder(_ body: (WriterTestFolder, Int32) throws -> Void) throws {
        let folder = try WriterTestFolder()
        defer { folder.remove() }
        let fd = try SystemCalls.open(folder.path, for: .folder(followingLinks: false)).get()
        defer { SystemCalls.closeDescriptor(fd) }
        try body(folder, fd)
    }

    @Test("A new file, 0600; a link at the name is replaced, never followed; no temporary left")
    func replaces() throws {
        try Self.withFolder { folder, fd in
            try FileWriter.replace("run.pages", in: fd, shownAs: folder.at("run.pages"), with: Array("one".utf8))
            #expect(folder.status("run.pages")?.permissions == 0o600)
            let victim = folder.file("victim.txt", "precious")
            #expect(symlink(victim, folder.at("link.pages")) == 0)
            try FileWriter.replace("link.pages", in: fd, shownAs: folder.at("link.pages"), with: Array("two".utf8))
            #expect(folder.contents(victim) == Array("precious".utf8))
            #expect(folder.status("link.pages")?.kind == .regular && folder.contents(folder.at("link.pages")) == Array("two".utf8))
            #expect(folder.names() == ["link.pages", "run.pages", "victim.txt"])
        }
    }

    @Test("A name that cannot be replaced (a folder with files): the error names the file, no temporary left")
    func failsCleanly() throws {
        try Self.withFolder { folder, fd in
            try FileManager.default.createDirectory(atPath: folder.at("run.pages/inner"), withIntermediateDirectories: true)
            let error = try #require(throws: FileWriteError.self) {
                try FileWriter.replace("run.pages", in: fd, shownAs: folder.at("run.pages"), with: [1])
            }
            #expect(error.path == folder.at("run.pages"))
            #expect(folder.names() == ["run.pages"])
        }
    }
}
