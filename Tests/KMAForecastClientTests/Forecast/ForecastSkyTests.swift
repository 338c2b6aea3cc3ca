import Foundation
@testable import KMAForecast
@testable import KMAForecastClient
import KMAGrid
import KMAPlaces
import Testing
import _KMATestSupport

/// KMA's 체감온도 rule and Magnus, written plainly (Fixtures/apparent/SOURCES.md).
private enum Plain {
    static func summer(_ ta: Double, _ rh: Double) -> Double {
        let tw = ta * atan(0.151977 * pow(rh + 8.313659, 0.5)) + atan(ta + rh) - atan(rh - 1.67633)
            + 0.00391838 * pow(rh, 1.5) * atan(0.023101 * rh) - 4.686035
        return -0.2442 + 0.55399 * tw + 0.45535 * ta - 0.0022 * tw * tw + 0.00278 * tw * ta + 3.0
    }

    /// `nil` where an input the season needs is missing.
    static func apparent(month: Int, t: Double, rh: Double?, wsd: Double?) -> Double? {
        if month >= 5 && month <= 9 { return rh.map { summer(t, $0) } }
        if t > 10 { return t }
        guard let wsd else { return nil }
        if wsd < 1.3 { return t }
        let v = 3.6 * wsd
        return 13.12 + 0.6215 * t - 11.37 * pow(v, 0.16) + 0.3965 * pow(v, 0.16) * t
    }

    static func magnus(_ t: Double, _ rh: Double) -> Double {
        let g = log(rh / 100) + 17.625 * t / (243.04 + t)
        return 243.04 * g / (17.625 - g)
    }
}

