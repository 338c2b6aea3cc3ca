// The C library (glibc, musl or Darwin's libSystem), imported here and nowhere else in this
// module, so that the modules above it need not import it themselves.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("_KMASystem needs a C library: glibc, musl or Darwin.")
#endif

/// The package's operating-system calls, in one place (swift-system's `Internals/Syscalls.swift`
/// is the model): thin wrappers that take and return Swift types, retry `EINTR` where that is
/// what a caller wants, and return the `errno` a call failed with, read at once. Descriptors
/// are plain `Int32`; every descriptor these calls open is close-on-exec.
package enum SystemCalls {
    /// The text of an `errno` value, e.g. "No such file or directory" (`strerror(3)`), or
    /// "error N" for a number the C library does not name.
    package static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The POSIX name of an `errno` value (`ENOENT`), for a message in another language keyed
    /// by it; `nil` for a number not in this short list of the ones file and output calls give.
    package static func errorName(_ code: Int32) -> String? {
        let names: [(Int32, String)] = [
            (ENOENT, "ENOENT"), (EACCES, "EACCES"), (EPERM, "EPERM"), (EISDIR, "EISDIR"), (ENOTDIR, "ENOTDIR"),
            (ELOOP, "ELOOP"), (ENAMETOOLONG, "ENAMETOOLONG"), (EIO, "EIO"), (ENOSPC, "ENOSPC"), (EDQUOT, "EDQUOT"),
            (EROFS, "EROFS"), (EPIPE, "EPIPE"), (EBADF, "EBADF"), (EMFILE, "EMFILE"), (ENFILE, "ENFILE"), (ENXIO, "ENXIO"),
            (EFBIG, "EFBIG"), (ENOMEM, "ENOMEM"), (EAGAIN, "EAGAIN"), (EINVAL, "EINVAL"),
        ]
        return names.first { $0.0 == code }?.1
    }

    /// The current thread's `errno`.
    package static var lastError: Int32 { errno }

    /// The error numbers callers compare with: `EINTR`, `EPIPE`, `EBADF`, `EIO`, `ENOENT`,
    /// `EEXIST`, `EACCES`, `EPERM`, `EROFS`.
    package static let interrupted = EINTR
    package static let brokenPipe = EPIPE
    package static let badDescriptor = EBADF
    package static let inputOutput = EIO
    package static let noSuchFile = ENOENT
    package static let fileExists = EEXIST
    package static let permissionDenied = EACCES
    package static let notPermitted = EPERM
    package static let readOnlyFileSystem = EROFS

    /// The error of the last failed call, as a ``SystemError``.
    private static var failure: SystemError { SystemError(code: errno) }

    /// Whether a file descriptor is a terminal (`isatty(3)`).
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Makes a write to a pipe whose reader went away fail with `EPIPE` instead of killing the
    /// process with `SIGPIPE` (a long-lived server must outlive its client).
    package static func ignoreBrokenPipeSignal() { _ = signal(SIGPIPE, SIG_IGN) }

    // MARK: - Reading and writing

    /// Writes all bytes to a file descriptor, retrying on EINTR and short writes.
    ///
    /// - Returns: `nil` when every byte was written; else the `errno` with which the descriptor
    ///   refused them (`EPIPE` for a closed pipe, `ENOSPC` for `/dev/full`, `EBADF` for a
    ///   closed descriptor), read at once so nothing in between can change it.
    @discardableResult
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard var pointer = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(fd, pointer, remaining)
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                return code
            }
            if written == 0 { return EIO }
            remaining -= written
            pointer += written
        }
        return nil
    }

    /// Writes all bytes at `offset` (bytes from the start of the file, ≥ 0) without moving the
    /// file position (`pwrite(2)`), retrying on EINTR and short writes.
    ///
    /// - Returns: `nil` when every byte was written, else the error.
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int64) -> SystemError? {
        guard let base = bytes.baseAddress else { return nil }
        var done = 0
        while done < bytes.count {
            let written = pwrite(fd, base + done, bytes.count - done, off_t(offset) + off_t(done))
            if written < 0 {
                if errno == EINTR { continue }
                return failure
            }
            if written == 0 { return SystemError(code: EIO) }
            done += written
        }
        return nil
    }

    /// Reads at most `buffer.count` bytes from a file descriptor, retrying on EINTR.
    ///
    /// - Returns: the count read (0 at the end of the file), or the `errno` it failed with.
    package static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemError> {
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count >= 0 { return .success(count) }
            let code = errno
            if code != EINTR { return .failure(SystemError(code: code)) }
        }
    }

    /// Reads at most `buffer.count` bytes at `offset` (`pread(2)`), retrying on EINTR.
    ///
    /// - Returns: the count read (0 at the end of the file), or the error.
    package static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Result<Int, SystemError> {
        while true {
            let count = pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(failure) }
        }
    }

    /// Sets a file's length in bytes (≥ 0), cutting or zero-extending it (`ftruncate(2)`).
    package static func setLength(_ fd: Int32, _ length: Int64) -> SystemError? {
        ftruncate(fd, off_t(length)) == 0 ? nil : failure
    }

    /// Flushes a file's data and metadata to its device (`fsync(2)`).
    package static func synchronize(_ fd: Int32) -> SystemError? {
        while fsync(fd) != 0 {
            if errno != EINTR { return failure }
        }
        return nil
    }

    /// Closes a descriptor (`close(2)`; never retried: the descriptor is gone either way).
    @discardableResult
    package static func closeDescriptor(_ fd: Int32) -> SystemError? {
        close(fd) == 0 ? nil : failure
    }

    // MARK: - Opening

    /// `AT_FDCWD`: the "folder descriptor" that makes the `…at` calls below take a path
    /// relative to the current directory, or an absolute one, as the plain calls do.
    package static let currentFolder: Int32 = AT_FDCWD

    /// What an open is for.
    package enum OpenPurpose: Sendable {
        /// `O_WRONLY`: an existing file, device or FIFO, written as a shell's `>` writes it,
        /// never created or truncated by the open.
        case writeExisting(followingLinks: Bool)
        /// `O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW`: a new file, never one that exists (not
        /// even a link, dangling or not), with the permission bits given (less the umask).
        case createNew(permissions: UInt32)
        /// `O_RDONLY | O_NONBLOCK | O_NOFOLLOW`: reading a file that must not be a link, and
        /// whose open must not block (a FIFO put in its place).
        case readNotFollowing
        /// `O_RDONLY | O_DIRECTORY`, and `O_NOFOLLOW` unless `followingLinks`: a folder.
        case folder(followingLinks: Bool)
    }

    /// Opens `name` (relative to `folder`, a folder's descriptor or ``currentFolder``; or an
    /// absolute path) for `purpose` (`openat(2)`, close-on-exec), retrying on EINTR.
    package static func open(_ name: String, in folder: Int32 = currentFolder, for purpose: OpenPurpose) -> Result<Int32, SystemError> {
        var flags = O_CLOEXEC
        var permissions: mode_t = 0
        switch purpose {
        case .writeExisting(let followingLinks):
            flags |= O_WRONLY | (followingLinks ? 0 : O_NOFOLLOW)
        case .createNew(let bits):
            flags |= O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW
            permissions = mode_t(bits & 0o7777)
        case .readNotFollowing:
            flags |= O_RDONLY | O_NONBLOCK | O_NOFOLLOW
        case .folder(let followingLinks):
            flags |= O_RDONLY | O_DIRECTORY | (followingLinks ? 0 : O_NOFOLLOW)
        }
        while true {
            let fd = openat(folder, name, flags, permissions)
            if fd >= 0 { return .success(fd) }
            if errno != EINTR { return .failure(failure) }
        }
    }

    // MARK: - File status

    /// What is at `name` (relative to `folder`), the link itself if it is one (`fstatat(2)`
    /// with `AT_SYMLINK_NOFOLLOW`), or what a link leads to with `followingLinks`.
    package static func status(of name: String, in folder: Int32 = currentFolder, followingLinks: Bool = false) -> Result<FileStatus, SystemError> {
        var info = stat()
        guard fstatat(folder, name, &info, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) == 0 else { return .failure(failure) }
        return .success(status(info))
    }

    /// What an open descriptor is (`fstat(2)`).
    package static func status(of fd: Int32) -> Result<FileStatus, SystemError> {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(failure) }
        return .success(status(info))
    }

    private static func status(_ info: stat) -> FileStatus {
        let kind: FileKind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .symbolicLink
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFIFO: kind = .fifo
        case S_IFSOCK: kind = .socket
        default: kind = .unknown
        }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec)
        #else
        let modified = Int64(info.st_mtim.tv_sec)
        #endif
        return FileStatus(
            kind: kind, permissions: UInt32(info.st_mode & 0o7777), owner: UInt32(info.st_uid), group: UInt32(info.st_gid),
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: Int64(info.st_size), modified: modified
        )
    }

    /// Sets an open file's permission bits (`fchmod(2)`).
    package static func setPermissions(_ fd: Int32, _ permissions: UInt32) -> SystemError? {
        fchmod(fd, mode_t(permissions & 0o7777)) == 0 ? nil : failure
    }

    /// Sets an open file's owner and group (`fchown(2)`; only root may give a file away).
    package static func setOwner(_ fd: Int32, user: UInt32, group: UInt32) -> SystemError? {
        fchown(fd, uid_t(user), gid_t(group)) == 0 ? nil : failure
    }

    /// The effective user and group ids of the process.
    package static var effectiveUser: UInt32 { UInt32(geteuid()) }
    package static var effectiveGroup: UInt32 { UInt32(getegid()) }

    // MARK: - Folders

    /// Renames `name` in `folder` to `newName` in `newFolder`, replacing what is there
    /// (`renameat(2)`: atomic on one file system).
    package static func rename(_ name: String, in folder: Int32 = currentFolder, to newName: String, in newFolder: Int32 = currentFolder) -> SystemError? {
        renameat(folder, name, newFolder, newName) == 0 ? nil : failure
    }

    /// Removes the entry `name` of `folder` (a file, or a link itself: never what a link leads
    /// to), or an empty folder with `isFolder` (`unlinkat(2)`).
    @discardableResult
    package static func remove(_ name: String, in folder: Int32 = currentFolder, isFolder: Bool = false) -> SystemError? {
        unlinkat(folder, name, isFolder ? AT_REMOVEDIR : 0) == 0 ? nil : failure
    }

    /// Creates the folder `name` in `folder` with the permission bits given, less the umask
    /// (`mkdirat(2)`).
    package static func makeFolder(_ name: String, in folder: Int32 = currentFolder, permissions: UInt32) -> SystemError? {
        mkdirat(folder, name, mode_t(permissions & 0o7777)) == 0 ? nil : failure
    }

    /// The names in an open folder, without `.` and `..` (empty if it cannot be read); read
    /// from a duplicate of the descriptor, which is closed again.
    package static func names(in folder: Int32) -> [String] {
        let copy = dup(folder)
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

    /// The current directory (`getcwd(3)`).
    package static func workingDirectory() -> Result<String, SystemError> {
        var size = 4096
        while true {
            var buffer = [CChar](repeating: 0, count: size)
            if getcwd(&buffer, size) != nil {
                return .success(String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            guard errno == ERANGE, size < 1 << 20 else { return .failure(failure) }
            size *= 2
        }
    }

    /// The folder for temporary files: `TMPDIR` when it is an absolute path, else `/tmp`.
    package static var temporaryFolder: String {
        guard let value = getenv("TMPDIR") else { return "/tmp" }
        let folder = String(cString: value)
        return folder.hasPrefix("/") ? folder : "/tmp"
    }

    /// The system clock, Unix seconds.
    package static func unixTime() -> Int64 { Int64(time(nil)) }

    // MARK: - The lock

    #if canImport(Darwin)
    private typealias LockPrimitive = os_unfair_lock
    #else
    private typealias LockPrimitive = pthread_mutex_t
    #endif

    /// A new, unlocked lock (`os_unfair_lock` on Apple platforms, `pthread_mutex_t`
    /// elsewhere), to be freed with ``destroyLock(_:)``; not recursive.
    package static func makeLock() -> UnsafeMutableRawPointer {
        let lock = UnsafeMutablePointer<LockPrimitive>.allocate(capacity: 1)
        lock.initialize(to: LockPrimitive())
        #if !canImport(Darwin)
        let status = pthread_mutex_init(lock, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        #endif
        return UnsafeMutableRawPointer(lock)
    }

    /// Frees a lock made by ``makeLock()``; it must not be held.
    package static func destroyLock(_ raw: UnsafeMutableRawPointer) {
        let lock = raw.assumingMemoryBound(to: LockPrimitive.self)
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Takes a lock made by ``makeLock()``, waiting for it.
    package static func lock(_ raw: UnsafeMutableRawPointer) {
        #if canImport(Darwin)
        os_unfair_lock_lock(raw.assumingMemoryBound(to: LockPrimitive.self))
        #else
        pthread_mutex_lock(raw.assumingMemoryBound(to: LockPrimitive.self))
        #endif
    }

    /// Releases a lock taken with ``lock(_:)``.
    package static func unlock(_ raw: UnsafeMutableRawPointer) {
        #if canImport(Darwin)
        os_unfair_lock_unlock(raw.assumingMemoryBound(to: LockPrimitive.self))
        #else
        pthread_mutex_unlock(raw.assumingMemoryBound(to: LockPrimitive.self))
        #endif
    }
}
