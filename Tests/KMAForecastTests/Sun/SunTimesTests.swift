import Foundation
import Testing
@testable import KMAForecast
import _KMATestSupport

@Suite("Sun times on the device: NOAA's equations, KASI's published times")
struct SunTimesTests {
    /// Seconds after local midnight of an event.
    static func seconds(_ time: KSTDateTime?) -> Double? {
        time.map { Double($0.hour * 3600 + $0.minute * 60 + $0.second) }
    }

    /// Every event of `sun` against the plain NOAA reference, in seconds.
    static func noaaDifferences(_ sun: SunTimes, date: Int, latitude: Double, longitude: Double) -> [(String, Double?)] {
        let (y, m, d) = (date / 10_000, date / 100 % 100, date % 100)
        func reference(_ rise: Bool, _ zenith: Double) -> Double? {
            NOAASolarReference.event(rise, zenith: zenith, year: y, month: m, day: d, latitude: latitude, longitude: longitude).map { $0 * 60 }
        }
        let pairs: [(String, KSTDateTime?, Double?)] = [
            ("astronomicalDawn", sun.astronomicalDawn, reference(true, 108)), ("nauticalDawn", sun.nauticalDawn, reference(true, 102)),
            ("civilDawn", sun.civilDawn, reference(true, 96)), ("sunrise", sun.sunrise, reference(true, 90.833)),
            ("solarNoon", sun.solarNoon, NOAASolarReference.solarNoon(year: y, month: m, day: d, longitude: longitude) * 60),
            ("sunset", sun.sunset, reference(false, 90.833)), ("civilDusk", sun.civilDusk, reference(false, 96)),
            ("nauticalDusk", sun.nauticalDusk, reference(false, 102)), ("astronomicalDusk", sun.astronomicalDusk, reference(false, 108)),
        ]
        return pairs.map { name, ours, theirs in
            switch (seconds(ours), theirs) {
            case let (a?, b?): (name, abs(a - b))
            case (nil, nil): (name, 0)
            default: (name, nil)   // one has the event and the other not
            }
        }
    }

    @Test("Within 60 s of NOAA's equations every day of a year, at the grid's corners and centre")
    func everyDayAgainstNOAA() throws {
        let places = [(33.11, 126.27), (37.57, 126.98), (38.61, 128.35), (35.18, 129.08), (37.24, 131.86), (34.0, 125.0)]
        var day = try KSTDateTime(year: 2027, month: 1, day: 1)
        for _ in 0..<365 {
            for (lat, lon) in places {
                let sun = try #require(SunTimes(day: day, latitude: lat, longitude: lon))
                for (name, difference) in Self.noaaDifferences(sun, date: day.yyyymmdd, latitude: lat, longitude: lon) {
                    #expect(difference != nil && difference! <= 60, "\(name) \(day.yyyymmdd) at \(lat), \(lon): \(String(describing: difference)) s")
                }
            }
            day = day.adding(seconds: 86_400)
        }
    }

    /// The rows of `Fixtures/sun/sun_reference.csv` with a coordinate.
    static func referenceRows() throws -> [[String: String]] {
        let lines = try Fixtures.text("sun/sun_reference.csv").split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        return lines.dropFirst().compactMap { line in
            let fields = Self.csvFields(line)
            var row: [String: String] = [:]
            for (index, name) in header.prefix(15).enumerated() where index < fields.count { row[name] = fields[index] }
            guard !(row["lat"] ?? "").isEmpty else { return nil }
            row["kind"] = fields.count > 15 ? fields[15] : nil
            return row
        }
    }

    /// The fields of one CSV line (RFC 4180 quotes; the file has no line breaks in fields).
    static func csvFields(_ line: String) -> [String] {
        var fields: [String] = [], field = "", quoted = false
        var characters = Array(line)[...]
        while let c = characters.popFirst() {
            if quoted {
                if c == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(c)
            }
        }
        return fields + [field]
    }

