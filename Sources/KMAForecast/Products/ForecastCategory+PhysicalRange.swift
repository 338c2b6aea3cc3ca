extension ForecastCategory {
    /// The values the variable can physically take, in its unit (``unit``), with headroom over
    /// Korea's records; a value outside is a corrupt or hostile answer, not weather. `nil` for
    /// undocumented codes (nothing is assumed about them).
    ///
    /// | codes | range | unit |
    /// |---|---|---|
    /// | TMP, TMN, TMX, T1H | −60 … 60 | °C |
    /// | POP, REH | 0 … 100 | % |
    /// | WSD | 0 … 100 | m/s |
    /// | UUU, VVV | −100 … 100 | m/s |
    /// | VEC | 0 … 360 | deg |
    /// | PCP, RN1 | 0 … 500 | mm (1 hour; Korea's record is about 150) |
    /// | SNO | 0 … 200 | cm (1 hour) |
    /// | WAV | 0 … 30 | m |
    /// | SKY | 1 … 4 | code |
    /// | PTY | 0 … 7 | code |
    /// | LGT | 0 … 500 | kA/km² |
    ///
    /// Missing marks (-99 in a grid field, |v| ≥ 900) are not values and are not checked
    /// against it. Used by ``GridFieldDecoder/field(_:product:variable:run:valid:)``.
    public var physicalRange: ClosedRange<Double>? {
        switch self {
        case .tmp, .tmn, .tmx, .t1h: -60...60
        case .pop, .reh: 0...100
        case .wsd: 0...100
        case .uuu, .vvv: -100...100
        case .vec: 0...360
        case .pcp, .rn1: 0...500
        case .sno: 0...200
        case .wav: 0...30
        case .sky: 1...4
        case .pty: 0...7
        case .lgt: 0...500
        default: nil
        }
    }
}
