import Foundation
import Testing

/// The SVG chart as a browser draws it: the built binary writes the sample's short-term
/// chart, headless Chromium renders it to a PNG, and the pixels show the chart's lines and bars.
/// The SVG's own structure is checked in-process by `ForecastSVGTests`.
@Suite("The forecast's SVG chart in headless Chromium", .serialized, .oneAtATime)
struct ForecastSVGChromiumTests {
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
        .timeLimit(.minutes(10))
    )
    func rendersInChromium() throws {
        let chromium = try #require(Self.chromium)
        let result = try BuiltBinaryTests.run(["--demo", "--product", "short-term", "--format", "svg"])
        try #require(result.status == 0, "\(result.stderr)")
        let svg = result.stdout
        try #require(svg.contains(#"<path id="temperature" d="M"#), "the chart has no data path")
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
        // A hang guard, not a speed test (a busy machine may take minutes): measured from
        // Chromium's own start, and a cut-off run is reported as one, not as a bad picture.
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let cutOff = process.isRunning
        if cutOff { process.terminate() }
        process.waitUntilExit()
        try #require(!cutOff, "Chromium was still running 300 s after it started and was killed: no verdict on the picture")
        #expect(process.terminationStatus == 0 && process.terminationReason == .exit, "Chromium ended with \(process.terminationReason == .exit ? "status" : "signal") \(process.terminationStatus)")

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
