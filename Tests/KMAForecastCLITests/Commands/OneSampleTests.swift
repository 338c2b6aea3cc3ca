import Foundation
import Testing
import KMAForecast
import KMAForecastClient
import KMAGrid

/// Issue 35's "one sample, the same in every view": the sample of every face is the library's
/// `LocalForecast.sample`, an unrecorded place is refused, the text view and the CSV carry every
/// hourly value and the sun, Korean messages have no English inside, CSV can carry a BOM.
@Suite("One sample, the same in every view")
struct OneSampleTests {
    @Test("--demo --place for a place with nothing recorded is refused in English and in Korean; the sample's own place is shown")
    func demoUnrecordedPlace() async throws {
        let refused = await runTool(["--demo", "--place", "서울 종로구"])
        #expect(refused.status == 1 && refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr.contains("Nothing is recorded for 서울특별시 종로구"), "\(refused.stderr)")
        #expect(refused.stderr.contains("경기도 수원시 권선구 (nx 60, ny 120)"))
        let korean = await runTool(["--demo", "--place", "서울 종로구", "--format", "json", "--lang", "ko"])
        #expect(korean.status == 1 && korean.stderr.contains("기록된 자료가 없습니다") && !korean.stderr.contains("Nothing"), "\(korean.stderr)")
        let own = await runTool(["--demo", "--place", "수원시 권선구", "--format", "json"])
        #expect(own.status == 0, "\(own.stderr)")
        let alerts = await runTool(["alerts", "--demo", "--place", "부산 해운대구"])
        #expect(alerts.status == 1 && alerts.stderr.contains("Nothing is recorded for"), "\(alerts.stderr)")
    }

