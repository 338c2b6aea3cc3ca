/// The package's one way of writing a file (`--output`, `--chart`, NetCDF, the cache): what is
/// at the path decides how (``FileDestination``):
///
/// - **nothing**: a new file, mode 0666 less the umask, as a shell's `>` makes it; written to
///   a temporary file in the same folder (``TemporaryFile``: a random name, `O_CREAT | O_EXCL |
///   O_NOFOLLOW`), synced (`fsync`), then renamed into place;
/// - **a regular file**: replaced atomically the same way, keeping its permission bits (and,
///   for root, its owner), so a reader sees the old file or the new one, never half of one.
///   When the folder takes no new file (not writable) but the file can be written, it is
///   written in place, as `>` would: never through a link, and only if it is still the file
///   found;
/// - **a character device or a FIFO** (`/dev/null`, a terminal, a named pipe): written
///   through, as `>` writes it (opened for writing, never created, renamed or replaced, and
///   checked once open to still be one), so a FIFO's reader gets the bytes and the device
///   node stays as it was;
/// - **a symbolic link**: refused, unless it leads to a character device or a FIFO (so
///   `/dev/stdout`, `/dev/fd/1` and `/proc/self/fd/1` work when standard output is a terminal
///   or a pipe): a link planted where the output goes (`chart.svg -> ~/.bashrc`) must not make
///   the tool overwrite the file it points to, and replacing the link would surprise as much;
/// - **a folder, a block device (a disk), a socket**: refused.
///
/// Every refusal (``FileWriteError``) says what is at the path and what to do; nothing is
/// written then, and no temporary file is left on any failure.
///
/// Three ways in: ``write(_:to:)`` for a whole file, ``FileWriteSession`` for a file written
/// at offsets (NetCDF), and ``replace(_:in:shownAs:with:permissions:)`` for a file in a folder
/// the caller holds open (the cache).
package enum FileWriter {
    /// Writes `bytes` to `path` by the rules above.
    ///
    /// - Throws: ``FileWriteError`` naming the path and why it was not written.
    package static func write(_ bytes: [UInt8], to path: String) throws(FileWriteError) {
        switch try FileDestination.find(path) {
        case .nothing:
            try replace(path, with: bytes, keeping: nil)
        case .regular(let existing):
            try replace(path, with: bytes, keeping: existing)
        case .writtenThrough(let followingLinks):
            let fd = try FileDestination.openThrough(path, followingLinks: followingLinks)
            let failure = bytes.withUnsafeBytes { SystemCalls.writeAll(fd, $0) }.map(SystemError.init(code:))
            let closed = SystemCalls.closeDescriptor(fd)
            if let error = failure ?? closed { throw FileWriteError(path: path, .system(error)) }
        }
    }

    /// Writes a new file, or replaces a regular one keeping its permission bits (and owner,
    /// when allowed): a temporary file in the same folder, synced and renamed over the path.
    private static func replace(_ path: String, with bytes: [UInt8], keeping existing: FileStatus?) throws(FileWriteError) {
        // 0666 less the umask for a new file, as `>` makes it; an existing file's bits below.
        let temporary: TemporaryFile
        switch TemporaryFile.create(beside: path, permissions: existing == nil ? 0o666 : 0o600) {
        case .success(let created):
            temporary = created
        case .failure(let error):
            guard let existing, FileDestination.folderTakesNoFile(error) else { throw FileWriteError(path: path, .system(error)) }
            try writeInPlace(path, bytes, expecting: existing)
            return
        }
        var failure = bytes.withUnsafeBytes { SystemCalls.writeAll(temporary.descriptor, $0) }.map(SystemError.init(code:))
        if failure == nil, let existing { failure = FileDestination.keep(existing, on: temporary.descriptor) }
        if failure == nil { failure = temporary.commit(as: path, in: SystemCalls.currentFolder) }
        if let failure {
            temporary.discard()
            throw FileWriteError(path: path, .system(failure))
        }
    }

    /// Writes a regular file in place (its folder takes no new file), as `>` would: never
    /// through a link, and only if it is still the regular file found.
    private static func writeInPlace(_ path: String, _ bytes: [UInt8], expecting existing: FileStatus) throws(FileWriteError) {
        let fd = try FileDestination.openInPlace(path, expecting: existing)
        var failure = SystemCalls.setLength(fd, 0)
        if failure == nil { failure = bytes.withUnsafeBytes { SystemCalls.writeAll(fd, $0) }.map(SystemError.init(code:)) }
        let closed = SystemCalls.closeDescriptor(fd)
        if let error = failure ?? closed { throw FileWriteError(path: path, .system(error)) }
    }

    /// Replaces the file `name` in the open folder `folder` (the cache's, checked by its
    /// owner) with `bytes`: a temporary file in that folder (``TemporaryFile``, created by
    /// `openat` from the descriptor), synced, then `renameat` over `name`, whatever entry is
    /// there (a link is replaced, never followed). Readers see the old file or the new one.
    ///
    /// - Parameters:
    ///   - name: A plain name in the folder (no `/`).
    ///   - folder: The folder's open descriptor.
    ///   - shownAs: The file's path, for errors.
    ///   - permissions: The new file's permission bits (less the umask); 0600 by default.
    ///   - synced: Whether the file is synced (`fsync`) before it is renamed; `true` by default.
    ///     Only a writer whose files check themselves on every read may pass `false`: the cache,
    ///     whose every entry carries its length and checksum, so an entry torn by a power cut is
    ///     refused and fetched again. There a sync per entry cost a batch of many places about
    ///     5 % of its pace (wall/floor 1.16 against 1.11 at 30 requests a second).
    /// - Throws: ``FileWriteError`` with `shownAs` and the system's reason.
    package static func replace(
        _ name: String, in folder: Int32, shownAs path: String, with bytes: [UInt8], permissions: UInt32 = 0o600, synced: Bool = true
    ) throws(FileWriteError) {
        let temporary: TemporaryFile
        switch TemporaryFile.create(for: name, in: folder, prefix: "", permissions: permissions) {
        case .success(let created): temporary = created
        case .failure(let error): throw FileWriteError(path: path, .system(error))
        }
        var failure = bytes.withUnsafeBytes { SystemCalls.writeAll(temporary.descriptor, $0) }.map(SystemError.init(code:))
        if failure == nil { failure = temporary.commit(as: name, in: folder, synced: synced) }
        if let failure {
            temporary.discard()
            throw FileWriteError(path: path, .system(failure))
        }
    }

    /// Whether `name` may be a temporary file a writer left behind (``TemporaryFile``'s names,
    /// and those of older versions): what the cache prunes once stale.
    package static func isTemporaryName(_ name: String) -> Bool { TemporaryFile.isTemporaryName(name) }
}
