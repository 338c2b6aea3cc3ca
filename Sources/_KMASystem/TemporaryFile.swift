/// A new file with a random, unpredictable name in the folder of the file it will become
/// (`.<name>.<16 random hex digits>.tmp`), written and then renamed over that file
/// (``commit(as:in:synced:)``), or removed (``discard()``, and on `deinit` when neither was called):
/// the one temporary-file rule of every writer in the package (``FileWriter``).
///
/// **Never another's file.** The name is drawn from the system's random source (64 bits), and
/// the file is created with `O_CREAT | O_EXCL | O_NOFOLLOW`: a file, a link (dangling or not)
/// or a FIFO already at the name is never opened, truncated or followed; the name is drawn
/// again (``attempts`` times at most). So two writers of one path never share a temporary
/// file, and nothing planted at a name can receive the bytes.
///
/// **Synced before renamed**: `fsync(2)` then `renameat(2)`, so after a crash the path holds
/// the old file or the whole new one. Only the cache opts out (its entries check their own
/// length and checksum on every read).
final class TemporaryFile {
    /// The folder the name is relative to: a folder's descriptor, or
    /// ``SystemCalls/currentFolder`` for a path.
    let folder: Int32
    /// The temporary file's name in ``folder`` (a path, for ``SystemCalls/currentFolder``);
    /// `nil` once renamed or removed.
    private(set) var name: String?
    /// The open descriptor (read and write); -1 once closed.
    private(set) var descriptor: Int32

    /// How many random names are tried before giving up (each taken one: `EEXIST`).
    static let attempts = 100

    private init(folder: Int32, name: String, descriptor: Int32) {
        self.folder = folder
        self.name = name
        self.descriptor = descriptor
    }

    deinit { discard() }

    /// Creates a temporary file for the file `base` in `folder`.
    ///
    /// - Parameters:
    ///   - base: The name of the file it will become (its last path component).
    ///   - folder: The folder's descriptor, or ``SystemCalls/currentFolder``.
    ///   - prefix: What goes before the temporary name to reach it from `folder`: the folder's
    ///     path and a slash for ``SystemCalls/currentFolder``, else empty.
    ///   - permissions: Its permission bits (less the umask).
    ///   - random: The source of the names' 64 random bits (the system's; tests give theirs).
    /// - Returns: The open file, or the error of the last attempt.
    static func create(
        for base: String, in folder: Int32, prefix: String, permissions: UInt32,
        random: () -> UInt64 = { UInt64.random(in: .min ... .max) }
    ) -> Result<TemporaryFile, SystemError> {
        var last = SystemError(code: SystemCalls.fileExists)
        for _ in 0..<attempts {
            let name = prefix + temporaryName(for: base, random: random())
            switch SystemCalls.open(name, in: folder, for: .createNew(permissions: permissions)) {
            case .success(let fd):
                return .success(TemporaryFile(folder: folder, name: name, descriptor: fd))
            case .failure(let error):
                last = error
                if error.code != SystemCalls.fileExists { return .failure(error) }
            }
        }
        return .failure(last)
    }

    /// Creates a temporary file for the file at `path` (relative or absolute), in its folder.
    static func create(beside path: String, permissions: UInt32) -> Result<TemporaryFile, SystemError> {
        let (folder, base) = split(path)
        return create(for: base, in: SystemCalls.currentFolder, prefix: (folder == "/" ? "" : folder) + "/", permissions: permissions)
    }

    /// An anonymous file in the system's temporary folder (``SystemCalls/temporaryFolder``),
    /// 0600, its name removed at once: only its descriptor reaches it, and it goes when that
    /// is closed (``discard()``).
    static func anonymous() -> Result<TemporaryFile, SystemError> {
        let file: TemporaryFile
        switch create(for: "kma-forecast-spool", in: SystemCalls.currentFolder, prefix: SystemCalls.temporaryFolder + "/", permissions: 0o600) {
        case .success(let created): file = created
        case .failure(let error): return .failure(error)
        }
        if let name = file.name {
            SystemCalls.remove(name, in: file.folder)
            file.name = nil
        }
        return .success(file)
    }

    /// `.<base>.<16 hex digits>.tmp`, `base` shortened (on a character boundary) so the name
    /// stays within 255 bytes.
    static func temporaryName(for base: String, random: UInt64) -> String {
        var short = ""
        var bytes = 0
        for scalar in base.unicodeScalars {
            bytes += String(scalar).utf8.count
            if bytes > 200 { break }
            short.unicodeScalars.append(scalar)
        }
        let hex = String(random, radix: 16)
        return "." + short + "." + String(repeating: "0", count: 16 - hex.count) + hex + ".tmp"
    }

    /// Whether `name` may be a temporary file a writer left (interrupted between its creation
    /// and its rename: SIGKILL, a power cut): `.<name>.<16 hex>.tmp` as written now, and
    /// `.<name>.<pid>.<number>.tmp` as older versions wrote them, i.e. any name that starts
    /// with a dot and ends in `.tmp`.
    package static func isTemporaryName(_ name: String) -> Bool {
        name.count > 5 && name.hasPrefix(".") && name.hasSuffix(".tmp")
    }

    /// A path's folder (`.` for a bare name, `/` at the root) and last component.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        return (slash == path.startIndex ? "/" : String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    /// Syncs (unless `synced` is `false`), closes and renames the file over `target` in
    /// `targetFolder` (replacing what is there); on failure the temporary file is removed.
    ///
    /// - Returns: `nil` once renamed, else the error.
    func commit(as target: String, in targetFolder: Int32, synced: Bool = true) -> SystemError? {
        guard let name, descriptor >= 0 else { return SystemError(code: SystemCalls.badDescriptor) }
        var failure = synced ? SystemCalls.synchronize(descriptor) : nil
        let closed = SystemCalls.closeDescriptor(descriptor)
        descriptor = -1
        failure = failure ?? closed
        if failure == nil { failure = SystemCalls.rename(name, in: folder, to: target, in: targetFolder) }
        if failure == nil { self.name = nil } else { discard() }
        return failure
    }

    /// Closes the file and removes its name (nothing when already renamed or removed).
    func discard() {
        if descriptor >= 0 {
            SystemCalls.closeDescriptor(descriptor)
            descriptor = -1
        }
        if let name {
            SystemCalls.remove(name, in: folder)
            self.name = nil
        }
    }
}