/// A short-term run built to KMA's layout (``ExtendedDayRun``) with temperature, humidity and
/// wind varied slot by slot, so that both seasons' branches are met: `TMP` from `low` up 22 °C,
/// `REH` 20…100 %, `WSD` 0…4.8 m/s (crossing 1.3).
private func variedRun(base: ForecastBase, nx: Int, ny: Int, low: Int) -> RecordedRun {
    var slot = -1
    var lastTime = ""
    let objects = ExtendedDayRun.items(base: base, nx: nx, ny: ny).map { item -> [UInt8] in
        let time = "\(item.forecastDate)\(item.forecastTime)"
        if time != lastTime { slot += 1; lastTime = time }
        var value = item.value
        switch item.category.code {
        case "TMP": value = String(low + (slot * 7) % 23)
        case "REH": value = String(20 + (slot * 13) % 81)
        case "WSD" where !ForecastProduct.shortTerm.isExtendedDay(base: base, forecastDate: item.forecastDate):
            value = String(Double((slot * 5) % 9) * 0.6)
        default: break
        }
        return Array((#"{"baseDate":"\#(item.base.baseDate)","baseTime":"\#(item.base.baseTime)","category":"\#(item.category.code)","#
            + #""fcstDate":"\#(item.forecastDateString)","fcstTime":"\#(item.forecastTimeString)","fcstValue":"\#(value)","nx":\#(nx),"ny":\#(ny)}"#).utf8)
    }
    return RecordedRun(operation: ForecastProduct.shortTerm.operation, baseDate: base.baseDate, baseTime: base.baseTime, nx: nx, ny: ny, items: objects)
}

@Suite("Feels-like, dew point, sun and UV in the one forecast", .removingTemporaryDirectories)
struct ForecastSkyTests {
    /// The forecast at a place of the table, its short-term run at `base`, asked 20 minutes after.
    static func forecast(place name: String, base: ForecastBase, low: Int, uv: (time: String, values: [Int])? = nil,
                         refuseUV: Bool = false) async throws -> (LocalForecast, Place, ReplayServer) {
        let place = try PlaceDirectory.kma.place(named: name)
        let server = try ReplayServer(runs: [variedRun(base: base, nx: place.cell.nx, ny: place.cell.ny, low: low)], expectedKey: testKey)
        if let uv { server.addUVIndex(areaNo: place.regionCode, time: uv.time, body: UVIndexAnswer.body(areaNo: place.regionCode, time: uv.time, values: uv.values)) }
        if refuseUV {
            server.inject(.status(403, body: "Forbidden", contentType: "text/plain", headers: [:]), times: 100, when: ReplayMatch(operation: "getUVIdxV5"))
        }
        let clock = TestClock(base.dateTime.adding(seconds: 20 * 60).date)
        let forecast = try await makeClient(server, clock: clock).forecast(for: .place(name), products: [.shortTerm], uvIndex: uv != nil || refuseUV)
        return (forecast, place, server)
    }

    static func checkEveryHour(_ forecast: LocalForecast, place: Place) throws {
        #expect(forecast.hourly.count > 40)
        var withApparent = 0
        for hour in forecast.hourly {
            let t = try #require(hour.temperatureCelsius)
            let expected = Plain.apparent(month: hour.time.month, t: t, rh: hour.number(.reh), wsd: hour.number(.wsd))
            if let expected {
                let ours = try #require(hour.apparentTemperatureCelsius, "\(hour.time)")
                #expect(abs(ours - expected) <= 0.1, "\(hour.time): \(ours) vs \(expected)")
                withApparent += 1
            } else {
                #expect(hour.apparentTemperatureCelsius == nil)
            }
            let rh = try #require(hour.number(.reh))
            #expect(abs(try #require(hour.dewPointCelsius) - Plain.magnus(t, rh)) <= 0.3)
            // isDaylight at the hour's own instant, from the day's sunrise (included) to sunset (excluded).
            // The day's sun; an hour past the last day (the run's last 00:00 slot is no day) by its date's.
            let point = try #require(place.coordinate)
            let day = try #require(forecast.daily.first { $0.yyyymmdd == hour.time.yyyymmdd }?.sun
                ?? SunTimes(day: hour.time, latitude: point.latitude, longitude: point.longitude))
            let rise = try #require(day.sunrise), set = try #require(day.sunset)
            #expect(hour.isDaylight == (rise <= hour.time && hour.time < set), "\(hour.time)")
        }
        #expect(withApparent > 40)
        // Every day's sun within 60 s of the plain NOAA reference at the place's point.
        let point = try #require(place.coordinate)
        #expect(forecast.sunCoordinate == point)
        for day in forecast.daily {
            let sun = try #require(day.sun)
            let (y, m, d) = (day.yyyymmdd / 10_000, day.yyyymmdd / 100 % 100, day.yyyymmdd % 100)
            let checks: [(KSTDateTime?, Double?)] = [
                (sun.sunrise, NOAASolarReference.event(true, zenith: 90.833, year: y, month: m, day: d, latitude: point.latitude, longitude: point.longitude)),
                (sun.sunset, NOAASolarReference.event(false, zenith: 90.833, year: y, month: m, day: d, latitude: point.latitude, longitude: point.longitude)),
                (sun.civilDawn, NOAASolarReference.event(true, zenith: 96, year: y, month: m, day: d, latitude: point.latitude, longitude: point.longitude)),
                (sun.astronomicalDusk, NOAASolarReference.event(false, zenith: 108, year: y, month: m, day: d, latitude: point.latitude, longitude: point.longitude)),
                (sun.solarNoon, NOAASolarReference.solarNoon(year: y, month: m, day: d, longitude: point.longitude)),
            ]
            for (ours, minutes) in checks {
                let at = try #require(ours), reference = try #require(minutes)
                #expect(abs(Double(at.hour * 3600 + at.minute * 60 + at.second) - reference * 60) <= 60, "\(day.isoDate)")
            }
            // The day's 체감온도 extremes are over its hours.
            let values = forecast.hourly.filter { $0.time.yyyymmdd == day.yyyymmdd }.compactMap(\.apparentTemperatureCelsius)
            if let low = day.apparentTemperatureLow, let high = day.apparentTemperatureHigh {
                #expect(low <= high && values.allSatisfy { $0 >= low && $0 <= high })
            }
        }
        // Stored and read back equal, with the new keys in the JSON.
        let data = try JSONEncoder().encode(forecast)
        #expect(try JSONDecoder().decode(LocalForecast.self, from: data) == forecast)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"apparentTemperature\":") && text.contains("\"dewPoint\":") && text.contains("\"isDaylight\":"))
        #expect(text.contains("\"sun\":{") && text.contains("\"astronomicalDawn\":\"") && text.contains("\"sunrise\":\"") && text.contains("+09:00"))
    }

    @Test("July: every hour's 체감온도 is the summer formula, dew point Magnus, daylight by the day's sun")
    func july() async throws {
        let base = try ForecastBase(baseDate: "20270714", baseTime: "0500")
        let (forecast, place, server) = try await Self.forecast(place: "부산 해운대구", base: base, low: 18)
        defer { server.stop() }
        try Self.checkEveryHour(forecast, place: place)
        #expect(forecast.uv == nil && forecast.hourly.allSatisfy { $0.uvIndex == nil })
        #expect(!server.requests.contains { $0.operation == "getUVIdxV5" })
    }

    @Test("November: wind chill at 10 °C or less with 1.3 m/s or more, else the air temperature")
    func november() async throws {
        let base = try ForecastBase(baseDate: "20271122", baseTime: "1700")
        let (forecast, place, server) = try await Self.forecast(place: "강원 철원군", base: base, low: -9)
        defer { server.stop() }
        try Self.checkEveryHour(forecast, place: place)
        let chilled = forecast.hourly.filter { ($0.apparentTemperatureCelsius ?? 99) < ($0.temperatureCelsius ?? 0) }
        let air = forecast.hourly.filter { $0.apparentTemperatureCelsius == $0.temperatureCelsius }
        #expect(chilled.count > 5 && air.count > 5)
    }

    @Test("UV index on exactly the hours the service names (issue time + hN), the day's highest, WHO's words")
    func uvIndex() async throws {
        let base = try ForecastBase(baseDate: "20270605", baseTime: "1400")
        // Asked at 14:20: the newest issue time is 12:00 (every 3 hours), 15:00 not yet.
        let values = [8, 6, 2, 0, 0, 0, 0, 3, 9, 7, 2, 0, 0, 0, 0, 4, 11, 5, 1, 0]
        let (forecast, place, server) = try await Self.forecast(place: "대구 중구", base: base, low: 15, uv: ("2027060512", values))
        defer { server.stop() }
        let uv = try #require(forecast.uv)
        #expect(uv.status == .delivered && uv.area?.areaNo == place.regionCode && uv.area?.isApproximate == false)
        #expect(uv.issuedAt == (try KSTDateTime(year: 2027, month: 6, day: 5, hour: 12)))
        let issued = try #require(uv.issuedAt)
        var named: [KSTDateTime: Int] = [:]
        for (n, value) in values.enumerated() { named[issued.adding(seconds: Int64(n) * 3 * 3600)] = value }
        var onHours = 0
        for hour in forecast.hourly {
            #expect(hour.uvIndex == named[hour.time], "\(hour.time)")
            if hour.uvIndex != nil { onHours += 1 }
        }
        #expect(onHours >= 15)
        #expect(forecast.daily.first { $0.yyyymmdd == 20270606 }?.uvIndexMax == 9)
        #expect(forecast.daily.first { $0.yyyymmdd == 20270607 }?.uvIndexCategory == .extreme)
        let asked = server.requests.filter { $0.operation == "getUVIdxV5" }
        #expect(asked.map { $0.parameters["time"] ?? "" } == ["2027060512"])
        #expect(asked.allSatisfy { $0.parameters["areaNo"] == place.regionCode && $0.path.hasSuffix("/1360000/LivingWthrIdxServiceV5/getUVIdxV5") })
        let text = String(decoding: try JSONEncoder().encode(forecast), as: UTF8.self)
        #expect(text.contains("\"uvIndex\":9") && text.contains("\"uv\":{") && text.contains("\"status\":\"delivered\"") && !text.contains(testKey))
        #expect(try JSONDecoder().decode(LocalForecast.self, from: try JSONEncoder().encode(forecast)) == forecast)
    }

    @Test("A coordinate's UV area is the nearest place's, said so; a refused service is one failure with the next step, never the forecast's")
    func refusedAndApproximate() async throws {
        let base = try ForecastBase(baseDate: "20271010", baseTime: "0500")
        let (forecast, _, server) = try await Self.forecast(place: "서울 종로구", base: base, low: 5, refuseUV: true)
        defer { server.stop() }
        let uv = try #require(forecast.uv)
        #expect(uv.status == .failed && uv.isNotAppliedFor && forecast.outcome(.shortTerm)?.status == .delivered)
        #expect(forecast.failures.filter { $0.service == .uvIndex }.count == 1)
        #expect(uv.failure?.message.contains("활용신청") == true && uv.failure?.message.contains("LivingWthrIdxServiceV5") == true)
        #expect(!forecast.hourly.isEmpty && forecast.hourly.allSatisfy { $0.uvIndex == nil })
        // A coordinate: the nearest row of the table, marked approximate.
        let area = try #require(UVIndexArea(.coordinate(GeoCoordinate(latitude: 37.5735, longitude: 126.9790))))
        #expect(area.isApproximate && area.areaNo.count == 10 && area.placeName.hasPrefix("서울특별시"))
        #expect(UVIndexArea(.place("서울 종로구"))?.areaNo == "1111000000")
    }
}
