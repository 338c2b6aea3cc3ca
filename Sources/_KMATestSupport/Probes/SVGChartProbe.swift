/// Reads the forecast chart's SVG (`ForecastSVG`) as the tests of the chart and of the CLI's
/// `--format svg` and `--chart` do.
public enum SVGChartProbe {
    /// The points of the temperature line (`<path id="temperature" d="M x y L x y …"`): one per
    /// hour with a temperature; 0 when there is no such path.
    public static func temperaturePoints(_ svg: String) -> Int {
        guard let range = svg.firstRange(of: #"<path id="temperature" d=""#) else { return 0 }
        let path = svg[range.upperBound...].prefix { $0 != "\"" }
        return path.filter { $0 == "M" || $0 == "L" }.count
    }
}
