import KMAForecast

/// A short-term run (`getVilageFcst`) built to KMA's documented layout since 2024-11-28, for
/// tests and benchmarks of the ten-day merge: hourly slots from the hour after the base through
/// day +2 (runs at 02–14 h) or day +3 (runs at 17–23 h), then the added day (글피 or 그글피)
/// 3-hourly from 00:00 to 21:00, then the 00:00 slot of the day after it (a day that holds only
/// that slot is not a day). Every slot has the 12 hourly categories; `TMN` stands at 06:00 and
/// `TMX` at 15:00 of each day that has those slots.
///
/// Values are deterministic: `TMP` 10 + hour/2 + day, `SKY` 1 before noon and 3 after, `PTY` 1
/// (rain) at 15:00 and 16:00 of day +1 (else 0), `POP` 60 for those slots, else 20; `TMN`
/// day + 8, `TMX` day + 20 (day = days after the base date).
public enum ExtendedDayRun {
    /// The slots of a run: `(date YYYYMMDD, time HHMM)` in order.
    public static func slots(base: ForecastBase) -> [(date: Int, time: Int)] {
        let start = base.dateTime
        let lastHourlyDay = start.hour >= 17 ? 3 : 2
        let midnight = start.adding(seconds: -Int64(start.hour * 3600 + start.minute * 60))
        var out: [(Int, Int)] = []
        var hour = start.adding(seconds: 3600 - Int64(start.minute * 60))
        let extended = midnight.adding(seconds: Int64(lastHourlyDay + 1) * 86_400)
        while hour < extended {
            out.append((hour.yyyymmdd, hour.hhmm))
            hour = hour.adding(seconds: 3600)
        }
        for step in 0...8 {
            let slot = extended.adding(seconds: Int64(step) * 3 * 3600)
            out.append((slot.yyyymmdd, slot.hhmm))
        }
        return out
    }

    /// The run's items.
    public static func items(base: ForecastBase, nx: Int, ny: Int) -> [ForecastItem] {
        let baseDay = base.dateTime.yyyymmdd
        func dayOffset(_ date: Int) -> Int {
            guard let a = try? KSTDateTime(year: baseDay / 10_000, month: baseDay / 100 % 100, day: baseDay % 100),
                  let b = try? KSTDateTime(year: date / 10_000, month: date / 100 % 100, day: date % 100) else { return 0 }
            return Int((b.unixSeconds - a.unixSeconds) / 86_400)
        }
        var items: [ForecastItem] = []
        for (date, time) in slots(base: base) {
            let day = dayOffset(date)
            let hour = time / 100
            let extended = ForecastProduct.shortTerm.isExtendedDay(base: base, forecastDate: date)
            let rain = day == 1 && (hour == 15 || hour == 16)
            let values: [(String, String)] = [
                ("TMP", String(10 + hour / 2 + day)), ("UUU", "1.2"), ("VVV", "-0.5"), ("VEC", "250"),
                ("WSD", extended ? "1" : "1.6"), ("SKY", hour < 12 ? "1" : "3"), ("PTY", rain ? "1" : "0"),
                ("POP", rain ? "60" : "20"), ("WAV", "0"), ("PCP", extended ? (rain ? "1" : "0") : (rain ? "1.0mm" : "강수없음")),
                ("REH", "60"), ("SNO", extended ? "0" : "적설없음"),
            ]
            for (code, value) in values {
                items.append(ForecastItem(base: base, category: ForecastCategory(code), forecastDate: date, forecastTime: time, value: value, nx: nx, ny: ny))
            }
            if time == 600 {
                items.append(ForecastItem(base: base, category: .tmn, forecastDate: date, forecastTime: time, value: "\(day + 8).0", nx: nx, ny: ny))
            }
            if time == 1500 {
                items.append(ForecastItem(base: base, category: .tmx, forecastDate: date, forecastTime: time, value: "\(day + 20).0", nx: nx, ny: ny))
            }
        }
        return items
    }

    /// The run's rows, as the client would deliver them.
    public static func rows(base: ForecastBase, nx: Int, ny: Int) -> [ForecastRow] {
        var builder = ForecastRowBuilder()
        for item in items(base: base, nx: nx, ny: ny) { try? builder.add(item) }
        return builder.rows()
    }

    /// The run for a ``ReplayServer``, each item as KMA's compact JSON.
    public static func recordedRun(base: ForecastBase, nx: Int, ny: Int) -> RecordedRun {
        let objects = items(base: base, nx: nx, ny: ny).map { item -> [UInt8] in
            Array((#"{"baseDate":"\#(item.base.baseDate)","baseTime":"\#(item.base.baseTime)","category":"\#(item.category.code)","#
                + #""fcstDate":"\#(item.forecastDateString)","fcstTime":"\#(item.forecastTimeString)","fcstValue":"\#(item.value)","nx":\#(nx),"ny":\#(ny)}"#).utf8)
        }
        return RecordedRun(operation: ForecastProduct.shortTerm.operation, baseDate: base.baseDate, baseTime: base.baseTime, nx: nx, ny: ny, items: objects)
    }
}
