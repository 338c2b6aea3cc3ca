import KMAForecastKit
import Testing

/// An app that imports only the umbrella sees the words and units: this file imports nothing
/// else, so it does not compile if `KMAForecastKit` stops re-exporting `KMAForecastText`.
@Suite("KMAForecastKit re-exports KMAForecastText")
struct KitReExportTests {
    @Test("A value's words and a unit system, through the one import (the module README's example)")
    func wordsThroughTheUmbrella() {
        let value = ForecastValue(category: .pcp, raw: "1mm 미만")
        #expect(value.text(.ko) == "1mm 미만")
        #expect(value.text(.en, units: .imperial) == "under 0.04 in")
        let warm = UnitSystem.imperial.convert(10, from: .celsius)
        #expect(warm.unit == .fahrenheit && warm.value == 50)
        #expect(ForecastUnit.metersPerSecond.text(2.1, .en) == "2.1 m/s")
        #expect(WindDirection(degrees: 241)?.text(.ko) == "서남서 241°")
        #expect(PrintableText.escaped("a\u{1B}b") == #"a\u{1B}b"#)
        // The names stay in KMAForecast: data an app maps to its own strings.
        #expect(SkyCondition.mostlyCloudy.name(in: .ko) == "구름많음")
    }
}
