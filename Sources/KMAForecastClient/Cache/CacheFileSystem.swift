import _KMASystem

/// The file-system calls the cache makes outside its checked folders (``CacheFolder``, where
/// every read, write, listing and removal happens): creating the root, the trust rule, the
/// clock files are aged on.
enum CacheFileSystem {
    /// The largest cache file read: far above any real run of one cell (a 1000-item page is
    /// about 135 KB, and a cell's run has at most a few pages), far below what would hurt.
    static let maximumFileSize = 16 << 20

    /// Whether a file (or directory) may be trusted as this user's cache, as ssh treats its
    /// files: owned by the effective user, and writable by nobody else (no group or other
    /// write bit). A run planted in a shared directory by another user is not used.
    static func isTrusted(_ info: FileStatus) -> Bool {
        info.owner == SystemCalls.effectiveUser && (info.permissions & 0o022) == 0
    }

    /// The system clock, Unix seconds (for file ages, which the file system records on it).
    static func now() -> Int64 {
        SystemCalls.unixTime()
    }

    /// Writes `bytes` to `path` through its folder as a cache root (``CacheFolder/store(_:as:)``):
    /// for tests, which plant files where the cache keeps them.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CacheFailure) {
        guard let slash = path.lastIndex(of: "/") else { throw CacheFailure(path: path, reason: "it is not an absolute path") }
        let folder = try CacheFolder.at(root: slash == path.startIndex ? "/" : String(path[..<slash]), [], create: false)
        try folder.store(bytes, as: String(path[path.index(after: slash)...]))
    }

    /// Creates a directory and its parents (mode 0700: the cache is the user's own). A
    /// relative path stays relative (to the current directory).
    static func makeDirectories(_ path: String) throws(CacheFailure) {
        let root = path.hasPrefix("/") ? "/" : ""
        var current = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            current = current.isEmpty ? root + component : current + "/" + component
            if let error = SystemCalls.makeFolder(current, permissions: 0o700), error.code != SystemCalls.fileExists {
                throw CacheFailure(path: current, reason: error.description)
            }
        }
        let info: FileStatus
        switch SystemCalls.status(of: path, followingLinks: true) {
        case .success(let status):
            info = status
        case .failure(let error):
            // E.g. a dangling symbolic link in the way (mkdir said EEXIST), or no permission.
            throw CacheFailure(path: path, reason: "it cannot be checked to be a directory: \(error.description)")
        }
        guard info.kind == .folder else {
            throw CacheFailure(path: path, reason: "it exists and is not a directory")
        }
    }

    /// The current directory, from `getcwd(3)`.
    static func currentDirectory() -> Result<String, CacheFailure> {
        SystemCalls.workingDirectory().mapError { CacheFailure(path: ".", reason: $0.description) }
    }
}
