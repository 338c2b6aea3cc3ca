extension ForecastProduct {
    /// The categories every run of the product has at its first forecast hour. A run without
    /// one of them is not complete yet: right after a run is due, KMA can serve it for a few
    /// minutes with some categories still missing.
    ///
    /// - `nowcast`: T1H, RN1, UUU, VVV, REH, PTY, VEC, WSD (its 8 items).
    /// - `ultra-short`: T1H, RN1, SKY, UUU, VVV, REH, PTY, LGT, VEC, WSD (10 a forecast hour).
    /// - `short-term`: TMP, UUU, VVV, VEC, WSD, SKY, PTY, POP, PCP, REH, SNO — the hourly
    ///   categories except WAV, which KMA documents but does not promise for every hour.
    ///   TMN (at 0600) and TMX (at 1500) appear only at those hours, and not on every day of
    ///   every run (the 0500 run has no TMN for its own day), so they are not required.
    ///
    /// Only the first forecast hour is checked: later hours legitimately differ (TMN/TMX, the
    /// 3-hourly extended days since 2024-11-28). A sea cell's missing values still arrive as
    /// items (values ±900), so they do not make a run incomplete.
    public var requiredCategories: [ForecastCategory] {
        switch self {
        case .nowcast: [.t1h, .rn1, .uuu, .vvv, .reh, .pty, .vec, .wsd]
        case .ultraShort: [.t1h, .rn1, .sky, .uuu, .vvv, .reh, .pty, .lgt, .vec, .wsd]
        case .shortTerm: [.tmp, .uuu, .vvv, .vec, .wsd, .sky, .pty, .pop, .pcp, .reh, .sno]
        }
    }

    /// The ``requiredCategories`` missing from the first forecast hour of `rows` (the row with
    /// the earliest date and time), in the order of ``requiredCategories``; every one of them
    /// when `rows` is empty.
    public func missingCategories(in rows: [ForecastRow]) -> [ForecastCategory] {
        guard let first = rows.min(by: { $0.validTime < $1.validTime }) else {
            return requiredCategories
        }
        return requiredCategories.filter { !first.contains($0) }
    }
}
