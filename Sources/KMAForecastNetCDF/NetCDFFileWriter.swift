import _KMASystem

/// Writes a ``NetCDFClassic`` file through the package's one file writer, in a session
/// (``FileWriteSession``): the header, then each variable's data (or one record's slab) at its
/// offset as it comes (`pwrite`), then, when every part has been written, the file put in
/// place at once. Until then nothing is at the destination; a failed or interrupted write
/// leaves nothing behind (the temporary file has a random name, `.<name>.<hex>.tmp`, and is
/// removed when the writer goes).
///
/// The destination is taken as `--output` takes it (``FileWriter``): a new or regular file is
/// replaced atomically (a replaced file keeps its permission bits), a character device, a
/// FIFO or a link to one (`/dev/stdout`) is written through, anything else is refused.
///
/// Memory: only the header and the slab being written are held.
final class NetCDFFileWriter {
    /// The destination.
    let path: String
    let layout: NetCDFClassic.Layout
    private let session: FileWriteSession

    /// Opens the destination (``FileWriteSession/init(path:)``) and writes the header.
    ///
    /// - Throws: ``NetCDFWriteError/file(_:)`` naming the file and why it cannot be written.
    init(path: String, schema: NetCDFClassic) throws(NetCDFWriteError) {
        self.path = path
        layout = schema.layout()
        do throws(FileWriteError) {
            session = try FileWriteSession(path: path)
        } catch {
            throw .runtime(error.description)
        }
        try write(layout.header, at: 0)
    }

    /// Writes a variable's data, or one record's slab of a record variable.
    ///
    /// - Precondition: `bytes` is the variable's size (``NetCDFClassic/Layout/sizes``).
    func write(variable: Int, record: Int = 0, _ bytes: [UInt8]) throws(NetCDFWriteError) {
        precondition(bytes.count == layout.sizes[variable], "a slab of the variable's size")
        try write(bytes, at: layout.offset(variable: variable, record: record))
    }

    /// Writes one slab (along its first dimension) of a variable that is not a record variable.
    ///
    /// - Precondition: `bytes` is a whole number of slabs' size, the slab inside the variable.
    func write(variable: Int, slab: Int, _ bytes: [UInt8]) throws(NetCDFWriteError) {
        precondition(!layout.isRecord[variable] && (slab + 1) * bytes.count <= layout.sizes[variable], "a slab inside the variable")
        try write(bytes, at: layout.begins[variable] + slab * bytes.count)
    }

    private func write(_ bytes: [UInt8], at offset: Int) throws(NetCDFWriteError) {
        do throws(FileWriteError) {
            try session.write(bytes, at: Int64(offset))
        } catch {
            throw .runtime(error.description)
        }
    }

    /// Sets the file's length (padding after the last value) and puts it in place
    /// (``FileWriteSession/commit()``).
    func finish() throws(NetCDFWriteError) {
        do throws(FileWriteError) {
            try session.setLength(Int64(layout.fileSize))
            try session.commit()
        } catch {
            throw .runtime(error.description)
        }
    }
}
