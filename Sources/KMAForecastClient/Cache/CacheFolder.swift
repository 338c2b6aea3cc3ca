#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A cache folder, open by descriptor once it and every folder above it up to the cache root
/// was checked; everything the cache reads, writes, lists or removes goes through one.
///
/// **Checked as files are** (``CacheFileSystem/isTrusted(_:)``): each folder below the root is
/// opened with `O_NOFOLLOW | O_DIRECTORY` from its parent's descriptor (`openat`), so it is a
/// real directory, not a symbolic link, and then must be owned by the user and writable by
/// nobody else. The root itself (the user's choice, ``ForecastCache/directory``) may be reached
/// through links, but must be owned by the user and writable by nobody else too. A folder
/// that fails a check is not used: nothing is written, listed or removed in it, and the
/// failure (``CacheFailure``) says which folder and why. So a link planted in a shared cache
/// directory (`2020010105 -> /victim`) can never lead a write or a removal elsewhere.
///
/// **Relative calls only.** Files are opened with `openat(…, O_NOFOLLOW)`, replaced with
/// `renameat`, removed with `unlinkat` and listed from a duplicate of the descriptor, so a
/// folder swapped for a link after it was checked is not followed either.
///
/// (POSIX `*at` calls: Linux, and Apple platforms since macOS 10.10 / iOS 8.)
struct CacheFolder: ~Copyable {
    /// The open descriptor of the folder.
    let descriptor: Int32
    /// The folder's path, for messages.
    let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Opens the folder `folders` below the cache root `root`, checking the root and each
    /// folder on the way.
    ///
    /// - Parameters:
    ///   - root: The cache root, an absolute path.
    ///   - folders: The names of the folders below it, outermost first (none: the root).
    ///   - create: Whether missing folders (the root and its parents included) are created,
    ///     mode 0700; else a missing folder fails.
    /// - Throws: ``CacheFailure`` naming the first folder that is missing (without `create`),
    ///   cannot be opened, is a link or not a folder, belongs to another user, or can be
    ///   written by others.
    static func at(root: String, _ folders: [String], create: Bool) throws(CacheFailure) -> CacheFolder {
        if create { try CacheFileSystem.makeDirectories(root) }
        // Following links: the root is the user's choice.
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw CacheFileSystem.failure(root) }
        var folder = CacheFolder(descriptor: fd, path: root)
        try folder.check(named: nil)
        for name in folders {
            folder = try folder.subfolder(name, create: create)
        }
        return folder
    }

    /// The folder `name` inside this one, checked (see the type's notes).
    ///
    /// - Parameter create: Whether to create it (mode 0700) when it is missing.
    func subfolder(_ name: String, create: Bool) throws(CacheFailure) -> CacheFolder {
        let path = self.path + "/" + name
        guard Self.isPlainName(name) else { throw CacheFailure(path: path, reason: "it is not a plain folder name") }
        var fd = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0, errno == ENOENT, create {
            if mkdirat(descriptor, name, 0o700) != 0 && errno != EEXIST { throw CacheFileSystem.failure(path) }
            fd = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard fd >= 0 else {
            let error = CacheFileSystem.failure(path)
            var info = stat()
            if fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
                if (info.st_mode & S_IFMT) == S_IFLNK {
                    throw CacheFailure(path: path, reason: "it is a symbolic link, and cache folders must be real folders (a link could lead the cache to write or remove files elsewhere); remove the link")
                }
                if (info.st_mode & S_IFMT) != S_IFDIR {
                    throw CacheFailure(path: path, reason: "it exists and is not a folder")
                }
            }
            throw error
        }
        let folder = CacheFolder(descriptor: fd, path: path)
        try folder.check(named: name)
        return folder
    }

    /// Checks the open folder: a directory of the user's own, writable by nobody else.
    private func check(named name: String?) throws(CacheFailure) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw CacheFileSystem.failure(path) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw CacheFailure(path: path, reason: "it is not a folder") }
        if info.st_uid != geteuid() {
            throw CacheFailure(path: path, reason: "it belongs to another user (uid \(info.st_uid)), so the cache does not use it; remove it, or choose a cache directory of your own")
        }
        if (info.st_mode & 0o022) != 0 {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw CacheFailure(path: path, reason: "other users can write to it (mode \(mode)), so the cache does not use it; run chmod go-w on it, or choose another cache directory")
        }
    }

    /// Whether `name` names an entry of this folder and nothing else (not empty, `.`, `..`,
    /// and no `/`).
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
    }

    // MARK: - Files

    /// The whole file `name`, or `nil` if it cannot be used: missing, unreadable, a link, not
    /// a plain file (a directory, a FIFO, a device), larger than
    /// ``CacheFileSystem/maximumFileSize`` (a sparse 100 GB file is refused before any byte
    /// is read), or not safe to trust (``CacheFileSystem/isTrusted(_:)``).
    ///
    /// Opened with `O_NONBLOCK`, so a FIFO put in a file's place cannot hang the reader.
    func contents(_ name: String) -> [UInt8]? {
        guard Self.isPlainName(name) else { return nil }
        let fd = openat(descriptor, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size >= 0, info.st_size <= CacheFileSystem.maximumFileSize, CacheFileSystem.isTrusted(info) else { return nil }
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
            guard bytes.count + count <= CacheFileSystem.maximumFileSize else { return nil }
            bytes += chunk[0..<count]
        }
    }

    /// Writes `bytes` to a new temporary file in this folder (`.<name>.<pid>.<random>.tmp`,
    /// mode 0600), then renames it over `name`: readers see the old file or the new one.
    func store(_ bytes: [UInt8], as name: String) throws(CacheFailure) {
        let target = path + "/" + name
        guard Self.isPlainName(name) else { throw CacheFailure(path: target, reason: "it is not a plain file name") }
        let temporary = ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        // 0600: the cache is the user's own (see `CacheFileSystem.isTrusted`).
        let fd = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw CacheFileSystem.failure(path + "/" + temporary) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return write(fd, base + offset, raw.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let error = CacheFileSystem.failure(path + "/" + temporary)
                close(fd)
                unlinkat(descriptor, temporary, 0)
                throw error
            }
            offset += written
        }
        guard close(fd) == 0 else {
            let error = CacheFileSystem.failure(path + "/" + temporary)
            unlinkat(descriptor, temporary, 0)
            throw error
        }
        guard renameat(descriptor, temporary, descriptor, name) == 0 else {
            let error = CacheFileSystem.failure(target)
            unlinkat(descriptor, temporary, 0)
            throw error
        }
    }

    /// The names in this folder (empty if it cannot be read).
    func names() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let directory = fdopendir(copy) else {
            close(copy)
            return []
        }
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

    /// Removes the entry `name` (a file, or a link itself: never what a link points to),
    /// ignoring failure (e.g. it is a folder, or already gone).
    func remove(_ name: String) {
        guard Self.isPlainName(name) else { return }
        unlinkat(descriptor, name, 0)
    }

    /// Removes the cache file at `path` (below `root`) through checked folders only; nothing
    /// when a folder on the way fails its check, or `path` is not below `root`.
    static func removeFile(_ path: String, root: String) {
        guard path.hasPrefix(root + "/") else { return }
        var folders = path.dropFirst(root.count + 1).split(separator: "/").map(String.init)
        guard let name = folders.popLast() else { return }
        do {
            try CacheFolder.at(root: root, folders, create: false).remove(name)
        } catch {
            return
        }
    }

    /// The last modification of the entry `name` (a link's own), in Unix seconds; `nil` if it
    /// cannot be read.
    func modificationTime(_ name: String) -> Int64? {
        var info = stat()
        guard Self.isPlainName(name), fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        #if canImport(Darwin)
        return Int64(info.st_mtimespec.tv_sec)
        #else
        return Int64(info.st_mtim.tv_sec)
        #endif
    }

    /// How old (seconds, by the file system's clock) a temporary file must be for pruning to
    /// remove it: an hour, far longer than any write takes.
    static let staleTemporaryAge: Int64 = 3_600

    /// Removes the temporary files of interrupted writes (`.<name>.<pid>.<random>.tmp`: SIGINT,
    /// SIGTERM, kill -9 between the write and the rename) older than ``staleTemporaryAge``,
    /// which belong to no write still in progress; fresher ones are left.
    ///
    /// - Parameter names: The folder's names, when already listed.
    func removeStaleTemporaries(now: Int64, names: [String]? = nil) {
        for name in names ?? self.names() where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            if let modified = modificationTime(name), now - modified > Self.staleTemporaryAge {
                remove(name)
            }
        }
    }

    /// Removes the folder `name` and the files in it, as a checked folder (see the type's
    /// notes): a link, a folder of another user or one others can write to is left alone,
    /// and so is what it holds. A folder inside it is left too (and so the folder itself).
    ///
    /// - Returns: Why the folder was left alone, or `nil` once removed (or already gone).
    @discardableResult
    func removeFolder(_ name: String) -> CacheFailure? {
        var info = stat()
        guard Self.isPlainName(name), fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        let inner: CacheFolder
        do {
            inner = try subfolder(name, create: false)
        } catch {
            return CacheFailure(path: error.path, reason: error.reason + "; it was left alone")
        }
        for entry in inner.names() { inner.remove(entry) }
        guard unlinkat(descriptor, name, AT_REMOVEDIR) == 0 || errno == ENOENT else {
            let failure = CacheFileSystem.failure(inner.path)
            return CacheFailure(path: failure.path, reason: "it could not be removed: \(failure.reason)")
        }
        return nil
    }
}
