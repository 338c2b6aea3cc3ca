/// Sparklines: a series of numbers as a line of block characters (`▁▂▃▄▅▆▇█`).
///
/// ```swift
/// Sparkline.render([3, 5, 9, 12, 10, 6], width: 6)   // "▁▃▆█▆▃"
/// ```
public enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The sparkline of `values`, at most `width` characters: one per value, or the mean of
    /// consecutive groups when there are more values than columns. `nil` values (no data)
    /// are blanks.
    ///
    /// - Parameters:
    ///   - values: The series.
    ///   - width: The most characters to use, ≥ 1.
    ///   - range: The values at the bottom and top; by default the series' own minimum and maximum.
    public static func render(_ values: [Double?], width: Int, range: ClosedRange<Double>? = nil) -> String {
        let buckets = bucket(values, width: max(1, width))
        let present = buckets.compactMap { $0 }
        guard let low = range?.lowerBound ?? present.min(), let high = range?.upperBound ?? present.max() else {
            return String(repeating: " ", count: buckets.count)
        }
        return String(buckets.map { value -> Character in
            guard let value else { return " " }
            guard high > low else { return blocks[3] }
            let position = (value - low) / (high - low) * Double(blocks.count - 1)
            return blocks[min(blocks.count - 1, max(0, Int(position.rounded())))]
        })
    }

    /// Groups `values` into at most `width` buckets (means of the present values).
    static func bucket(_ values: [Double?], width: Int) -> [Double?] {
        guard values.count > width else { return values }
        let size = (values.count + width - 1) / width
        return stride(from: 0, to: values.count, by: size).map { start in
            let group = values[start..<min(values.count, start + size)].compactMap { $0 }
            return group.isEmpty ? nil : group.reduce(0, +) / Double(group.count)
        }
    }
}
