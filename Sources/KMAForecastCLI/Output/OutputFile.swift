#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every file the tool writes (`field --output`, `--chart`), written one way, by what is at
/// the path:
///
/// - **nothing**: a new file, mode 0666 less the umask, as a shell's `>` makes it; written to
///   a temporary file in the same folder, then renamed into place;
/// - **a regular file**: replaced atomically (a temporary file in the same folder, then
///   `rename(2)`), keeping its permission bits (and, for root, its owner), so a reader sees
///   the old file or the new one, never half of one. When the folder cannot take a temporary
///   file (not writable) but the file can be written, it is written in place, as `>` would;
/// - **a character device or a FIFO** (`/dev/null`, a terminal, a named pipe): written
///   through, as `>` writes it (opened for writing, never created, renamed or replaced), so a
///   FIFO's reader gets the bytes and the device node stays as it was;
/// - **a symbolic link**: refused, unless it leads to a character device or a FIFO (so
///   `/dev/stdout` and `/dev/fd/1` work when standard output is a terminal or a pipe): a link
///   planted where the output goes (`chart.svg -> ~/.bashrc`) must not make the tool overwrite
///   the file it points to, and replacing the link with a file would surprise as much;
/// - **a folder, a block device (a disk), a socket**: refused.
///
/// Every refusal says what is at the path and what to do; nothing is written then.
enum OutputFile {
    /// Writes `bytes` to `path` by the rules above.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` naming the path and why it was not written.
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let shown = "'\(TerminalText.safe(path))'"
        guard !path.isEmpty else { throw .runtime("cannot write '': the output path is empty; give a file name") }
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            guard code == ENOENT else { throw .runtime("cannot write \(shown): \(Platform.errorText(code))") }
            try replace(path, shown: shown, with: bytes, keeping: nil)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            try replace(path, shown: shown, with: bytes, keeping: info)
        case S_IFCHR, S_IFIFO:
            try writeThrough(path, shown: shown, bytes, followingLinks: false)
        case S_IFLNK:
            var target = stat()
            let kind = stat(path, &target) == 0 ? target.st_mode & S_IFMT : 0
            guard kind == S_IFCHR || kind == S_IFIFO else {
                let what = kind == 0 ? "nothing that exists" : describe(kind)
                throw .runtime("cannot write \(shown): it is a symbolic link (to \(what)), and the tool does not write files through links; give the path of the file itself, or remove the link")
            }
            try writeThrough(path, shown: shown, bytes, followingLinks: true)
        default:
            throw .runtime("cannot write \(shown): it is \(describe(info.st_mode & S_IFMT)); give a file name")
        }
    }

    /// `a folder`, `a block device (a disk)` …
    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a folder"
        case S_IFBLK: "a block device (a disk)"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        case S_IFCHR: "a character device"
        case S_IFIFO: "a FIFO"
        default: "not a regular file"
        }
    }

    /// Writes to a character device or FIFO as `>` does: opened for writing without creating
    /// or truncating anything, and checked once open to still be one (a path swapped for a
    /// regular file in between is not truncated or written).
    private static func writeThrough(_ path: String, shown: String, _ bytes: [UInt8], followingLinks: Bool) throws(CLIError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { throw .runtime("cannot write \(shown): \(Platform.errorText(errno))") }
        var info = stat()
        let kind = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
        guard kind == S_IFCHR || kind == S_IFIFO else {
            close(fd)
            throw .runtime("cannot write \(shown): it changed while it was being opened (it is now \(describe(kind))); try again")
        }
        let failure = bytes.withUnsafeBytes { Platform.writeAll(fd, $0) }
        let closed = close(fd) == 0 ? nil : errno
        if let code = failure ?? closed { throw .runtime("cannot write \(shown): \(Platform.errorText(code))") }
    }

    /// Writes a new file, or replaces a regular one keeping its permission bits (and owner,
    /// when allowed): a temporary file in the same folder, renamed over the path.
    private static func replace(_ path: String, shown: String, with bytes: [UInt8], keeping existing: stat?) throws(CLIError) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = (folder == "/" ? "" : folder) + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        // 0666 less the umask for a new file, as `>` makes it; an existing file's bits below.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, existing == nil ? 0o666 : 0o600)
        guard fd >= 0 else {
            let code = errno
            if let existing, code == EACCES || code == EPERM || code == EROFS {
                try writeInPlace(path, shown: shown, bytes, expecting: existing)
                return
            }
            throw .runtime("cannot write \(shown): \(Platform.errorText(code))")
        }
        var failure = bytes.withUnsafeBytes { Platform.writeAll(fd, $0) }
        if failure == nil, let existing {
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                _ = fchown(fd, existing.st_uid, existing.st_gid)   // only root may; else the bits alone
            }
            if fchmod(fd, existing.st_mode & 0o777) != 0 { failure = errno }
        }
        if close(fd) != 0, failure == nil { failure = errno }
        if failure == nil, rename(temporary, path) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .runtime("cannot write \(shown): \(Platform.errorText(failure))")
        }
    }

    /// Writes a regular file in place (its folder takes no new file), as `>` would: never
    /// through a link, and only if it is still the regular file found.
    private static func writeInPlace(_ path: String, shown: String, _ bytes: [UInt8], expecting existing: stat) throws(CLIError) {
        let fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw .runtime("cannot write \(shown): \(Platform.errorText(errno))") }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_ino == existing.st_ino, info.st_dev == existing.st_dev else {
            close(fd)
            throw .runtime("cannot write \(shown): it changed while it was being opened; try again")
        }
        var failure: Int32? = ftruncate(fd, 0) == 0 ? nil : errno
        if failure == nil { failure = bytes.withUnsafeBytes { Platform.writeAll(fd, $0) } }
        if close(fd) != 0, failure == nil { failure = errno }
        if let failure { throw .runtime("cannot write \(shown): \(Platform.errorText(failure))") }
    }
}
