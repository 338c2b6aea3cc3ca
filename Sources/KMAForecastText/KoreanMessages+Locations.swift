extension KoreanMessages {
    /// The Korean of a location that names no place (`LocationInputError.koreanDescription`,
    /// KMAForecastClient), keyed by the error's case; `{}` filled in order with what was given.
    static let locations: [String: String] = [
        "locationEmpty": "위치가 없습니다: 위도와 경도 ('37.56,126.97') 또는 지역 이름 ('서울 종로구', 'Busan')을 주세요",
        "locationNotNumber": "'{}'은(는) 수가 아닙니다 ({})",
        "locationNotWhole": "'{}'은(는) 정수가 아닙니다 ({})",
        "locationInvalidValue": "'{}' 값은 {}에 쓸 수 없습니다: {}이(가) 필요합니다",
        "locationDecimalPoint": "; 소수점을 쓰세요: '{}'",
        "locationLoneNumber": "'{}'은(는) 수 하나입니다. 위도와 경도를 주세요, 예: '37.56,126.97'",
        "locationDecimalCommas": "'{}'은(는) 위도,경도 쌍이 아닙니다. 소수점을 쓰세요: '{}'",
        "locationSwapped": "위도와 경도가 바뀌었나요? 위도 {}, 경도 {}이면 격자 안입니다 (nx {}, ny {}).",
        "locationCellOutside": "{} {}은(는) {} 밖입니다",
        "locationCellInvalid": "'{}' 값은 {}에 쓸 수 없습니다: {}은(는) {} 범위여야 합니다",
        "gridLatitude": "위도 {}은(는) -90...90 (북위) 밖입니다.",
        "gridLatitudeNaN": "위도가 수가 아닙니다. -90...90 범위의 북위를 주세요.",
        "gridLongitude": "경도 {}은(는) -180...180 (동경) 밖입니다.",
        "gridLongitudeNaN": "경도가 수가 아닙니다. -180...180 범위의 동경을 주세요.",
        "gridOutside": "지점 {}, {}은(는) 기상청 예보 격자 밖입니다{}. 격자는 nx 1...149, ny 1...253: 한반도와 주변 바다, 대략 북위 32...43°, 동경 123...133°입니다.",
        "gridProjection": "격자 위치 x {}, y {}에 맞는 위도·경도가 없습니다.",
        "placeNoName": "지역 이름이 없습니다. '서울', '종로구', '서울 종로구 청운효자동' 같은 한국어 지역 이름을 주세요",
        "placeNotFound": "기상청 격자 표에 '{}'와(과) 맞는 지역이 없습니다. 표에 있는 한국어 지역 이름을 주세요, 예: '서울', '종로구', '서울 종로구 청운효자동' (시·도는 영어로도 됩니다: 'Busan', 'Gyeonggi-do', 'Suwon-si')",
        "placeDidYouMean": "기상청 격자 표에 '{}'와(과) 맞는 지역이 없습니다. 혹시 {}을(를) 찾으셨나요?",
        "placeAmbiguous": "'{}'와(과) 맞는 지역이 {}곳입니다. 이름을 더 주세요{}:",
        "placeMore": "… 외 {}곳",
    ]
}
