/// A file written at offsets (NetCDF: the header, then each variable's slab where it goes),
/// by ``FileWriter``'s rules: nothing appears at the path until ``commit()``, and a session
/// abandoned (``abandon()``, or released without a commit) leaves nothing behind.
///
/// - **Nothing, or a regular file at the path**: the bytes go to a temporary file in the
///   same folder (``TemporaryFile``: a random name, `O_CREAT | O_EXCL | O_NOFOLLOW`), which
///   ``commit()`` syncs and renames over the path, keeping a replaced file's permission bits
///   (and, for root, its owner). When the folder takes no new file but the file is writable,
///   the bytes are spooled (below) and written in place at the commit, as `>` would.
/// - **A character device, a FIFO, or a link to one** (`/dev/stdout`, `/proc/self/fd/1`):
///   opened for writing now (as `>` opens it: a FIFO waits for its reader), never created,
///   renamed or replaced; the bytes are spooled into an anonymous temporary file (in
///   `TMPDIR`, named nowhere), and ``commit()`` copies them to it in order.
/// - **Anything else**: refused by `init`, as ``FileWriter/write(_:to:)`` refuses it.
///
/// Not `Sendable`: one task writes a session.
package final class FileWriteSession {
    /// The destination, as given.
    package let path: String

    /// Where the bytes go until the commit.
    private enum Backing {
        /// A temporary file renamed over the path; a replaced file's status to keep.
        case temporary(TemporaryFile, keeping: FileStatus?)
        /// An anonymous spool copied at the commit into `target`, an open device, FIFO or
        /// (`truncating`) regular file written in place.
        case spool(TemporaryFile, target: Int32, truncating: Bool)
    }

    /// `nil` once committed or abandoned.
    private var backing: Backing?

    /// Opens a session for `path`: what is there is examined, refused or opened now.
    ///
    /// - Throws: ``FileWriteError`` naming the path and why it cannot be written.
    package init(path: String) throws(FileWriteError) {
        self.path = path
        switch try FileDestination.find(path) {
        case .nothing:
            backing = .temporary(try Self.temporary(beside: path, permissions: 0o666), keeping: nil)
        case .regular(let existing):
            switch TemporaryFile.create(beside: path, permissions: 0o600) {
            case .success(let temporary):
                backing = .temporary(temporary, keeping: existing)
            case .failure(let error):
                guard FileDestination.folderTakesNoFile(error) else { throw FileWriteError(path: path, .system(error)) }
                let target = try FileDestination.openInPlace(path, expecting: existing)
                backing = .spool(try Self.spool(for: path, closingOnFailure: target), target: target, truncating: true)
            }
        case .writtenThrough(let followingLinks):
            let target = try FileDestination.openThrough(path, followingLinks: followingLinks)
            backing = .spool(try Self.spool(for: path, closingOnFailure: target), target: target, truncating: false)
        }
    }

    deinit { abandon() }

    private static func temporary(beside path: String, permissions: UInt32) throws(FileWriteError) -> TemporaryFile {
        switch TemporaryFile.create(beside: path, permissions: permissions) {
        case .success(let temporary): return temporary
        case .failure(let error): throw FileWriteError(path: path, .system(error))
        }
    }

    private static func spool(for path: String, closingOnFailure target: Int32) throws(FileWriteError) -> TemporaryFile {
        switch TemporaryFile.anonymous() {
        case .success(let spool): return spool
        case .failure(let error):
            SystemCalls.closeDescriptor(target)
            throw FileWriteError(path: path, .system(error))
        }
    }

    /// The descriptor the bytes are written to until the commit.
    private var descriptor: Int32? {
        switch backing {
        case .temporary(let file, _)?, .spool(let file, _, _)?: file.descriptor
        case nil: nil
        }
    }

    /// Writes `bytes` at `offset` (bytes from the start of the file, ≥ 0).
    ///
    /// - Throws: ``FileWriteError`` with the system's reason (the session stays open: the
    ///   caller abandons it).
    package func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(FileWriteError) {
        precondition(offset >= 0, "an offset from the start of the file")
        guard let fd = descriptor else { throw FileWriteError(path: path, .system(SystemError(code: SystemCalls.badDescriptor))) }
        if let error = SystemCalls.writeAll(fd, bytes, at: offset) { throw FileWriteError(path: path, .system(error)) }
    }

    /// Writes `bytes` at `offset` (bytes from the start of the file, ≥ 0).
    package func write(_ bytes: [UInt8], at offset: Int64) throws(FileWriteError) {
        let failure: FileWriteError? = bytes.withUnsafeBytes { raw in
            do throws(FileWriteError) {
                try write(raw, at: offset)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Sets the file's final length in bytes (≥ 0): cuts it, or pads it with zero bytes.
    package func setLength(_ length: Int64) throws(FileWriteError) {
        guard let fd = descriptor else { throw FileWriteError(path: path, .system(SystemError(code: SystemCalls.badDescriptor))) }
        if let error = SystemCalls.setLength(fd, length) { throw FileWriteError(path: path, .system(error)) }
    }

    /// Puts the file in place: the temporary file synced and renamed over the path, or the
    /// spool copied to the device, FIFO or file written in place. The session is over then,
    /// whether it succeeded or not (on failure nothing is left but what a device or a file
    /// written in place already took).
    package func commit() throws(FileWriteError) {
        guard let backing else { throw FileWriteError(path: path, .system(SystemError(code: SystemCalls.badDescriptor))) }
        self.backing = nil
        var failure: SystemError?
        switch backing {
        case .temporary(let file, let existing):
            if let existing { failure = FileDestination.keep(existing, on: file.descriptor) }
            if failure == nil { failure = file.commit(as: path, in: SystemCalls.currentFolder) }
            file.discard()
        case .spool(let file, let target, let truncating):
            if truncating { failure = SystemCalls.setLength(target, 0) }
            if failure == nil { failure = Self.copy(file.descriptor, to: target) }
            let closed = SystemCalls.closeDescriptor(target)
            failure = failure ?? closed
            file.discard()
        }
        if let failure { throw FileWriteError(path: path, .system(failure)) }
    }

    /// Copies a whole file, from its start, to `target` in order.
    private static func copy(_ source: Int32, to target: Int32) -> SystemError? {
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var offset: Int64 = 0
        while true {
            let result = chunk.withUnsafeMutableBytes { SystemCalls.readSome(source, into: $0, at: offset) }
            switch result {
            case .failure(let error): return error
            case .success(0): return nil
            case .success(let count):
                if let code = chunk.withUnsafeBytes({ SystemCalls.writeAll(target, UnsafeRawBufferPointer(rebasing: $0[0..<count])) }) {
                    return SystemError(code: code)
                }
                offset += Int64(count)
            }
        }
    }

    /// Ends the session without putting anything in place: the temporary file or spool is
    /// removed, a device or FIFO closed untouched. Nothing happens after a commit.
    package func abandon() {
        switch backing {
        case .temporary(let file, _)?:
            file.discard()
        case .spool(let file, let target, _)?:
            file.discard()
            SystemCalls.closeDescriptor(target)
        case nil:
            break
        }
        backing = nil
    }
}
