import Foundation
import KMAForecast

/// A stand-in API Hub on 127.0.0.1 serving the built TMP field of `Fixtures/apihub-grid` (not KMA
/// data): run 2026-11-21 05:00, valid 06:00. Shared by the CLI's `field` tests and the MCP's
/// `kma_field_values` tests.
package enum FieldScenario {
    /// 2026-11-21T06:00:00+09:00: the newest short-term grid run is 0500, first valid hour 06.
    package static let now = Date(timeIntervalSince1970: 1_795_186_800 + 6 * 3600)
    /// The key the stand-in expects.
    package static let key = "TESTKEY+abc/def=="
    /// The built field's file in `Fixtures/`.
    package static let fixture = "apihub-grid/built_shrt_grd_TMP_tmfc2026112105_tmef2026112106.txt"

    /// The stand-in, started; stop it when done.
    package static func server() throws -> ReplayServer {
        let server = try ReplayServer(expectedKey: key)
        server.addField(try Fixtures.bytes(fixture), operation: "nph-dfs_shrt_grd", tmfc: "2026112105", tmef: "2026112106", variable: "TMP")
        return server
    }

    /// The same field built in memory, to compare values with.
    package static let built: BuiltGridField = {
        guard let field = try? BuiltGridField.temperature() else { preconditionFailure("the grid table fixture is readable") }
        return field
    }()
}
