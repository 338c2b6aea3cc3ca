#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import _KMATestSupport
import Testing
@testable import KMAForecastNetCDF

/// ``NetCDFFileWriter`` on the package's one file writer: each writer its own temporary file,
/// so two writers of one path never mix (issue 28).
@Suite("NetCDFFileWriter: two writers of one path never share a temporary file")
struct NetCDFFileWriterTests {
    /// A file of one byte variable of `count` values.
    static func schema(_ count: Int) -> NetCDFClassic {
        NetCDFClassic(
            dimensions: [.init(name: "x", length: count)], attributes: [],
            variables: [.init(name: "v", dimensions: [0], type: .byte, attributes: [])], records: 0
        )
    }

    /// The bytes a lone writer writes for `schema` with `value` everywhere.
    static func alone(_ schema: NetCDFClassic, _ value: UInt8, in folder: String) throws -> [UInt8] {
        let writer = try NetCDFFileWriter(path: folder + "/alone.nc", schema: schema)
        try writer.write(variable: 0, Array(repeating: value, count: writer.layout.sizes[0]))
        try writer.finish()
        defer { unlink(folder + "/alone.nc") }
        return try #require(FileManager.default.contents(atPath: folder + "/alone.nc").map { Array($0) })
    }

    // Regression: both opened `.out.nc.partial` with O_TRUNC: the second truncated the first's
    // file, the first renamed a mix into place, the second's rename failed.
    @Test("Two writers interleaved: both succeed, the file is the last one's, whole; no temporary left")
    func interleaved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kma-netcdf-writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out.nc"
        let small = Self.schema(5_000), large = Self.schema(20_000)
        let expectedFirst = try Self.alone(large, 1, in: folder)
        let expectedSecond = try Self.alone(small, 2, in: folder)
        let first = try NetCDFFileWriter(path: path, schema: large)
        let second = try NetCDFFileWriter(path: path, schema: small)
        try first.write(variable: 0, Array(repeating: 1, count: 20_000))
        try second.write(variable: 0, Array(repeating: 2, count: 5_000))
        try first.finish()
        #expect(ByteSummary(FileManager.default.contents(atPath: path).map { Array($0) }) == ByteSummary(expectedFirst))
        try second.finish()
        #expect(ByteSummary(FileManager.default.contents(atPath: path).map { Array($0) }) == ByteSummary(expectedSecond))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.nc"])
    }

    @Test("A writer that does not finish leaves nothing behind")
    func unfinished() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kma-netcdf-writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            let writer = try NetCDFFileWriter(path: folder + "/out.nc", schema: Self.schema(100))
            try writer.write(variable: 0, Array(repeating: 3, count: 100))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }
}
