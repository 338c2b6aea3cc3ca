import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import KMAForecastCLI
import KMAForecast
import KMAForecastText
@testable import KMAForecastClient

@Suite("The forecast as an SVG picture")
struct ForecastSVGTests {
    static func sample(_ language: DisplayLanguage = .en, placeName: String? = nil) throws -> String {
        var report = try ForecastTextViewTests.report(products: [.shortTerm])
        if let placeName { report.location.placeName = placeName }
        return ForecastSVG(language: language, units: .metric).render(report)
    }

    /// The points of the temperature line (`M x y L x y …`), or 0 when there is no such path.
    static func temperaturePoints(_ svg: String) -> Int {
        guard let range = svg.range(of: #"<path id="temperature" d=""#) else { return 0 }
        let path = svg[range.upperBound...].prefix { $0 != "\"" }
        return path.filter { $0 == "M" || $0 == "L" }.count
    }

    /// Whether the document parses as XML (so every text was escaped).
    static func isWellFormed(_ svg: String) -> Bool {
        XMLParser(data: Data(svg.utf8)).parse()
    }

    @Test("The chart has data: one temperature point per hour, a bar per hour with rain chance, humidity")
    func hasData() throws {
        let svg = try Self.sample()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"1040\""))
        #expect(Self.temperaturePoints(svg) == 67)
        let rainy = try ForecastTextViewTests.report(products: [.shortTerm]).hourly.filter { ($0.row.probabilityOfPrecipitation ?? 0) > 0 }.count
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
        var report = try ForecastTextViewTests.report(products: [.shortTerm])
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
        let report = try ForecastTextViewTests.report(products: [.shortTerm])
        let svg = ForecastSVG(language: .en, units: .imperial).render(report)
        #expect(svg.contains("Temperature (°F)") && svg.contains("Precipitation (in)"))
        #expect(svg.contains("max 66°"))  // 19 °C
    }

    // MARK: In a real browser

    /// `chromium` on PATH, or `nil`.
    static let chromium: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/chromium"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    @Test(
        "Headless Chromium renders the SVG: a PNG of the expected size, not blank, with the temperature line's red",
        .enabled(if: chromium != nil, "chromium is not on PATH: run Scripts/ensure-chromium.sh (CI does)"),
        .timeLimit(.minutes(2))
    )
    func rendersInChromium() throws {
        let chromium = try #require(Self.chromium)
        let svg = try Self.sample()
        try #require(Self.temperaturePoints(svg) > 1, "the chart has no data path")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgURL = directory.appendingPathComponent("chart.svg")
        let pngURL = directory.appendingPathComponent("chart.png")
        try Data(svg.utf8).write(to: svgURL)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--user-data-dir=\(directory.path)/profile",
            "--screenshot=\(pngURL.path)", "--window-size=720,1040", svgURL.absoluteString,
        ]
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(90)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)

        let image = try PNGImage(Array(try Data(contentsOf: pngURL)))
        #expect(image.width == 720 && image.height == 1040)
        var nonWhite = 0, red = 0, blue = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let (r, g, b) = image.rgb(x: x, y: y)
                if r < 245 || g < 245 || b < 245 { nonWhite += 1 }
                if r > 200, g < 80, b < 80 { red += 1 }           // the temperature line, #dc2626
                if r < 100, g > 160, b > 220 { blue += 1 }        // the rain chance bars, #38bdf8
            }
        }
        let sampled = (image.width / 2) * (image.height / 2)
        #expect(nonWhite > sampled / 10, "only \(nonWhite) of \(sampled) sampled pixels are not white")
        #expect(red > 200, "temperature line pixels: \(red)")
        #expect(blue > 200, "rain chance bar pixels: \(blue)")
    }
}
