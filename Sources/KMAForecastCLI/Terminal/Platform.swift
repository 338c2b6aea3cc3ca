// The C library, for file descriptors, isatty and strerror.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import _KMASystem
import KMAForecastClient
import KMAForecastText

/// The few operating-system calls the CLI makes, in one place.
enum Platform {
    /// Whether a file descriptor is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The text of an `errno` value, e.g. "No such file or directory".
    static func errorText(_ code: Int32) -> String { SystemCalls.errorText(code) }
    /// The same in Korean, keyed by the `errno`'s POSIX name (``KoreanMessages/systemError(named:number:)``).
    static func koreanErrorText(_ code: Int32) -> String { KoreanMessages.systemError(named: SystemCalls.errorName(code), number: code) }

    /// Whether a standard descriptor (0, 1, 2) was closed when the process started (`>&-`); if
    /// so, `/dev/null` is put in its place, so that no file the process opens later (URLSession
    /// opens several) takes that number and receives the output meant for it.
    static func reserveIfClosed(_ fd: Int32) -> Bool {
        guard fcntl(fd, F_GETFD) == -1, errno == EBADF else { return false }
        let null = open("/dev/null", O_RDWR)
        if null >= 0, null != fd {
            _ = dup2(null, fd)
            close(null)
        }
        return true
    }

    /// The width in columns of the terminal on a file descriptor (`ioctl(TIOCGWINSZ)`), or
    /// `nil` when it is not a terminal or reports no width.
    static func terminalColumns(_ fd: Int32) -> Int? {
        #if os(Linux) || os(Android)
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
        #elseif canImport(Darwin)
        var size = winsize()
        guard ioctl(fd, TIOCGWINSZ, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
        #else
        return nil
        #endif
    }

    /// The values `COLUMNS` takes: a whole number from 1 (read strictly, ``SettingNumber``).
    static let columnsRange = 1...1_000_000

    /// The columns the output may use: `COLUMNS` (the shell's idea of the width, and the way
    /// to ask for another; fewer than 20 count as 20, more than 1,000 as 1,000), else the
    /// terminal's width, else 80.
    ///
    /// - Throws: ``CLIError/usage(_:)`` naming `COLUMNS` when it is set and not a whole number
    ///   in ``columnsRange`` (`abc`, `80 `, `-1`): a bad setting is refused, never ignored.
    static func outputColumns(environment: [String: String], sink: TextSink) throws(CLIError) -> Int {
        if let text = EnvironmentVariable.columns.value(in: environment) {
            do throws(SettingsError) {
                let columns = try SettingNumber.whole(text, .environment(.columns), in: columnsRange, meaning: "the width of the text views in columns")
                return min(max(columns, 20), 1_000)
            } catch {
                throw CLIError(error)
            }
        }
        return sink.terminalColumns.map { max(20, $0) } ?? 80
    }

    /// The `errno` for a descriptor that is not open.
    static let badDescriptor = EBADF

    /// Writes all bytes to a file descriptor (``SystemCalls/writeAll(_:_:)``).
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? { SystemCalls.writeAll(fd, bytes) }

    /// Reads everything from a file descriptor until end of file, or refuses more than
    /// `limit` bytes (`name` says what is read, in the error).
    static func readAll(_ fd: Int32, sizeHint: Int = 0, limit: Int = .max, name: String = "the input") throws(CLIError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(sizeHint + 1, 1 << 16), limit == .max ? .max : limit + 1))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw .failed("could not read the input: \(errorText(code))", korean: KoreanMessages.text("inputReadFailed", koreanErrorText(code)))
            }
            if count == 0 { break }
            guard bytes.count + count <= limit else { throw tooLarge(name, limit: limit) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// The error for an input over its limit.
    static func tooLarge(_ name: String, limit: Int) -> CLIError {
        let english = "\(name) holds more than \(limit >> 20) MiB, the most an input is read (a device such as /dev/zero, or the wrong file?): split it into smaller files"
        return .failed(english, korean: KoreanMessages.text("inputTooLarge", name.hasPrefix("'") ? name : name == "standard input" ? "표준 입력" : "입력", String(limit >> 20)))
    }

    /// Reads a whole file, at most `limit` bytes (a larger one is refused before it is read).
    static func readFile(_ path: String, limit: Int = .max) throws(CLIError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw cannotRead(path, errno) }
        defer { close(fd) }
        var info = stat()
        var size = 0
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw .failed("cannot read '\(path)': it is a directory", korean: KoreanMessages.text("fileIsDirectory", "'\(path)'"))
            }
            size = Int(info.st_size)
        }
        let name = "'\(TerminalText.singleLine(path))'"
        guard size <= limit else { throw tooLarge(name, limit: limit) }
        do {
            return try readAll(fd, sizeHint: size, limit: limit, name: name)
        } catch {
            if case .failed(let message, _) = error, message.hasPrefix(name) { throw error }
            throw cannotRead(path, errno)
        }
    }

    /// `cannot read '<path>': <the system's reason>`, in English and in Korean.
    static func cannotRead(_ path: String, _ code: Int32) -> CLIError {
        .failed("cannot read '\(path)': \(errorText(code))", korean: KoreanMessages.text("fileReadFailed", "'\(path)'", koreanErrorText(code)))
    }
}
