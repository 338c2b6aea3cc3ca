import KMAForecastText
import _KMASystem

/// Every file the tool writes whole (`field --output`, `--chart`), through the package's one
/// file writer (``FileWriter``, which states the rules: a new or regular file replaced
/// atomically keeping its mode, a device or FIFO written through, a link, folder, block device
/// or socket refused), with its refusals as the tool says them.
enum OutputFile {
    /// Writes `bytes` to `path` (``FileWriter/write(_:to:)``).
    ///
    /// - Throws: ``CLIError/failed(_:korean:)`` naming the path and why it was not written.
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        do throws(FileWriteError) {
            try FileWriter.write(bytes, to: path)
        } catch {
            throw Self.failure(error)
        }
    }

    /// The tool's words for a file not written: `cannot write '<path>': <reason>`, the path
    /// shown safe for a terminal.
    static func failure(_ error: FileWriteError) -> CLIError {
        let (key, values) = error.reasonKey
        return .failed("cannot write '\(TerminalText.safe(error.path))': \(error.reason)", korean: KoreanMessages.text("fileWriteFailed", "'\(TerminalText.safe(error.path))'", KoreanMessages.fileWriteReason(key, values)))
    }
}
