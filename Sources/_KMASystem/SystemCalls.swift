// The C library (glibc, musl or Darwin's libSystem), imported here for the package's
// operating-system calls, so that the modules above it need not import it themselves.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's operating-system calls on file descriptors and error numbers, in one place
/// (swift-system's `Internals/Syscalls.swift` is the model): each retries `EINTR` where that is
/// what a caller wants and returns the `errno` it failed with, read at once.
package enum SystemCalls {
    /// The text of an `errno` value, e.g. "No such file or directory" (`strerror(3)`), or
    /// "error N" for a number the C library does not name.
    package static func errorText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The current thread's `errno`.
    package static var lastError: Int32 { errno }

    /// `EINTR`, `EPIPE`, `EBADF`, `EIO`: the error numbers callers compare with.
    package static let interrupted = EINTR
    package static let brokenPipe = EPIPE
    package static let badDescriptor = EBADF
    package static let inputOutput = EIO

    /// Whether a file descriptor is a terminal (`isatty(3)`).
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Makes a write to a pipe whose reader went away fail with `EPIPE` instead of killing the
    /// process with `SIGPIPE` (a long-lived server must outlive its client).
    package static func ignoreBrokenPipeSignal() { _ = signal(SIGPIPE, SIG_IGN) }

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
}
