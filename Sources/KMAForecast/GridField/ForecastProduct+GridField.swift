extension ForecastProduct {
    /// The KMA API Hub operation that serves this product as whole-grid fields, one variable
    /// per call: `nph-dfs_shrt_grd` (short-term), `nph-dfs_vsrt_grd` (ultra-short),
    /// `nph-dfs_odam_grd` (nowcast).
    public var gridOperation: String {
        switch self {
        case .shortTerm: "nph-dfs_shrt_grd"
        case .ultraShort: "nph-dfs_vsrt_grd"
        case .nowcast: "nph-dfs_odam_grd"
        }
    }

    /// The variables the grid-field operation serves (`vars`, one per call):
    /// - short-term: TMP TMX TMN UUU VVV VEC WSD SKY PTY POP PCP SNO REH WAV;
    /// - ultra-short: T1H UUU VVV VEC WSD SKY LGT PTY RN1 REH;
    /// - nowcast: T1H UUU VVV VEC WSD PTY RN1 REH.
    public var gridVariables: [ForecastCategory] {
        switch self {
        case .shortTerm: [.tmp, .tmx, .tmn, .uuu, .vvv, .vec, .wsd, .sky, .pty, .pop, .pcp, .sno, .reh, .wav]
        case .ultraShort: [.t1h, .uuu, .vvv, .vec, .wsd, .sky, .lgt, .pty, .rn1, .reh]
        case .nowcast: [.t1h, .uuu, .vvv, .vec, .wsd, .pty, .rn1, .reh]
        }
    }

    /// When the grid-field runs (`tmfc`) are made and become available.
    ///
    /// - short-term: the point API's runs, 02 05 … 23 h, available 10 minutes later (`tmfc`
    ///   as `YYYYMMDDHH`);
    /// - ultra-short and nowcast: a run every 10 minutes (HH:00, HH:10 …), taken as available
    ///   15 (ultra-short) or 10 (nowcast) minutes later, as the point API's runs are. KMA does
    ///   not document the grid's delay; change ``IssuanceSchedule/delay`` if a run asked for is
    ///   not there yet.
    public var gridSchedule: IssuanceSchedule {
        switch self {
        case .shortTerm: IssuanceSchedule(product: .shortTerm)
        case .ultraShort: IssuanceSchedule(tenMinuteRunsOf: .ultraShort, delay: 900)
        case .nowcast: IssuanceSchedule(tenMinuteRunsOf: .nowcast, delay: 600)
        }
    }

    /// Whether the grid-field operation takes a valid time (`tmef`): every product but the
    /// nowcast, whose field is the run itself.
    public var gridHasValidTime: Bool { self != .nowcast }

    /// The valid times (`tmef`) of a grid-field run, in order.
    ///
    /// - short-term: every hour from the hour after the run to 00:00 of the day after its last
    ///   day (runs at 02–14 h: day +2 before the extended days began
    ///   (``extendedDaysStart``), day +3 since; runs at 17–23 h: day +2, then day +4), and on
    ///   the extended days (``isExtendedDay(base:forecastDate:)``) every third hour only;
    /// - ultra-short: the six whole hours after the run;
    /// - nowcast: the run's own time (it has no `tmef`).
    ///
    /// - Parameter run: The run (`tmfc`).
    public func gridValidTimes(run: ForecastBase) -> [KSTDateTime] {
        let start = run.dateTime
        let firstHour = KSTDateTime(wallSeconds: KSTDateTime.floorDivide(start.wallSeconds, 3600) * 3600 + 3600)
        switch self {
        case .nowcast:
            return [start]
        case .ultraShort:
            return (0..<6).map { firstHour.adding(seconds: Int64($0) * 3600) }
        case .shortTerm:
            let midnight = KSTDateTime.floorDivide(start.wallSeconds, 86_400) * 86_400
            let extended = run >= Self.extendedDaysStart
            let lastDay: Int64 = extended ? (start.hour >= 17 ? 4 : 3) : 2
            let end = midnight + (lastDay + 1) * 86_400
            var times: [KSTDateTime] = []
            var wall = firstHour.wallSeconds
            while wall <= end {
                let time = KSTDateTime(wallSeconds: wall)
                if !isExtendedDay(base: run, forecastDate: time.yyyymmdd) || time.hour % 3 == 0 { times.append(time) }
                wall += 3600
            }
            return times
        }
    }

    /// Whether a variable is forecast at a valid time at all: `TMN` only at 06:00 and `TMX`
    /// only at 15:00 (the daily minimum and maximum); every other variable at every time.
    public func gridHasVariable(_ variable: ForecastCategory, at valid: KSTDateTime) -> Bool {
        switch variable {
        case .tmn: valid.hour == 6 && valid.minute == 0
        case .tmx: valid.hour == 15 && valid.minute == 0
        default: true
        }
    }
}

extension IssuanceSchedule {
    /// A run every 10 minutes (HH:00, HH:10 …), for the ultra-short and nowcast grid fields.
    ///
    /// - Parameters:
    ///   - product: The product.
    ///   - delay: Seconds from a run's time until it is available, ≥ 0.
    init(tenMinuteRunsOf product: ForecastProduct, delay: Int64) {
        self.product = product
        self.period = 600
        self.offset = 0
        self.delay = delay
    }
}
