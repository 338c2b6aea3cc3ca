#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import _KMASystem

/// A fresh folder for one test, removed by `remove()`; helpers to plant things in it and look
/// at what is there.
struct WriterTestFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("kma-writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    func at(_ name: String) -> String { path + "/" + name }

    /// A regular file with `text` and the permission bits given.
    @discardableResult
    func file(_ name: String, _ text: String, mode: mode_t = 0o644) -> String {
        let path = at(name)
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        chmod(path, mode)
        return path
    }

    /// What is at `name` (a link itself), or `nil`.
    func status(_ name: String) -> FileStatus? { try? SystemCalls.status(of: at(name)).get() }

    /// The bytes of the file at `path` (following links), or `nil`.
    func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

    /// The names in the folder, sorted.
    func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    /// The bits a file created with 0666 gets under the process's umask (as `>` makes it).
    func newFileMode() -> UInt32 {
        let probe = at(".probe")
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o666)
        defer { close(fd); unlink(probe) }
        var info = stat()
        fstat(fd, &info)
        return UInt32(info.st_mode & 0o7777)
    }
}

/// Reads a pipe or FIFO descriptor on its own thread until end of file.
final class DrainingReader: Sendable {
    private let state = Locked<(bytes: [UInt8], done: Bool)>(([], false))

    /// Drains `fd` (which it closes at the end).
    convenience init(_ fd: Int32) {
        self.init { fd }
    }

    /// Opens the FIFO at `path` for reading (on the reading thread: the open waits for a
    /// writer) and drains it.
    convenience init(fifo path: String) {
        self.init { open(path, O_RDONLY) }
    }

    private init(opening: @escaping @Sendable () -> Int32) {
        Thread.detachNewThread { [state] in
            let fd = opening()
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                state.withLock { $0.bytes += chunk[0..<count] }
            }
            close(fd)
            state.withLock { $0.done = true }
        }
    }

    /// What was read, once the writer closed its end.
    func bytes() async -> [UInt8] {
        while !state.withLock({ $0.done }) { try? await Task.sleep(for: .milliseconds(2)) }
        return state.withLock { $0.bytes }
    }
}
