#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
import _KMATestSupport

/// `field` with a cache where another user planted a link as an old grid run folder: the
/// victim's files stay, the field is printed, and the user is warned (issue 25, item 1).
@Suite("kma-forecast field with a planted cache folder")
struct PlantedCacheFolderCLITests {
    @Test("A run folder that is a link to another directory: the victim keeps its files, a warning names the link")
    func plantedRunFolder() async throws {
        let server = try OutputFileTests.server()
        defer { server.stop() }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kma-planted-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = root + "/cache"
        let victim = root + "/victim"
        try FileManager.default.createDirectory(atPath: cache + "/apihub-grid/short-term", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        #expect(chmod(cache, 0o700) == 0 && chmod(cache + "/apihub-grid", 0o700) == 0 && chmod(cache + "/apihub-grid/short-term", 0o700) == 0)
        #expect(FileManager.default.createFile(atPath: victim + "/thesis.tex", contents: Data("years of work".utf8)))
        #expect(symlink(victim, cache + "/apihub-grid/short-term/2020010105") == 0)
        let result = await runTool(
            ["field", "--base-url", server.apiHubFieldBaseURL, "--cache-dir", cache, "--var", "TMP"],
            environment: ["KMA_SERVICE_KEY": OutputFileTests.key], now: OutputFileTests.now
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: victim + "/thesis.tex") == Data("years of work".utf8))
        #expect(result.stderr.contains("Warning: could not write the cache at \(cache)/apihub-grid/short-term/2020010105 (it could not be pruned: it is a symbolic link"), "\(result.stderr)")
    }
}
