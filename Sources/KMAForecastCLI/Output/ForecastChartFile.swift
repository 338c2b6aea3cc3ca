/// `--chart FILE.svg`: where the picture of the forecast is written.
enum ForecastChartFile {
    /// Writes the SVG document to `path`, and says on `diagnostics` (standard error) where it
    /// went: `Chart written to forecast.svg`, so the file is not made silently.
    ///
    /// - Throws: ``CLIError/usage(_:)`` when the name does not end in `.svg` (the only picture
    ///   made), ``CLIError/runtime(_:)`` naming the file and the system's reason when it cannot
    ///   be written (``OutputFile``: a device or FIFO is written through, a link refused).
    static func write(_ svg: String, to path: String, diagnostics: TextSink) throws(CLIError) {
        guard path.lowercased().hasSuffix(".svg") else {
            throw .usage("The value '\(TerminalText.safe(path))' is invalid for '--chart <file>': the chart is an SVG picture; give a file name ending in .svg")
        }
        try OutputFile.write(Array(svg.utf8), to: path)
        diagnostics.write("Chart written to \(TerminalText.safe(path))\n")
    }
}
