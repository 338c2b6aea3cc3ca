import Foundation
import KMAForecast
import Testing
@testable import KMAForecastClient
import _KMATestSupport

/// A gateway that echoes the key, in any form, in an error message, an HTML error page or a
/// good page's values: no form reaches an error, an event, a row or a cache file, whatever the
/// provider (issue 16, item 2).
@Suite("ForecastClient: the key echoed in every form reaches no output and no cache file", .removingTemporaryDirectories)
struct ClientKeyEchoTests {
    /// A key as long as a real one.
    static let key = "Xy7+Qp9/Lm3Kd8Rt2+Vb6Wn4/Zc1Hs5Jf0Ga9Te3Ub7Yi2Op6As4Dg8Fh1Jk5Lz0Xc3Vb7Nm2Qw6Er9Ty4Ui8Op1As5Dd=="

    static func encoded(_ text: String, times: Int = 1) -> String {
        var out = text
        for _ in 0..<times {
            out = out.utf8.map { byte in
                let isAlphanumeric = (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                return isAlphanumeric ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded()
            }.joined()
        }
        return out
    }

    static let forms: [(String, String)] = [
        ("decoded", key),
        ("encoded, lower-cased whole", encoded(key).lowercased()),
        ("+ read as a space", key.replacingOccurrences(of: "+", with: " ")),
        ("encoded twice", encoded(key, times: 2)),
        ("encoded three times", encoded(key, times: 3)),
        ("+ and / dropped", key.replacingOccurrences(of: "+", with: "").replacingOccurrences(of: "/", with: "")),
        ("a 16-character slice", String(key.dropFirst(33).prefix(16))),
    ]

    /// The key's 12-character pieces in a plain form (decoded with `+ / =` dropped, lower
    /// case), then the percent-encoded key's own 12-character windows: worked out once (per
    /// text, they made the good-page check take seconds for a run's ten thousand values).
    static let pieces: (plain: [String], encoded: [String]) = {
        let plain = Array(key.filter { $0.isLetter || $0.isNumber }.lowercased())
        let encodedKey = Array(encoded(key).lowercased())
        return ((0...(plain.count - 12)).map { String(plain[$0..<($0 + 12)]) },
                (0...(encodedKey.count - 12)).map { String(encodedKey[$0..<($0 + 12)]) })
    }()

    /// The first piece of `text` that is a 12-character piece of the key in a plain form
    /// (decoded with `+ / =` dropped, any case), checked independently of `KeyRedaction`.
    static func leak(in text: String) -> String? {
        let haystack = text.lowercased().filter { $0.isLetter || $0.isNumber }
        if let piece = pieces.plain.first(where: { haystack.contains($0) }) { return piece }
        // Percent-encoded pieces: the encoded key's own 12-character windows.
        let lower = text.lowercased()
        return pieces.encoded.first { lower.contains($0) }
    }

    static func server() throws -> ReplayServer {
        try ReplayServer(runs: [try RecordedRun(.shortTerm, fixture: shortTermFixture)], expectedKey: key)
    }

    // Regression: these forms were printed in `Error:` lines.
    @Test("Echoed in resultMsg", arguments: forms)
    func resultMessage(_ label: String, _ form: String) async throws {
        let server = try Self.server()
        defer { server.stop() }
        server.inject(.body(#"{"response":{"header":{"resultCode":"10","resultMsg":"INVALID_REQUEST_PARAMETER_ERROR key=\#(form)"}}}"#, contentType: "application/json"))
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, key: Self.key, recorder: recorder)))
        #expect(error.description.contains("INVALID_REQUEST_PARAMETER_ERROR"), "\(error)")
        for text in texts(of: error) + recorder.eventTexts { #expect(Self.leak(in: text) == nil, "\(label): \(text)") }
    }

    @Test("Echoed in an HTML error page's title, for either provider", arguments: forms, [ServiceProvider.dataGoKr, .apiHub])
    func htmlPage(_ form: (String, String), _ provider: ServiceProvider) async throws {
        let server = try Self.server()
        defer { server.stop() }
        // HTTP 200, so the page is read and its title quoted in the error.
        server.inject(.body("<html><head><title>Bad gateway for \(form.1)</title></head></html>", contentType: "text/html"), times: 3)
        let recorder = Recorder()
        let error = try #require(await fetchError(try makeClient(server, key: Self.key, provider: provider, recorder: recorder)))
        #expect(error.stage == .decode && error.description.contains("titled \"Bad gateway for"), "\(error)")
        for text in texts(of: error) + recorder.eventTexts { #expect(Self.leak(in: text) == nil, "\(form.0): \(text)") }
    }

    // Regression: echoes inside a good page were delivered as values, and written to the cache.
    @Test("Echoed in a good page's values: rows redacted, nothing cached", arguments: forms)
    func goodPage(_ label: String, _ form: String) async throws {
        var run = try RecordedRun(.shortTerm, fixture: shortTermFixture)
        // The recorded run's first item is TMP 10; its value becomes the echo (JSON-escaped `/`).
        let first = String(decoding: run.items[0], as: UTF8.self)
        let escaped = form.replacingOccurrences(of: "/", with: "\\/")
        run.items[0] = Array(first.replacingOccurrences(of: #""fcstValue":"10""#, with: #""fcstValue":"echo \#(escaped)""#).utf8)
        #expect(run.items[0] != Array(first.utf8))
        let server = try ReplayServer(runs: [run], expectedKey: Self.key)
        defer { server.stop() }
        let directory = try temporaryDirectory()
        let recorder = Recorder()
        let client = try makeClient(server, key: Self.key, cache: .directory(directory), recorder: recorder)
        let fetched = try await client.fetch(.shortTerm, cell: shortTermCell)
        let values = fetched.rows.flatMap { row in row.categories.compactMap { row[$0] } }
        #expect(values.contains("echo REDACTED"), "\(label)")
        for value in values { #expect(Self.leak(in: value) == nil, "\(label): \(value)") }
        for text in recorder.eventTexts { #expect(Self.leak(in: text) == nil, "\(label): \(text)") }
        // Every file under the cache directory, whatever it is.
        let files = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
        for file in files {
            let bytes = FileManager.default.contents(atPath: directory + "/" + file) ?? Data()
            #expect(Self.leak(in: String(decoding: bytes, as: UTF8.self)) == nil, "\(label): cache file \(file)")
        }
    }
}

extension String {
    fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}
