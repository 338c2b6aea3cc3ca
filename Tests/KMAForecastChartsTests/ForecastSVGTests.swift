import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import KMAForecastCharts
import KMAForecast
import KMAForecastText
@testable import KMAForecastClient
import _KMATestSupport

@Suite("The forecast as an SVG picture")
struct ForecastSVGTests {
    /// The recorded short-term run of 2022-11-20 05:00 (67 hours), as the library merges it.
    static let report = LocalForecast.sample

    static func sample(_ language: DisplayLanguage = .en, placeName: String? = nil) throws -> String {
        var report = Self.report
        if let placeName { report.location.placeName = placeName }
        return ForecastSVG(language: language, units: .metric).render(report)
    }

    /// The points of the temperature line (`M x y L x y …`), or 0 when there is no such path.
    static func temperaturePoints(_ svg: String) -> Int { SVGChartProbe.temperaturePoints(svg) }

    /// Whether the document parses as XML (so every text was escaped).
    static func isWellFormed(_ svg: String) -> Bool {
        XMLParser(data: Data(svg.utf8)).parse()
    }

    @Test("The chart has data: one temperature point per hour, a bar per hour with rain chance, humidity")
    func hasData() throws {
        let svg = try Self.sample()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"1040\""))
        #expect(Self.temperaturePoints(svg) == 67)
        let rainy = Self.report.hourly.filter { ($0.row.probabilityOfPrecipitation ?? 0) > 0 }.count
        #expect(rainy > 40)
        #expect(svg.components(separatedBy: "class=\"pop\"").count - 1 == rainy)  // a bar for each hour with a chance above 0 %
        #expect(svg.contains("<path id=\"humidity\""))
        #expect(Self.isWellFormed(svg))
        for label in ["Temperature (°C)", "Chance of rain (%)", "Precipitation (mm)", "Humidity (%)", "Time (KST, UTC+9)", "Sun 11-20", "Mon 11-21", "Tue 11-22", "max 19°", "min 7°", "Short-term run 2022-11-20 05:00 (KST)"] {
            #expect(svg.contains(label), "\(label)")
        }
        let ko = try Self.sample(.ko)
        for label in ["기온 (°C)", "강수확률 (%)", "강수량 (mm)", "습도 (%)", "시각 (KST, 한국 표준시)", "최고 19°", "11-21 (월)", "단기예보 2022-11-20 05:00 발표"] {
            #expect(ko.contains(label), "\(label)")
        }
    }

    @Test("An empty timeline: no data path, and the check above would fail")
    func emptyHasNoPath() throws {
        var report = Self.report
        report.hourly = []
        let svg = ForecastSVG(language: .en, units: .metric).render(report)
        #expect(Self.temperaturePoints(svg) == 0)
        #expect(svg.contains("No forecast hours."))
        #expect(Self.isWellFormed(svg))
    }

    @Test("Every text is escaped: markup, quotes and control characters in a place name stay text")
    func escaping() throws {
        let svg = try Self.sample(placeName: "<script>alert('x')</script> & \"Q\" \u{1B}[2J")
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; &quot;Q&quot; [2J"))
        #expect(!svg.contains("\u{1B}"))
        #expect(Self.isWellFormed(svg))
        #expect(SVGText.escape("a\u{0}b\u{7F}c\td") == "abc\td")
    }

    @Test("Imperial: °F and inches")
    func imperial() throws {
        let svg = ForecastSVG(language: .en, units: .imperial).render(Self.report)
        #expect(svg.contains("Temperature (°F)") && svg.contains("Precipitation (in)"))
        #expect(svg.contains("max 66°"))  // 19 °C
    }
}
