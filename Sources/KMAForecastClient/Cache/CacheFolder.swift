import _KMASystem

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
/// **Relative calls only** (``SystemCalls``). Files are opened with `openat(…, O_NOFOLLOW)`,
/// written by the package's one file writer from the descriptor (``FileWriter``: a random
/// temporary name, `O_CREAT | O_EXCL | O_NOFOLLOW`, `renameat`; not synced, as entries check their own length and checksum), removed with
/// `unlinkat` and listed from a duplicate of the descriptor, so a folder swapped for a link
/// after it was checked is not followed either.
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

    deinit { SystemCalls.closeDescriptor(descriptor) }

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
        let fd: Int32
        switch SystemCalls.open(root, for: .folder(followingLinks: true)) {
        case .success(let opened): fd = opened
        case .failure(let error): throw CacheFailure(path: root, reason: error.description)
        }
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
        var opened = SystemCalls.open(name, in: descriptor, for: .folder(followingLinks: false))
        if case .failure(let error) = opened, error.code == SystemCalls.noSuchFile, create {
            if let error = SystemCalls.makeFolder(name, in: descriptor, permissions: 0o700), error.code != SystemCalls.fileExists {
                throw CacheFailure(path: path, reason: error.description)
            }
            opened = SystemCalls.open(name, in: descriptor, for: .folder(followingLinks: false))
        }
        let fd: Int32
        switch opened {
        case .success(let folderDescriptor):
            fd = folderDescriptor
        case .failure(let error):
            if let info = try? SystemCalls.status(of: name, in: descriptor).get() {
                if info.kind == .symbolicLink {
                    throw CacheFailure(path: path, reason: "it is a symbolic link, and cache folders must be real folders (a link could lead the cache to write or remove files elsewhere); remove the link")
                }
                if info.kind != .folder {
                    throw CacheFailure(path: path, reason: "it exists and is not a folder")
                }
            }
            throw CacheFailure(path: path, reason: error.description)
        }
        let folder = CacheFolder(descriptor: fd, path: path)
        try folder.check(named: name)
        return folder
    }

    /// Checks the open folder: a directory of the user's own, writable by nobody else.
    private func check(named name: String?) throws(CacheFailure) {
        let info: FileStatus
        switch SystemCalls.status(of: descriptor) {
        case .success(let status): info = status
        case .failure(let error): throw CacheFailure(path: path, reason: error.description)
        }
        guard info.kind == .folder else { throw CacheFailure(path: path, reason: "it is not a folder") }
        if info.owner != SystemCalls.effectiveUser {
            throw CacheFailure(path: path, reason: "it belongs to another user (uid \(info.owner)), so the cache does not use it; remove it, or choose a cache directory of your own")
        }
        if (info.permissions & 0o022) != 0 {
            let mode = String(info.permissions, radix: 8)
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
        guard let fd = try? SystemCalls.open(name, in: descriptor, for: .readNotFollowing).get() else { return nil }
        defer { SystemCalls.closeDescriptor(fd) }
        guard let info = try? SystemCalls.status(of: fd).get(), info.kind == .regular,
              info.size >= 0, info.size <= CacheFileSystem.maximumFileSize, CacheFileSystem.isTrusted(info) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            guard let count = try? chunk.withUnsafeMutableBytes({ SystemCalls.readSome(fd, into: $0) }).get() else { return nil }
            if count == 0 { return bytes }
            // A file that grows while it is read is no more trusted than one that was too big.
            guard bytes.count + count <= CacheFileSystem.maximumFileSize else { return nil }
            bytes += chunk[0..<count]
        }
    }

    /// Replaces the file `name` in this folder with `bytes`, mode 0600, through the package's
    /// one file writer (``FileWriter/replace(_:in:shownAs:with:permissions:synced:)``): a
    /// temporary file with a random name in this folder, then renamed over `name`. Readers see
    /// the old file or the new one. Not synced: every entry carries its length and checksum,
    /// checked on every read, so one torn by a power cut is refused and fetched again, and a
    /// batch of many places keeps KMA's pace (a sync per entry cost it about 5 %).
    ///
    /// - Throws: ``CacheFailure`` naming the file and the system's reason.
    func store(_ bytes: [UInt8], as name: String) throws(CacheFailure) {
        let target = path + "/" + name
        guard Self.isPlainName(name) else { throw CacheFailure(path: target, reason: "it is not a plain file name") }
        do throws(FileWriteError) {
            // 0600: the cache is the user's own (see `CacheFileSystem.isTrusted`).
            try FileWriter.replace(name, in: descriptor, shownAs: target, with: bytes, permissions: 0o600, synced: false)
        } catch {
            throw CacheFailure(path: error.path, reason: error.reason)
        }
    }

    /// The names in this folder (empty if it cannot be read).
    func names() -> [String] {
        SystemCalls.names(in: descriptor)
    }

    /// Removes the entry `name` (a file, or a link itself: never what a link points to),
    /// ignoring failure (e.g. it is a folder, or already gone).
    func remove(_ name: String) {
        guard Self.isPlainName(name) else { return }
        SystemCalls.remove(name, in: descriptor)
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
        guard Self.isPlainName(name) else { return nil }
        return try? SystemCalls.status(of: name, in: descriptor).get().modified
    }

    /// How old (seconds, by the file system's clock) a temporary file must be for pruning to
    /// remove it: an hour, far longer than any write takes.
    static let staleTemporaryAge: Int64 = 3_600

    /// Removes the temporary files of interrupted writes (SIGINT, SIGTERM, kill -9 between the
    /// write and the rename: ``FileWriter/isTemporaryName(_:)``, `.<name>.<hex>.tmp` and the
    /// `.<name>.<pid>.<random>.tmp` of older versions) older than ``staleTemporaryAge``, which
    /// belong to no write still in progress; fresher ones are left.
    ///
    /// - Parameter names: The folder's names, when already listed.
    func removeStaleTemporaries(now: Int64, names: [String]? = nil) {
        for name in names ?? self.names() where FileWriter.isTemporaryName(name) {
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
        guard Self.isPlainName(name), (try? SystemCalls.status(of: name, in: descriptor).get()) != nil else { return nil }
        let inner: CacheFolder
        do {
            inner = try subfolder(name, create: false)
        } catch {
            return CacheFailure(path: error.path, reason: error.reason + "; it was left alone")
        }
        for entry in inner.names() { inner.remove(entry) }
        if let error = SystemCalls.remove(name, in: descriptor, isFolder: true), error.code != SystemCalls.noSuchFile {
            return CacheFailure(path: inner.path, reason: "it could not be removed: \(error.description)")
        }
        return nil
    }
}
