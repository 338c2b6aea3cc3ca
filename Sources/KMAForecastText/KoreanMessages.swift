/// The Korean of the messages a person reads around a forecast (errors, hints, notes), for
/// `--lang ko`: sentences that stand alone are replaced wherever they appear, then the whole
/// message is matched against templates whose `{}` keep what was given (a place, a value, an
/// option) as it was. A message no entry matches stays as it is.
///
/// ```swift
/// KoreanMessages.translate("Unknown option '--bogus'")   // "알 수 없는 옵션 '--bogus'"
/// ```
///
/// An embedded table: add an entry where a new message is written (a test walks the commands
/// with `--lang ko` and finds English left over).
package enum KoreanMessages {
    /// A message in Korean, or as it is when the table has no entry for it.
    package static func translate(_ english: String) -> String {
        var text = english
        for (en, ko) in sentences where text.contains(en) {
            text = text.replacingAll(en, with: ko)
        }
        for (en, ko) in templates {
            if let values = match(text, template: en) { return fill(ko, values) }
        }
        // A message with a suggestion or a list after it: translate the head, keep the rest.
        if let split = text.firstRange(of: "; did you mean ") {
            let head = String(text[..<split.lowerBound])
            let tail = String(text[split.upperBound...])
            return translate(head) + "; 혹시 " + (tail.hasSuffix("?") ? String(tail.dropLast()) + "을(를) 찾으셨나요?" : tail)
        }
        return text
    }

    /// Sentences replaced wherever they appear.
    static let sentences: [(String, String)] = [
        (
            "Get a key: sign in at https://www.data.go.kr, open 기상청_단기예보 조회서비스 (https://www.data.go.kr/data/15084084/openapi.do) and apply for use (활용신청); the key is on your My Page (a new key, or a new 활용신청, can take an hour or more to become active).",
            "키 받기: https://www.data.go.kr 에 로그인해 기상청_단기예보 조회서비스 (https://www.data.go.kr/data/15084084/openapi.do)를 열고 활용신청하세요. 키는 마이페이지에 있습니다 (새 키나 새 활용신청은 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다)."
        ),
        (
            "Then: export KMA_SERVICE_KEY='<your key>' (either form the portal shows), or pass --service-key.",
            "그다음: export KMA_SERVICE_KEY='<키>' (포털에 보이는 두 형식 모두 됩니다) 또는 --service-key 를 주세요."
        ),
        ("No KMA service key is set (KMA_SERVICE_KEY).", "기상청 서비스 키가 없습니다 (KMA_SERVICE_KEY)."),
        ("Many places need one.", "여러 곳의 예보에는 키가 있어야 합니다."),
        (" Did you mean ", " 혹시 다음을 찾으셨나요: "),
        (" (it would be cell nx ", " (격자로는 nx "),
    ]

    /// Whole messages, `{}` for what was given.
    static let templates: [(String, String)] = [
        ("Unknown option '{}'. 혹시 다음을 찾으셨나요: '{}'?", "알 수 없는 옵션 '{}'. 혹시 '{}'을(를) 찾으셨나요?"),
        ("Unknown option '{}'", "알 수 없는 옵션 '{}'"),
        ("Unknown subcommand '{}'. 혹시 다음을 찾으셨나요: '{}'?", "알 수 없는 하위 명령 '{}'. 혹시 '{}'을(를) 찾으셨나요?"),
        ("Unknown subcommand '{}'", "알 수 없는 하위 명령 '{}'"),
        ("The flag '{}' does not take a value (got '{}')", "'{}' 옵션은 값을 받지 않습니다 ('{}'이(가) 주어짐)"),
        ("Missing value for '{}'", "'{}'에 값이 없습니다"),
        ("The value '{}' is invalid for '{}'. Please provide one of {}.", "'{}' 값은 '{}'에 쓸 수 없습니다. 다음 중 하나를 주세요: {}."),
        ("Unexpected argument '{}'", "예상하지 못한 인수 '{}'"),
        ("The value '{}' is invalid for '{}': expected {}, a whole number in {}", "'{}' 값은 '{}'에 쓸 수 없습니다: {}, {} 범위의 정수가 필요합니다"),
        ("The value '{}' is invalid for '{}': the number of hours must be in {}", "'{}' 값은 '{}'에 쓸 수 없습니다: 시간 수는 {} 범위여야 합니다"),
        ("The value '{}' is invalid for '{}': a number of days from today must be in {}", "'{}' 값은 '{}'에 쓸 수 없습니다: 오늘부터의 날 수는 {} 범위여야 합니다"),
        ("The value '{}' is invalid for '{}': {} must be in {}", "'{}' 값은 '{}'에 쓸 수 없습니다: {}은(는) {} 범위여야 합니다"),
        ("The value '{}' is invalid for '{}': expected a latitude in degrees north, -90...90{}", "'{}' 값은 '{}'에 쓸 수 없습니다: 북위 -90...90도의 위도가 필요합니다{}"),
        ("The value '{}' is invalid for '{}': expected a longitude in degrees east, -180...180{}", "'{}' 값은 '{}'에 쓸 수 없습니다: 동경 -180...180도의 경도가 필요합니다{}"),
        ("The value '{}' is invalid for '{}': {}", "'{}' 값은 '{}'에 쓸 수 없습니다: {}"),
        ("Missing expected argument '{}'", "필요한 인수 '{}'이(가) 없습니다"),
        (
            "Missing expected argument: give '--lat <lat> --lon <lon>', '--nx <nx> --ny <ny>' or '--place <name>' (or --demo)",
            "필요한 인수가 없습니다: '--lat <lat> --lon <lon>', '--nx <nx> --ny <ny>' 또는 '--place <name>'을(를) 주세요 (또는 --demo)"
        ),
        ("Missing expected argument: give '--place <name>' or '--lat <lat> --lon <lon>' (or --demo)", "필요한 인수가 없습니다: '--place <name>' 또는 '--lat <lat> --lon <lon>'을(를) 주세요 (또는 --demo)"),
        ("Give only one of '--hours <n>' and '--all'", "'--hours <n>'와 '--all' 중 하나만 주세요"),
        ("Give only one of '--jsonl' and '--exec <command>'", "'--jsonl'와 '--exec <command>' 중 하나만 주세요"),
        ("'{}' chooses the hours of the text view's table; --format {} shows every hour", "'{}'은(는) 텍스트 보기 표의 시간을 고릅니다. --format {}은(는) 모든 시간을 보여 줍니다"),
        (
            "'--at <instant>' asks KMA for another instant; the sample is a recording of one instant. Give a key (KMA_SERVICE_KEY) to use --at, or leave it out",
            "'--at <instant>'는 다른 시각의 예보를 기상청에 묻습니다. 표본은 한 시각의 기록입니다. --at 을 쓰려면 키(KMA_SERVICE_KEY)를 주거나 --at 을 빼세요"
        ),
        ("{} (--format {} shows no sample data; run with --demo to see the bundled sample.)", "{} (--format {}에는 표본 자료가 없습니다. 내장 표본은 --demo 로 보세요.)"),
        ("'--days' shows the daily view of the short-term and mid-term forecasts; '--product' does not apply to it", "'--days'는 단기·중기예보의 일별 보기입니다. '--product'는 함께 쓸 수 없습니다"),
        ("'--days' shows one place; for many places leave out --days (the short-term forecast for each place)", "'--days'는 한 곳만 보여 줍니다. 여러 곳은 --days 를 빼세요 (곳마다 단기예보)"),
        ("'--{}' is for {} of the forecast view; '--days' shows the days only: leave out one of them", "'--{}'은(는) 예보 보기의 {}에 씁니다. '--days'는 날만 보여 주니 둘 중 하나를 빼세요"),
        ("'--format {}' does not apply to '--days': use --format text, json or csv", "'--format {}'은(는) '--days'에 쓸 수 없습니다: --format text, json 또는 csv 를 쓰세요"),
        ("--demo shows one place; give a key to fetch many", "--demo 는 한 곳만 보여 줍니다. 여러 곳을 받으려면 키를 주세요"),
        (
            "Give the places either in '--input <file>' or as '--place', '--lat/--lon' and '--nx/--ny' options, not both",
            "장소는 '--input <file>' 또는 '--place', '--lat/--lon', '--nx/--ny' 옵션 중 한쪽으로만 주세요"
        ),
        (
            "Many places are written as CSV or JSON Lines: use '--format csv' (the default for many places) or '--format jsonl'",
            "여러 곳은 CSV 또는 JSON Lines 로 씁니다: '--format csv' (여러 곳의 기본값) 또는 '--format jsonl'을 쓰세요"
        ),
        ("Give '--{}' and '--{}' the same number of times (got {} and {}): each place is one pair", "'--{}'와 '--{}'를 같은 횟수만큼 주세요 ({}번과 {}번이 주어짐): 한 곳이 한 쌍입니다"),
        ("Give only one of '--lat/--lon', '--nx/--ny' or '--place'", "'--lat/--lon', '--nx/--ny', '--place' 중 하나만 주세요"),
        ("Give only one of '--lat/--lon', '--nx/--ny', '--place' or '--input'", "'--lat/--lon', '--nx/--ny', '--place', '--input' 중 하나만 주세요"),
        (
            "Missing expected argument: give '--lat <lat> --lon <lon>', '--nx <nx> --ny <ny>', '--place <name>' or '--input <file>'",
            "필요한 인수가 없습니다: '--lat <lat> --lon <lon>', '--nx <nx> --ny <ny>', '--place <name>' 또는 '--input <file>'을(를) 주세요"
        ),
        ("Latitude {} is outside -90...90 (degrees north).", "위도 {}은(는) -90...90 (북위) 밖입니다."),
        ("Longitude {} is outside -180...180 (degrees east).", "경도 {}은(는) -180...180 (동경) 밖입니다."),
        (
            "The point {}, {} is outside the KMA forecast grid{}; the grid covers nx 1...149, ny 1...253: the Korean peninsula and nearby seas, about 32...43°N, 123...133°E.",
            "지점 {}, {}은(는) 기상청 예보 격자 밖입니다{}. 격자는 nx 1...149, ny 1...253: 한반도와 주변 바다, 대략 북위 32...43°, 동경 123...133°입니다."
        ),
        ("Nx {} is outside 1...149.", "nx {}은(는) 1...149 밖입니다."),
        ("Ny {} is outside 1...253.", "ny {}은(는) 1...253 밖입니다."),
        (
            "No region in KMA's grid table matches '{}'; give a Korean region name as KMA's table has it, e.g. '서울', '종로구' or '서울 종로구 청운효자동' (a province or city may also be given in English: 'Busan', 'Gyeonggi-do', 'Suwon-si')",
            "기상청 격자 표에 '{}'와(과) 맞는 지역이 없습니다. 표에 있는 한국어 지역 이름을 주세요, 예: '서울', '종로구', '서울 종로구 청운효자동' (시·도는 영어로도 됩니다: 'Busan', 'Gyeonggi-do', 'Suwon-si')"
        ),
        ("No region in KMA's grid table matches '{}'", "기상청 격자 표에 '{}'와(과) 맞는 지역이 없습니다"),
        ("'{}' matches {} regions; give more of the name, e.g. '{}':{}", "'{}'와(과) 맞는 지역이 {}곳입니다. 이름을 더 주세요, 예: '{}':{}"),
        ("'{}' matches {} regions; give more of the name:{}", "'{}'와(과) 맞는 지역이 {}곳입니다. 이름을 더 주세요:{}"),
    ]

    /// The values of `{}` in `text` when it has the template's shape, else `nil`.
    static func match(_ text: String, template: String) -> [String]? {
        let parts = template.pieces(separatedBy: "{}")
        guard parts.count > 1 else { return text == template ? [] : nil }
        guard text.hasPrefix(parts[0]), let last = parts.last, text.hasSuffix(last),
              text.count >= parts[0].count + last.count else { return nil }
        var rest = text.dropFirst(parts[0].count).dropLast(last.count)
        var values: [String] = []
        for part in parts.dropFirst().dropLast() {
            guard !part.isEmpty, let found = rest.firstRange(of: part) else { return nil }
            values.append(String(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        values.append(String(rest))
        return values
    }

    /// The template with its `{}` filled in order.
    static func fill(_ template: String, _ values: [String]) -> String {
        let parts = template.pieces(separatedBy: "{}")
        var out = parts[0]
        for (index, part) in parts.dropFirst().enumerated() {
            out += (index < values.count ? values[index] : "") + part
        }
        return out
    }
}

extension StringProtocol {
    /// The string with every `target` replaced.
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        pieces(separatedBy: target).joined(separator: replacement)
    }

    /// The pieces between occurrences of `separator` (one piece when there is none).
    fileprivate func pieces(separatedBy separator: String) -> [String] {
        guard !separator.isEmpty else { return [String(self)] }
        var pieces: [String] = []
        var rest = self[...]
        while let found = rest.firstRange(of: separator) {
            pieces.append(String(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        pieces.append(String(rest))
        return pieces
    }
}
