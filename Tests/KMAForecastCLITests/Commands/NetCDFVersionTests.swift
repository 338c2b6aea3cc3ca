import KMAForecastCLI
import KMAForecastNetCDF
import Testing

/// The NetCDF library names the package's version in every file's `history` and `tool`
/// attributes; the CLI's `--version` says the same.
@Suite("NetCDF files name the tool's version")
struct NetCDFVersionTests {
    @Test("GridFieldNetCDF.version is KMAForecastTool.version")
    func sameVersion() {
        #expect(GridFieldNetCDF.version == KMAForecastTool.version)
    }
}
