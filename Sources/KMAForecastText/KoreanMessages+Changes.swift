/// The words of a forecast's changes (`ForecastChange`, KMAForecastClient), in English and in
/// Korean, keyed by the change's case (`precipitationStarts`, `warningReleased` …) and, where it
/// reads differently, its basis (`precipitationStarts.observed`). Each template's `{}` are filled
/// in order: the place, then what the case holds (a time, a type, a value, a warning's title and
/// zone). A test walks every case in both languages.
extension KoreanMessages {
    /// The change's sentence in `language` (`en` or `ko`) for `key` filled in order with
    /// `values`; the key itself when the table has no such entry (a test makes sure every case has one).
    package static func change(_ key: String, korean: Bool, _ values: [String]) -> String {
        guard let template = (korean ? changesKorean : changesEnglish)[key] else { return key }
        return fill(template, values)
    }

    /// English: `{}` place, then the case's values.
    package static let changesEnglish: [String: String] = [
        "precipitationStarts.observed": "{}: {} observed at {} (nowcast, observed hourly).",
        "precipitationStarts": "{}: {} is forecast to start in the hour from {} ({}).",
        "precipitationStops.observed": "{}: no more {} observed at {} (nowcast, observed hourly).",
        "precipitationStops": "{}: {} is forecast to stop in the hour from {} ({}).",
        "precipitationTypeChanged.observed": "{}: {} turned to {} by {} (nowcast, observed hourly).",
        "precipitationTypeChanged": "{}: {} is now forecast to turn to {} in the hour from {} ({}).",
        "highRevised": "{}: the high for {} is now {} °C (was {} °C; short-term forecast).",
        "lowRevised": "{}: the low for {} is now {} °C (was {} °C; short-term forecast).",
        "precipitationChanceRising": "{}: the chance of rain for {} rose to {} % (was {} %; short-term forecast).",
        "precipitationChanceFalling": "{}: the chance of rain for {} fell to {} % (was {} %; short-term forecast).",
        "warningIssued": "{}: {} in force for {} from {}.",
        "warningUpcoming": "{}: {} issued for {}, to take effect at {}.",
        "warningUpcomingCancelled": "{}: the {} announced for {} from {} was withdrawn before it took effect.",
        "warningUpgraded": "{}: {} for {} raised to {} from {}.",
        "warningDowngraded": "{}: {} for {} lowered to {} from {}.",
        "warningKindChanged": "{}: {} for {} replaced by {} from {}.",
        "warningModified": "{}: {} for {} extended or modified (bulletin of {}).",
        "warningModified.ending": "{}: {} for {} is to be released at {}.",
        "warningReleased": "{}: {} for {} released at {}.",
        "basis.ultraShortForecast": "ultra-short forecast, hourly",
        "basis.shortTermForecast": "short-term forecast, hourly",
    ]

    /// Korean: `{}` place, then the case's values, in the English order.
    package static let changesKorean: [String: String] = [
        "precipitationStarts.observed": "{}: {} 관측, 관측 시각 {} (초단기실황, 매시 관측).",
        "precipitationStarts": "{}: {}이(가) {}부터 한 시간 사이에 시작될 것으로 예보 ({}).",
        "precipitationStops.observed": "{}: {}이(가) 더는 관측되지 않음, 관측 시각 {} (초단기실황, 매시 관측).",
        "precipitationStops": "{}: {}이(가) {}부터 한 시간 사이에 그칠 것으로 예보 ({}).",
        "precipitationTypeChanged.observed": "{}: {}이(가) {}(으)로 바뀜, 관측 시각 {} (초단기실황, 매시 관측).",
        "precipitationTypeChanged": "{}: {}이(가) {}(으)로 바뀔 것으로 예보, {}부터 한 시간 사이 ({}).",
        "highRevised": "{}: {} 최고기온이 {} °C로 바뀜 (전에는 {} °C, 단기예보).",
        "lowRevised": "{}: {} 최저기온이 {} °C로 바뀜 (전에는 {} °C, 단기예보).",
        "precipitationChanceRising": "{}: {} 강수확률이 {} %로 올라감 (전에는 {} %, 단기예보).",
        "precipitationChanceFalling": "{}: {} 강수확률이 {} %로 내려감 (전에는 {} %, 단기예보).",
        "warningIssued": "{}: {} 발효, {}, {}부터.",
        "warningUpcoming": "{}: {} 발표, {}, {}부터 발효 예정.",
        "warningUpcomingCancelled": "{}: 발효 예정이던 {} ({}, {}부터)이(가) 발효 전에 취소됨.",
        "warningUpgraded": "{}: {} ({})이(가) {}(으)로 격상, {}부터.",
        "warningDowngraded": "{}: {} ({})이(가) {}(으)로 하향, {}부터.",
        "warningKindChanged": "{}: {} ({})이(가) {}(으)로 변경, {}부터.",
        "warningModified": "{}: {} ({}) 연장 또는 변경 ({} 발표).",
        "warningModified.ending": "{}: {} ({}) {}에 해제 예정.",
        "warningReleased": "{}: {} ({}) 해제, {}.",
        "basis.ultraShortForecast": "초단기예보, 시간 단위",
        "basis.shortTermForecast": "단기예보, 시간 단위",
        "stateFile": "감시 상태 파일 '{}'을(를) 쓸 수 없습니다: {}. 기준부터 다시 시작하려면 파일을 옮기거나 (첫 조회에는 아무것도 보내지 않습니다) 다른 --state 파일을 주세요.",
        "stateUnreadable": "열거나 읽을 수 없습니다 ({})",
        "stateNotFile": "일반 파일이 아닙니다",
        "stateTooLarge": "{}바이트보다 큽니다",
        "stateNotState": "감시 상태 (이 버전의 JSON)가 아닙니다",
        "stateVersion": "버전 {}입니다. 이 도구는 버전 1을 읽습니다",
        "stateNotWritten": "쓰지 못했습니다: {}",
    ]
}