    @Test("--demo --format json and alerts --demo --format json are the library's sample, byte for byte")
    func sameSampleEverywhere() async throws {
        let json = await runTool(["--demo", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout == (try JSONTextEncoder.encode(LocalForecast.sample)) + "\n")
        let alerts = await runTool(["alerts", "--demo", "--format", "json"])
        #expect(alerts.status == 0, "\(alerts.stderr)")
        let expected = try JSONTextEncoder.encode(try ZoneWarnings.sample(at: nil))
        #expect(alerts.stdout.trimmingCharacters(in: .newlines) == expected)
        // Its zone is the sample's place's: 수원, not a zone of another place.
        #expect(alerts.stdout.contains("\"L1011900\"") && !alerts.stdout.contains("L1091340"))
        let text = await runTool(["alerts", "--demo"])
        #expect(text.stdout.contains("warning zone 수원시 (L1011900)") && text.stdout.contains("Sample: recorded warnings replayed at"), "\(text.stdout)")
    }

    @Test("The text view says the hour's day's sunrise and sunset")
    func textViewSun() async throws {
        let result = await runTool(["--demo"], environment: ["COLUMNS": "80"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Sun 11-20: sunrise 07:15, sunset 17:19"), "\(result.stdout)")
        let korean = await runTool(["--demo", "--lang", "ko"], environment: ["COLUMNS": "80"])
        #expect(korean.stdout.contains("해돋이 07:15, 해넘이 17:19"), "\(korean.stdout)")
    }

    @Test("Every hourly value the JSON has is a CSV column (its own name, or the KMA categories it is read from)")
    func csvHasEveryHourlyValue() async throws {
        let json = await runTool(["--demo", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let hourly = try #require(object["hourly"] as? [[String: Any]])
        let keys = Set(hourly.flatMap(\.keys))
        let csv = await runTool(["--demo", "--format", "csv"])
        let header = Set(try #require(csv.stdout.split(separator: "\n").first).split(separator: ",").map(String.init))
        // A key made of KMA's categories is in the CSV as those categories.
        let readFrom: [String: [String]] = [
            "time": ["fcstDate", "fcstTime"], "sources": ["product", "baseDate", "baseTime"], "condition": ["SKY", "PTY"], "temperature": ["TMP"],
            "precipitationChance": ["POP"], "humidity": ["REH"], "windSpeed": ["WSD"], "windDirection": ["VEC"], "windStrength": ["WSD"],
            "sky": ["SKY"], "precipitationType": ["PTY"], "precipitationAmount": ["PCP"], "rainIntensity": ["PCP"], "snowfallAmount": ["SNO"],
            "snowIntensity": ["SNO"], "waveHeight": ["WAV"], "lightning": ["LGT"],
        ]
        #expect(keys.contains("apparentTemperature") && keys.contains("dewPoint") && keys.contains("isDaylight"))
        for key in keys {
            let columns = readFrom[key] ?? [key]
            #expect(columns.allSatisfy(header.contains), "JSON's hourly \(key) has no CSV column (\(columns))")
        }
        // The days carry their sun.
        let daily = csv.stdout.split(separator: "\n").filter { $0.hasPrefix("daily,") }
        #expect(daily.count == 3 && daily[0].contains("2022-11-20T07:15") && daily[0].contains("2022-11-20T17:19"), "\(daily)")
        let days = await runTool(["--demo", "--days", "3", "--format", "csv"])
        #expect(days.stdout.hasPrefix("date,low,high,am_sky,am_pty,am_pop,pm_sky,pm_pty,pm_pop,source,sunrise,sunset,uvIndexMax\n"), "\(days.stdout)")
    }

    @Test("--bom: a CSV starts with the UTF-8 byte order mark; without --format csv it is a usage error")
    func byteOrderMark() async throws {
        let marked = await runTool(["--demo", "--format", "csv", "--bom"])
        #expect(marked.status == 0)
        #expect(Array(marked.stdout.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF] && marked.stdout.dropFirst().hasPrefix("product,"))
        let plain = await runTool(["--demo", "--format", "csv"])
        #expect(plain.stdout.hasPrefix("product,"))
        let parse = await runTool(["grid", "--input", "-", "--format", "csv", "--bom"], stdin: "37.56,126.97\n")
        #expect(parse.status == 0 && Array(parse.stdout.utf8.prefix(3)) == [0xEF, 0xBB, 0xBF], "\(parse.stderr)")
        let cells = await runTool(["grid", "--input", "-", "--bom"], stdin: "37.56,126.97\n")
        #expect(cells.status == 0 && cells.stdout.hasPrefix("\u{FEFF}lat,lon,nx,ny"), "\(cells.stdout)")
        let text = await runTool(["--demo", "--bom"])
        #expect(text.status == 64 && text.stderr.contains("'--bom'"), "\(text.stderr)")
    }

    @Test("Korean messages have no English inside: a choice, swapped coordinates, the key")
    func koreanWithoutEnglish() async throws {
        let units = await runTool(["--demo", "--units", "kelvin", "--lang", "ko"])
        #expect(units.status == 64 && units.stderr.contains("'metric' 또는 'imperial'") && !units.stderr.contains(" or "), "\(units.stderr)")
        let swapped = await runTool(["--lat", "126.97", "--lon", "37.56", "--lang", "ko"])
        #expect(swapped.status == 64, "\(swapped.stderr)")
        #expect(swapped.stderr.contains("위도와 경도가 바뀌었나요? 위도 37.56, 경도 126.97"), "\(swapped.stderr)")
        #expect(!swapped.stderr.contains("swapped") && !swapped.stderr.contains("Latitude"), "\(swapped.stderr)")
        let key = await runTool(["--place", "부산", "--format", "json", "--lang", "ko"])
        #expect(key.stderr.contains("기상청 서비스 키가 없습니다") && !key.stderr.contains("KMA 서비스"), "\(key.stderr)")
    }

    @Test("A transposed option name suggests the option it swaps: --lnag → --lang")
    func transposedOption() async throws {
        let result = await runTool(["--demo", "--lnag", "ko"])
        #expect(result.status == 64 && result.stderr.contains("Did you mean '--lang'?"), "\(result.stderr)")
        let korean = await runTool(["alerts", "--plcae", "부산", "--lang", "ko"])
        #expect(korean.stderr.contains("'--place'"), "\(korean.stderr)")
    }
}