    @Test("Within a minute of KASI's published times (all nine events) and of NOAA's calculator rows")
    func referenceRowsAgree() throws {
        let rows = try Self.referenceRows()
        #expect(rows.filter { $0["kind"] == "KASI-API" }.count == 4)
        #expect(rows.filter { $0["kind"] == "NOAA-calc" }.count == 8)
        let columns = [("sunrise", \SunTimes.sunrise), ("solar_noon", \SunTimes.solarNoon), ("sunset", \SunTimes.sunset),
                       ("civil_dawn", \SunTimes.civilDawn), ("civil_dusk", \SunTimes.civilDusk),
                       ("nautical_dawn", \SunTimes.nauticalDawn), ("nautical_dusk", \SunTimes.nauticalDusk),
                       ("astro_dawn", \SunTimes.astronomicalDawn), ("astro_dusk", \SunTimes.astronomicalDusk)]
        var checked = 0
        for row in rows {
            let lat = try #require(Double(row["lat"] ?? "")), lon = try #require(Double(row["lon"] ?? ""))
            let date = try #require(Int((row["date"] ?? "").filter(\.isNumber)))
            let sun = try #require(SunTimes(date: date, latitude: lat, longitude: lon))
            for (column, path) in columns {
                guard let text = row[column], !text.isEmpty else { continue }
                let parts = text.split(separator: ":").compactMap { Int($0) }
                let published = Double(parts[0] * 3600 + parts[1] * 60 + (parts.count > 2 ? parts[2] : 0))
                let ours = try #require(Self.seconds(sun[keyPath: path]), "\(column) \(date)")
                // Minute-precision rows (HH:MM) are KASI's times truncated or rounded: within a minute either way.
                let tolerance = parts.count > 2 ? 60.0 : 90.0
                #expect(abs(ours - published) <= tolerance, "\(row["place"] ?? "") \(date) \(column): ours \(ours) s, published \(published) s")
                checked += 1
            }
        }
        #expect(checked == 4 * 9 + 8 * 3)
    }

    @Test("The sun's elevation agrees with the events; polar days and nights have no sunrise")
    func elevationAndPolar() throws {
        let sun = try #require(SunTimes(date: 20261003, latitude: 37.566666, longitude: 126.983333))
        let rise = try #require(sun.sunrise), set = try #require(sun.sunset)
        #expect(SunTimes.isSunUp(at: rise.adding(seconds: 30), latitude: 37.566666, longitude: 126.983333))
        #expect(!SunTimes.isSunUp(at: rise.adding(seconds: -30), latitude: 37.566666, longitude: 126.983333))
        #expect(!SunTimes.isSunUp(at: set.adding(seconds: 30), latitude: 37.566666, longitude: 126.983333))
        #expect(sun.isDaylight(at: rise) == true && sun.isDaylight(at: set) == false)
        let polarNight = try #require(SunTimes(date: 20261221, latitude: 80, longitude: 127))
        let polarNoon = try KSTDateTime(year: 2026, month: 12, day: 21, hour: 12)
        #expect(polarNight.sunrise == nil && polarNight.sunset == nil && polarNight.isDaylight(at: polarNoon) == nil)
        #expect(polarNight.solarNoon != nil)
        let midsummer = try #require(SunTimes(date: 20260621, latitude: 60, longitude: 127))
        #expect(midsummer.sunrise != nil && midsummer.astronomicalDawn == nil && midsummer.astronomicalDusk == nil)
        #expect(SunTimes(date: 20260230, latitude: 37, longitude: 127) == nil)
        #expect(SunTimes(date: 20260101, latitude: 91, longitude: 127) == nil)
    }

    @Test("JSON: ISO 8601 with +09:00, absent events left out, decodes equal")
    func codable() throws {
        let sun = try #require(SunTimes(date: 20260621, latitude: 60, longitude: 127))
        let data = try JSONEncoder().encode(sun)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"sunrise\":\"2026-06-21T") && text.contains("+09:00\"") && !text.contains("astronomicalDawn"))
        #expect(try JSONDecoder().decode(SunTimes.self, from: data) == sun)
    }
}
