import KMAForecast

/// Runs of the three products built with rain at chosen hours, for the stand-in gateway: a
/// forecast sequence in which rain is first forecast by the short-term run, then by the
/// ultra-short forecast, then observed (`ForecastWatcher` tests). Every run has its product's
/// required categories; values other than `PTY`, `RN1`/`PCP` are constant (`POP` 30, `TMP`/`T1H`
/// 20, no `TMN`/`TMX`), so only precipitation changes.
public enum RainSequenceScenario {
    /// A short-term run (`getVilageFcst`) from the hour after `base` for `hours` hours, `PTY` 1 in
    /// the hours of `wet` (KST hours as `YYYYMMDDHH`).
    public static func shortTerm(base: ForecastBase, nx: Int, ny: Int, wet: Set<Int>, hours: Int = 30) -> RecordedRun {
        var items: [[UInt8]] = []
        var hour = base.dateTime.adding(seconds: 3600 - Int64(base.dateTime.minute * 60))
        for _ in 0..<hours {
            let rain = wet.contains(hour.yyyymmdd * 100 + hour.hour)
            let values = [
                ("TMP", "20"), ("UUU", "1.2"), ("VVV", "-0.5"), ("VEC", "250"), ("WSD", "1.6"), ("SKY", rain ? "4" : "1"),
                ("PTY", rain ? "1" : "0"), ("POP", "30"), ("PCP", rain ? "1.0mm" : "강수없음"), ("REH", "60"), ("SNO", "적설없음"),
            ]
            for (code, value) in values { items.append(forecastItem(base, code, hour, value, nx, ny)) }
            hour = hour.adding(seconds: 3600)
        }
        return RecordedRun(operation: ForecastProduct.shortTerm.operation, baseDate: base.baseDate, baseTime: base.baseTime, nx: nx, ny: ny, items: items)
    }

    /// An ultra-short run (`getUltraSrtFcst`, base HH30): the 6 hours after it.
    public static func ultraShort(base: ForecastBase, nx: Int, ny: Int, wet: Set<Int>) -> RecordedRun {
        var items: [[UInt8]] = []
        var hour = base.dateTime.adding(seconds: 3600 - Int64(base.dateTime.minute * 60))
        for _ in 0..<6 {
            let rain = wet.contains(hour.yyyymmdd * 100 + hour.hour)
            let values = [
                ("T1H", "20"), ("RN1", rain ? "1.0mm" : "강수없음"), ("SKY", rain ? "4" : "1"), ("UUU", "1.2"), ("VVV", "-0.5"),
                ("REH", "60"), ("PTY", rain ? "1" : "0"), ("LGT", "0"), ("VEC", "250"), ("WSD", "1.6"),
            ]
            for (code, value) in values { items.append(forecastItem(base, code, hour, value, nx, ny)) }
            hour = hour.adding(seconds: 3600)
        }
        return RecordedRun(operation: ForecastProduct.ultraShort.operation, baseDate: base.baseDate, baseTime: base.baseTime, nx: nx, ny: ny, items: items)
    }

    /// A nowcast (`getUltraSrtNcst`, base HH00): rain observed or not.
    public static func nowcast(base: ForecastBase, nx: Int, ny: Int, wet: Bool) -> RecordedRun {
        let values = [("T1H", "20"), ("RN1", wet ? "1.5" : "0"), ("UUU", "1.2"), ("VVV", "-0.5"), ("REH", "60"), ("PTY", wet ? "1" : "0"), ("VEC", "250"), ("WSD", "1.6")]
        let items = values.map { code, value in
            Array(#"{"baseDate":"\#(base.baseDate)","baseTime":"\#(base.baseTime)","category":"\#(code)","nx":\#(nx),"ny":\#(ny),"obsrValue":"\#(value)"}"#.utf8)
        }
        return RecordedRun(operation: ForecastProduct.nowcast.operation, baseDate: base.baseDate, baseTime: base.baseTime, nx: nx, ny: ny, items: items)
    }

    private static func forecastItem(_ base: ForecastBase, _ code: String, _ hour: KSTDateTime, _ value: String, _ nx: Int, _ ny: Int) -> [UInt8] {
        let time = hour.hour < 10 ? "0\(hour.hour)00" : "\(hour.hour)00"
        return Array((#"{"baseDate":"\#(base.baseDate)","baseTime":"\#(base.baseTime)","category":"\#(code)","fcstDate":"\#(hour.yyyymmdd)","#
            + #""fcstTime":"\#(time)","fcstValue":"\#(value)","nx":\#(nx),"ny":\#(ny)}"#).utf8)
    }
}
