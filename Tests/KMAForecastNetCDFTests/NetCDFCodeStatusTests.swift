import Foundation
import KMAForecast
import KMAForecastNetCDF
import Testing
import _KMATestSupport

private typealias Support = NetCDFTestSupport

/// Issue 35: a code KMA does not document in one cell (SKY 2; PTY 6, an ultra-short code, in a
/// short-term run) does not abort the whole field: the value is kept as sent and flagged 1 in the
/// variable's ancillary status flag (`SKY_status`, `standard_name: status_flag`), which is 0
/// everywhere else; the summary counts the cells. The time bounds have no attributes of their
/// own (CF 7.1, the IOOS checker).
@Suite("NetCDF: undocumented codes kept and flagged; time bounds as CF 7.1 has them")
struct NetCDFCodeStatusTests {
    @Test("SKY 2 and PTY 6 in one cell each: the fields are written, the codes kept, <code>_status 1 there and 0 elsewhere, counted")
    func undocumentedCodes() async throws {
        let built = try Support.built(.shortTerm, ["SKY", "PTY", "TMP"])
        let server = try ReplayServer(expectedKey: Support.key)
        defer { server.stop() }
        let cell = BuiltGridField.index(nx: 98, ny: 76)
        built.serve(on: server) { variable, time in !(time == 0 && ["SKY", "PTY"].contains(variable)) }
        for (variable, code) in [("SKY", 200), ("PTY", 600)] {
            var values = built.hundredths(variable, time: 0)
            values[cell] = code
            server.addField(BuiltGridRun.body(values), operation: "nph-dfs_shrt_grd", tmfc: built.tmfc, tmef: BuiltGridRun.tmef(built.validTimes[0]), variable: variable)
        }
        let directory = try Support.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let client = try Support.client(server)
        let summary = try await client.writeNetCDF(.shortTerm, variables: [.sky, .pty, .tmp], validTimes: .all, to: directory + "/run.nc")
        #expect(summary.undocumentedCodes == [.sky: 1, .pty: 1])
        let file = try NetCDFReader(path: directory + "/run.nc")
        for (variable, code) in [("SKY", Int16(2)), ("PTY", Int16(6))] {
            #expect(try file.int16s(variable, record: 0)[cell] == code)
            #expect(try file.variable(variable).attributes["ancillary_variables"] == .text(variable + "_status"))
            let status = try file.variable(variable + "_status")
            #expect(status.attributes["standard_name"] == .text("status_flag") && status.attributes["flag_values"] == .bytes([0, 1]))
            let first = try file.int8s(variable + "_status", record: 0)
            #expect(first[cell] == 1 && first.filter { $0 != 0 }.count == 1)
            #expect(try (1..<built.validTimes.count).allSatisfy { try file.int8s(variable + "_status", record: $0).allSatisfy { $0 == 0 } })
        }
        #expect(try Support.holds(file, built, "TMP", record: 0, time: 0))
    }

    @Test("time_bnds, time_tmn_bnds and time_tmx_bnds have no attributes of their own; the coordinates name them")
    func boundsWithoutAttributes() async throws {
        let built = try Support.built(.shortTerm, ["TMP", "TMN", "TMX"])
        let server = try ReplayServer(expectedKey: Support.key)
        defer { server.stop() }
        built.serve(on: server)
        let directory = try Support.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try await Support.client(server).writeNetCDF(.shortTerm, variables: [.tmp, .tmn, .tmx], validTimes: .all, to: directory + "/run.nc")
        let file = try NetCDFReader(path: directory + "/run.nc")
        for axis in ["time", "time_tmn", "time_tmx"] {
            #expect(try file.variable(axis).attributes["bounds"] == .text(axis + "_bnds"))
            let bounds = try file.variable(axis + "_bnds").attributes
            #expect(bounds.isEmpty, "\(axis)_bnds: \(bounds)")
        }
    }
}
