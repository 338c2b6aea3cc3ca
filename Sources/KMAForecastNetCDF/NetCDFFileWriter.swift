#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import _KMASystem

/// Writes a ``NetCDFClassic`` file safely: into a temporary file beside the destination, each
/// variable's data (or one record's slab) at its offset as it comes (`pwrite`), then, when every
/// part has been written, renamed over the destination (`rename(2)`, atomic on one file
/// system). Until then no file is at the destination; a failed or interrupted write leaves at
/// most the temporary file (`.<name>.partial`), which the next write replaces.
///
/// Memory: only the header and the slab being written are held.
final class NetCDFFileWriter {
    /// The destination.
    let path: String
    /// The temporary file written until ``finish()``.
    let temporaryPath: String
    let layout: NetCDFClassic.Layout
    private var descriptor: Int32

    /// Creates the temporary file and writes the header.
    ///
    /// - Throws: ``NetCDFWriteError/file(_:)`` naming the file and the system's reason.
    init(path: String, schema: NetCDFClassic) throws(NetCDFWriteError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        temporaryPath = directory + "." + name + ".partial"
        layout = schema.layout()
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw .runtime("could not write '\(path)': \(SystemCalls.errorText(errno)) (creating '\(temporaryPath)')")
        }
        try write(layout.header, at: 0)
    }

    deinit {
        if descriptor >= 0 {
            close(descriptor)
            unlink(temporaryPath)
        }
    }

    /// Writes a variable's data, or one record's slab of a record variable.
    ///
    /// - Precondition: `bytes` is the variable's size (``NetCDFClassic/Layout/sizes``).
    func write(variable: Int, record: Int = 0, _ bytes: [UInt8]) throws(NetCDFWriteError) {
        precondition(bytes.count == layout.sizes[variable], "a slab of the variable's size")
        try write(bytes, at: layout.offset(variable: variable, record: record))
    }

    private func write(_ bytes: [UInt8], at offset: Int) throws(NetCDFWriteError) {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                pwrite(descriptor, raw.baseAddress! + done, raw.count - done, off_t(offset + done))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .runtime("could not write '\(path)': \(SystemCalls.errorText(errno))")
            }
            done += count
        }
    }

    /// Sets the file's length (padding after the last value), syncs it and renames it to the
    /// destination.
    func finish() throws(NetCDFWriteError) {
        guard ftruncate(descriptor, off_t(layout.fileSize)) == 0, fsync(descriptor) == 0 else {
            throw .runtime("could not write '\(path)': \(SystemCalls.errorText(errno))")
        }
        close(descriptor)
        descriptor = -1
        guard rename(temporaryPath, path) == 0 else {
            let reason = SystemCalls.errorText(errno)
            unlink(temporaryPath)
            throw .runtime("could not write '\(path)': \(reason)")
        }
    }
}
