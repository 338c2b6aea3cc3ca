import KMAForecast
import KMAGrid

extension LocalForecast {
    /// The point the sun is computed for: the location's coordinate (asked for, or the place's
    /// representative point), else the centre of its grid cell.
    public var sunCoordinate: GeoCoordinate {
        location.coordinate ?? ForecastGrid.kma.center(of: location.cell)
    }

    /// Adds what is derived on the device and from the UV answer: each day's ``ForecastDay/sun``,
    /// its lowest and highest 체감온도 and highest UV index; each hour's (and ``current``'s)
    /// ``HourlyForecast/isDaylight`` and ``HourlyForecast/uvIndex``.
    ///
    /// A day's 체감온도 extremes are over the hours the forecast holds for its date: ``hourly``
    /// and ``current``, and the short-term run's earlier hours of that date (each hour counted
    /// once, the merged hour first). Its UV maximum is over every value of ``uv`` on that date.
    mutating func addSky(shortTerm: [ForecastRow]) {
        let point = sunCoordinate
        var suns: [Int: SunTimes] = [:]
        func sun(_ time: KSTDateTime) -> SunTimes? {
            let date = time.yyyymmdd
            if let known = suns[date] { return known }
            let events = SunTimes(day: time, latitude: point.latitude, longitude: point.longitude)
            suns[date] = events
            return events
        }
        func mark(_ hour: inout HourlyForecast) {
            hour.isDaylight = sun(hour.time)?.isDaylight(at: hour.time)
                ?? SunTimes.isSunUp(at: hour.time, latitude: point.latitude, longitude: point.longitude)
            hour.uvIndex = uv?.index(at: hour.time)
        }
        for index in hourly.indices { mark(&hourly[index]) }
        if var now = current {
            mark(&now)
            current = now
        }
        var apparent: [Int: (low: Double, high: Double)] = [:]
        var counted = Set<KSTDateTime>()
        let hours = (current.map { [$0] } ?? []) + hourly + shortTerm.map { HourlyForecast(product: .shortTerm, row: $0) }
        for hour in hours where counted.insert(hour.time).inserted {
            guard let value = hour.apparentTemperatureCelsius else { continue }
            let date = hour.time.yyyymmdd
            let known = apparent[date] ?? (value, value)
            apparent[date] = (min(known.low, value), max(known.high, value))
        }
        var uvMax: [Int: Int] = [:]
        for value in uv?.values ?? [] { uvMax[value.time.yyyymmdd] = max(uvMax[value.time.yyyymmdd] ?? 0, value.index) }
        for index in daily.indices {
            let date = daily[index].yyyymmdd
            daily[index].sun = sun(daily[index].start)
            daily[index].apparentTemperatureLow = apparent[date]?.low
            daily[index].apparentTemperatureHigh = apparent[date]?.high
            daily[index].uvIndexMax = uvMax[date]
        }
    }
}
