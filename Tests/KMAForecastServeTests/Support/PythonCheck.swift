import Foundation

/// Python's own readers as the judge of what the server writes (`python3`: the venv's when
/// `VIRTUAL_ENV` is set, else the system's).
enum PythonCheck {
    struct Failed: Error, CustomStringConvertible { var description: String }

    /// Runs a Python program on `input` (standard input) and returns its standard output.
    static func run(_ program: String, input: [UInt8]) throws -> [UInt8] {
        let process = Process()
        let python = ProcessInfo.processInfo.environment["VIRTUAL_ENV"].map { $0 + "/bin/python3" }
        process.executableURL = URL(fileURLWithPath: python.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil } ?? "/usr/bin/python3")
        process.arguments = ["-c", program]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread { stdin.fileHandleForWriting.write(Data(input)); try? stdin.fileHandleForWriting.close() }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(description: String(decoding: errors, as: UTF8.self)) }
        return Array(output)
    }

    /// `gzip.decompress` of the bytes.
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        try run("import sys, gzip; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))", input: bytes)
    }

    /// `zlib.decompress(…, -15)`: a raw DEFLATE stream.
    static func inflateRaw(_ bytes: [UInt8]) throws -> [UInt8] {
        try run("import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read(), -15))", input: bytes)
    }

    /// `hashlib.sha256(…).hexdigest()`.
    static func sha256(_ bytes: [UInt8]) throws -> String {
        String(decoding: try run("import sys, hashlib; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest(), end='')", input: bytes), as: UTF8.self)
    }
}
