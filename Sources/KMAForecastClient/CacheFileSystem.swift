#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system calls the cache makes, in one place (POSIX, so an atomic write is
/// exactly a temporary file plus `rename(2)`).
enum CacheFileSystem {
    /// The largest cache file read: far above any real run of one cell (a 1000-item page is
    /// about 135 KB, and a cell's run has at most a few pages), far below what would hurt.
    static let maximumFileSize = 16 << 20

    /// The whole file, or `nil` if it cannot be used: missing, unreadable, not a plain file
    /// (a directory, a FIFO, a device), larger than ``maximumFileSize`` (a sparse 100 GB file
    /// is refused before any byte is read), or not safe to trust (see ``isTrusted(_:)``).
    ///
    /// Opened with `O_NONBLOCK`, so a FIFO put in a file's place cannot hang the reader.
    static func contents(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size >= 0, info.st_size <= maximumFileSize, isTrusted(info),
              let folder = directory(of: path), isTrustedDirectory(folder) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { return bytes }
            // A file that grows while it is read is no more trusted than one that was too big.
            guard bytes.count + count <= maximumFileSize else { return nil }
            bytes += chunk[0..<count]
        }
    }

    /// Whether a file (or directory) may be trusted as this user's cache, as ssh treats its
    /// files: owned by the effective user, and writable by nobody else (no group or other
    /// write bit). A run planted in a shared directory by another user is not used.
    static func isTrusted(_ info: stat) -> Bool {
        info.st_uid == geteuid() && (info.st_mode & 0o022) == 0
    }

    /// Whether the directory holding a cache file may be trusted (see ``isTrusted(_:)``).
    private static func isTrustedDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && isTrusted(info)
    }

    /// The directory part of a path (`/a/b/c` → `/a/b`), `nil` for a bare name.
    private static func directory(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A file's last modification, in Unix seconds; `nil` if it cannot be read.
    static func modificationTime(_ path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return Int64(info.st_mtimespec.tv_sec)
        #else
        return Int64(info.st_mtim.tv_sec)
        #endif
    }

    /// The system clock, Unix seconds (for file ages, which the file system records on it).
    static func now() -> Int64 {
        Int64(time(nil))
    }

    /// Writes `bytes` to a new temporary file in the same directory, then renames it over
    /// `path`.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CacheFailure) {
        let folder = path.prefix(upTo: path.lastIndex(of: "/") ?? path.startIndex)
        let name = path[(path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex)...]
        let temporary = "\(folder)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        // 0600: the cache is the user's own (see `isTrusted`).
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failure(temporary) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return write(fd, base + offset, raw.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let error = failure(temporary)
                close(fd)
                unlink(temporary)
                throw error
            }
            offset += written
        }
        guard close(fd) == 0 else {
            let error = failure(temporary)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    /// Creates a directory and its parents (mode 0700: the cache is the user's own). A
    /// relative path stays relative (to the current directory).
    static func makeDirectories(_ path: String) throws(CacheFailure) {
        let root = path.hasPrefix("/") ? "/" : ""
        var current = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            current = current.isEmpty ? root + component : current + "/" + component
            if mkdir(current, 0o700) != 0 && errno != EEXIST { throw failure(current) }
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            // E.g. a dangling symbolic link in the way (mkdir said EEXIST), or no permission.
            let error = failure(path)
            throw CacheFailure(path: path, reason: "it cannot be checked to be a directory: \(error.reason)")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw CacheFailure(path: path, reason: "it exists and is not a directory")
        }
    }

    /// The current directory, from `getcwd(3)`.
    static func currentDirectory() -> Result<String, CacheFailure> {
        var size = 4096
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            if getcwd(&buffer, size) != nil {
                return .success(String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            guard errno == ERANGE, size < 1 << 20 else { return .failure(failure(".")) }
            size *= 2
        }
    }

    /// The names in a directory (empty if it cannot be read).
    static func list(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes a file, ignoring failure.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// Removes an empty directory, ignoring failure (e.g. it is not empty).
    static func removeDirectory(_ path: String) {
        rmdir(path)
    }

    /// A failure for `path` with the current `errno`'s text.
    private static func failure(_ path: String) -> CacheFailure {
        let code = errno
        let text = strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return CacheFailure(path: path, reason: text)
    }
}
