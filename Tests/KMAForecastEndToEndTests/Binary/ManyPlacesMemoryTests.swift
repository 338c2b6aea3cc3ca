import Foundation
import Testing
import _KMATestSupport

/// Issue 31, item 7: many places with one huge input field (a name column of megabytes) must
/// not hold the field once per forecast hour. Each input line is echoed on each of its ~65
/// output lines; the rows were built whole in memory before they were written (a 10 MB name
/// peaked at 1.37 GB, about 135 times the field). Now each line is written as it is made, the
/// echoed input made once per product, so the peak stays a small multiple of the input.
///
/// The verdict compares peaks (`VmHWM`) of the same binary, not times: the same command with
/// a one-character name, and with a `size`-byte name; the difference must stay under
/// `allowed × size` (16: generous, and far below the 135 of the bug).
@Suite("Peak memory of many places with a many-megabyte input field", .serialized, .oneAtATime)
struct ManyPlacesMemoryTests {
    /// The bytes of the big field: 8 MiB (the goal: under 400 MB for 10 MB).
    static let size = 8 << 20
    /// The peak may exceed the small input's by this many times the field, at most.
    static let allowed = 16

    /// Runs many places over `name` (one row, the scenario's cell): the exit status and peak.
    static func run(name: String, server: ReplayServer, directory: String) throws -> (status: Int32, maxKiB: Int, stderr: String) {
        let path = directory + "/places-\(name.utf8.count).csv"
        try Data("name,nx,ny\n\(name),\(Scenario.nx),\(Scenario.ny)\n".utf8).write(to: URL(fileURLWithPath: path))
        return try BoundedMemoryTests.peak(
            ["--input", path, "--base-url", server.baseURL, "--no-cache", "--at", "2026-11-21T14:50:00+09:00"],
            environment: ["KMA_SERVICE_KEY": Scenario.key, "HOME": directory, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        )
    }

    @Test("An 8 MiB name column: every line written, the peak within 16 times the field of a one-character name's",
          .timeLimit(.minutes(10)))
    func bigField() throws {
        let server = try Scenario.server()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-many-rss-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let small = try Self.run(name: "a", server: server, directory: directory)
        #expect(small.status == 0, "\(small.stderr)")
        #expect(small.maxKiB > 1 << 10, "the peak could not be read: \(small.maxKiB) KiB")
        let big = try Self.run(name: String(repeating: "가나다라", count: Self.size / 12), server: server, directory: directory)
        #expect(big.status == 0, "\(big.stderr)")
        let growth = (big.maxKiB - small.maxKiB) * 1024
        print("Many places, one \(Self.size >> 20) MiB field: peak \(big.maxKiB >> 10) MiB, a one-character field \(small.maxKiB >> 10) MiB: \(Double(growth) / Double(Self.size)) times the field")
        #expect(growth < Self.allowed * Self.size, "peak \(big.maxKiB) KiB against \(small.maxKiB) KiB for a \(Self.size)-byte field")
    }
}
