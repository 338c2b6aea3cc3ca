import KMAForecast

/// The colour scale of a field picture: five stops from blue (the field's lowest value) through
/// cyan, green and yellow to red (its highest), interpolated linearly in sRGB — exactly what an
/// SVG `linearGradient` with the same stops draws, so the legend and the cells agree.
///
/// `Scripts/check-field-picture.sh` computes the same colours to check a rendered picture.
///
/// ```swift
/// let scale = FieldColorScale(range: -5...25)
/// scale.color(25).hex        // "#d73027", the top of the scale
/// FieldColorScale.missing    // the no-data grey
/// ```
public struct FieldColorScale: Sendable {
    /// An sRGB colour, 0...255 per channel.
    public struct Color: Hashable, Sendable {
        /// 0...255.
        public var red: UInt8
        /// 0...255.
        public var green: UInt8
        /// 0...255.
        public var blue: UInt8

        /// A colour of three channels, 0...255 each.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `#rrggbb`, lower-case.
        public var hex: String {
            "#" + red.zeroPadded(toWidth: 2, radix: 16) + green.zeroPadded(toWidth: 2, radix: 16) + blue.zeroPadded(toWidth: 2, radix: 16)
        }
    }

    /// The stops, lowest first, evenly spaced.
    public static let stops: [Color] = [
        Color(red: 49, green: 54, blue: 149),
        Color(red: 69, green: 170, blue: 209),
        Color(red: 116, green: 196, blue: 118),
        Color(red: 254, green: 224, blue: 80),
        Color(red: 215, green: 48, blue: 39),
    ]
    /// Cells without data (sea, outside the domain).
    public static let missing = Color(red: 226, green: 232, blue: 240)

    /// The value at the bottom of the scale (blue), in the field's unit.
    public let low: Double
    /// The value at the top of the scale (red), in the field's unit.
    public let high: Double

    /// A scale over a field's values; a flat field gets a range of ±1 around its value.
    public init(range: ClosedRange<Double>) {
        if range.lowerBound < range.upperBound {
            low = range.lowerBound
            high = range.upperBound
        } else {
            low = range.lowerBound - 1
            high = range.upperBound + 1
        }
    }

    /// Where a value is on the scale, 0...1 (clamped).
    public func position(_ value: Double) -> Double {
        min(1, max(0, (value - low) / (high - low)))
    }

    /// The colour of a value.
    public func color(_ value: Double) -> Color {
        let scaled = position(value) * Double(Self.stops.count - 1)
        let index = min(Self.stops.count - 2, Int(scaled))
        let t = scaled - Double(index)
        let a = Self.stops[index], b = Self.stops[index + 1]
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * t).rounded()) }
        return Color(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue))
    }
}
