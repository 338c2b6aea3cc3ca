import KMAForecast
import Testing

@Suite("ForecastCondition: precipitation type over sky")
struct ForecastConditionTests {
    @Test("Something falling wins over the sky; a dry hour is its sky", arguments: [
        (PrecipitationType?.some(.rain), SkyCondition?.some(.clear), ForecastCondition?.some(.rain)),
        (.shower, .overcast, .shower),
        (.snowFlurries, nil, .snowFlurries),
        (.noPrecipitation, .mostlyCloudy, .mostlyCloudy),
        (nil, .overcast, .overcast),
        (.noPrecipitation, nil, nil),
        (nil, nil, nil),
    ])
    func rule(_ type: PrecipitationType?, _ sky: SkyCondition?, _ expected: ForecastCondition?) {
        #expect(ForecastCondition(precipitationType: type, sky: sky) == expected)
    }

    @Test("Names in Korean and English, as KMA writes them")
    func names() {
        #expect(ForecastCondition.clear.koreanName == "맑음" && ForecastCondition.clear.englishName == "clear")
        #expect(ForecastCondition.mostlyCloudy.koreanName == "구름많음")
        #expect(ForecastCondition.overcast.name(in: .ko) == "흐림")
        #expect(ForecastCondition.rainAndSnow.koreanName == "비/눈")
        #expect(ForecastCondition.drizzleAndSnowFlurries.name(in: .en) == "drizzle and snow flurries")
        for condition in ForecastCondition.allCases {
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
