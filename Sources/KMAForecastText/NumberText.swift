/// Numbers for people and for parsing, without Foundation's locale machinery.
package enum NumberText {
    /// `value` rounded half away from zero to at most `decimals` places, trailing zeros and a
    /// trailing point removed: `7.0` → `7`, `-1.25` with 1 → `-1.3`, `-0.04` with 1 → `0`.
    package static func format(_ value: Double, decimals: Int) -> String {
        fixed(value, decimals: decimals, trimmingZeros: true)
    }

    /// `value` rounded half away from zero to `decimals` places; with `trimmingZeros`, trailing
    /// zeros (and a trailing point) are removed, else kept so that columns line up
    /// (`fixed(37.57987, decimals: 4, trimmingZeros: false)` → `37.5799`).
    ///
    /// - Parameter decimals: Places after the point; clamped to 0...15 (a `Double` has no more).
    package static func fixed(_ value: Double, decimals: Int, trimmingZeros: Bool) -> String {
        let decimals = min(max(decimals, 0), 15)
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let integer = Int64(scaled)
        let divisor = Int64(scale)
        var text = (value < 0 && integer != 0 ? "-" : "") + String(integer / divisor)
        var fraction = integer % divisor
        guard decimals > 0, fraction != 0 || !trimmingZeros else { return text }
        var places = decimals
        while trimmingZeros, fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        text += "." + fraction.zeroPadded(toWidth: places)
        return text
    }
}
