import KMAForecast
import Testing

@Suite("WeatherCondition: precipitation type over sky")
struct WeatherConditionTests {
    @Test("Something falling wins over the sky; a dry hour is its sky", arguments: [
        (PrecipitationType?.some(.rain), SkyCondition?.some(.clear), WeatherCondition?.some(.rain)),
        (.shower, .overcast, .shower),
        (.snowFlurries, nil, .snowFlurries),
        (.noPrecipitation, .mostlyCloudy, .mostlyCloudy),
        (nil, .overcast, .overcast),
        (.noPrecipitation, nil, nil),
        (nil, nil, nil),
    ])
    func rule(_ type: PrecipitationType?, _ sky: SkyCondition?, _ expected: WeatherCondition?) {
        #expect(WeatherCondition(precipitationType: type, sky: sky) == expected)
    }

    @Test("Names in Korean and English, as KMA writes them")
    func names() {
        #expect(WeatherCondition.clear.koreanName == "맑음" && WeatherCondition.clear.englishName == "clear")
        #expect(WeatherCondition.mostlyCloudy.koreanName == "구름많음")
        #expect(WeatherCondition.overcast.name(in: .ko) == "흐림")
        #expect(WeatherCondition.rainAndSnow.koreanName == "비/눈")
        #expect(WeatherCondition.drizzleAndSnowFlurries.name(in: .en) == "drizzle and snow flurries")
        for condition in WeatherCondition.allCases {
            #expect(condition.isPrecipitation == (condition.precipitationType != nil))
        }
    }

    @Test("A row's condition reads its PTY and SKY")
    func row() throws {
        var row = try ForecastRow(nx: 60, ny: 127, forecastDate: 20261121, forecastTime: 600, base: try ForecastBase(baseDate: "20261121", baseTime: "0500"))
        row[ForecastCategory("SKY")] = "4"
        row[ForecastCategory("PTY")] = "0"
        #expect(row.condition == .overcast)
        row[ForecastCategory("PTY")] = "1"
        #expect(row.condition == .rain)
        row[ForecastCategory("PTY")] = "9"   // not a documented code: the sky
        #expect(row.condition == .overcast)
    }
}
