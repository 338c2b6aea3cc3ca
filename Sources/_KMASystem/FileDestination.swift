/// What is at a path a writer was given, and so how it is written (``FileWriter``'s rules):
/// a new file, a regular file replaced, or a device or FIFO written through. Everything else
/// is refused here, saying what is at the path.
enum FileDestination: Sendable, Hashable {
    /// Nothing: a new file, mode 0666 less the umask.
    case nothing
    /// A regular file (not a link): replaced, keeping these permission bits and owner.
    case regular(FileStatus)
    /// A character device or a FIFO, or a link to one when `followingLinks`: written through.
    case writtenThrough(followingLinks: Bool)

    /// What is at `path`.
    ///
    /// - Throws: ``FileWriteError`` for an empty path, one that cannot be examined (the
    ///   system's reason), a link to anything but a device or FIFO, a folder, a block device,
    ///   a socket.
    static func find(_ path: String) throws(FileWriteError) -> FileDestination {
        guard !path.isEmpty else { throw FileWriteError(path: path, .emptyPath) }
        let found: FileStatus
        switch SystemCalls.status(of: path) {
        case .success(let status): found = status
        case .failure(let error):
            guard error.code == SystemCalls.noSuchFile else { throw FileWriteError(path: path, .system(error)) }
            return .nothing
        }
        switch found.kind {
        case .regular:
            return .regular(found)
        case .characterDevice, .fifo:
            return .writtenThrough(followingLinks: false)
        case .symbolicLink:
            let target = try? SystemCalls.status(of: path, followingLinks: true).get()
            guard let target, target.kind.isWrittenThrough else {
                throw FileWriteError(path: path, .symbolicLink(to: target?.kind))
            }
            return .writtenThrough(followingLinks: true)
        default:
            throw FileWriteError(path: path, .notAFile(found.kind))
        }
    }

    /// Opens a device or FIFO for writing as `>` does (never creating or truncating anything),
    /// and checks once open that it still is one: a path swapped for a regular file in between
    /// is not truncated or written.
    ///
    /// - Returns: The open descriptor, for the caller to close.
    static func openThrough(_ path: String, followingLinks: Bool) throws(FileWriteError) -> Int32 {
        let fd: Int32
        switch SystemCalls.open(path, for: .writeExisting(followingLinks: followingLinks)) {
        case .success(let opened): fd = opened
        case .failure(let error): throw FileWriteError(path: path, .system(error))
        }
        let kind = (try? SystemCalls.status(of: fd).get())?.kind ?? .unknown
        guard kind.isWrittenThrough else {
            SystemCalls.closeDescriptor(fd)
            throw FileWriteError(path: path, .changedWhileOpening(nowA: kind))
        }
        return fd
    }

    /// Opens a regular file for writing in place (its folder takes no new file), as `>` would:
    /// never through a link, and only if it is still the regular file `expected`. Nothing is
    /// truncated yet.
    ///
    /// - Returns: The open descriptor, for the caller to close.
    static func openInPlace(_ path: String, expecting expected: FileStatus) throws(FileWriteError) -> Int32 {
        let fd: Int32
        switch SystemCalls.open(path, for: .writeExisting(followingLinks: false)) {
        case .success(let opened): fd = opened
        case .failure(let error): throw FileWriteError(path: path, .system(error))
        }
        guard let now = try? SystemCalls.status(of: fd).get(), now.kind == .regular, now.isSameFile(as: expected) else {
            SystemCalls.closeDescriptor(fd)
            throw FileWriteError(path: path, .changedWhileOpening(nowA: nil))
        }
        return fd
    }

    /// Whether a temporary file's creation failed because the folder takes no new file (not
    /// writable, or on a read-only file system), when the file itself may still be written.
    static func folderTakesNoFile(_ error: SystemError) -> Bool {
        [SystemCalls.permissionDenied, SystemCalls.notPermitted, SystemCalls.readOnlyFileSystem].contains(error.code)
    }

    /// Gives a temporary file the permission bits (and, for root, the owner) of the regular
    /// file it replaces.
    static func keep(_ existing: FileStatus, on fd: Int32) -> SystemError? {
        if existing.owner != SystemCalls.effectiveUser || existing.group != SystemCalls.effectiveGroup {
            _ = SystemCalls.setOwner(fd, user: existing.owner, group: existing.group)   // only root may; else the bits alone
        }
        return SystemCalls.setPermissions(fd, existing.permissions & 0o777)
    }
}
