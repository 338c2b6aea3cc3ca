import KMAForecast

/// The Korean of the command-line tool's own run-time messages (`--lang ko`), keyed by what
/// happened, never by the English text: a file that cannot be read (and the system's reason, by
/// its POSIX name), standard output that refused the output, the cache's write warning, the
/// `parse` and `field` commands' errors and notes, a places table that is refused. Each
/// template's `{}` are filled in order (``text(_:_:)``); what was given (a path, a code) and
/// text from outside (a parser's or the cache's reason) are kept as they are, quoted.
extension KoreanMessages {
    /// The system's reason for an `errno` in Korean, by its POSIX name (`ENOENT`); for a name
    /// the table does not have, `시스템 오류 <number>`.
    package static func systemError(named name: String?, number: Int32) -> String {
        name.flatMap { systemErrors[$0] } ?? fill("시스템 오류 {}", [String(number)])
    }

    /// `"text"` for text from outside (a parser's detail, the cache's reason) kept as given
    /// after a Korean sentence: escaped as network text is (``PrintableText``), one line.
    package static func quoted(_ text: String) -> String {
        "\"" + PrintableText.singleLine(text) + "\""
    }

    /// How a file is named in a message: `표준 입력` for `-`, else `'<path>'`.
    package static func source(_ path: String) -> String {
        path == "-" || path == "standard input" ? "표준 입력" : "'\(PrintableText.singleLine(path))'"
    }

    /// Why a file was not written, in Korean, from the writer's key and values (`fileWrite.<case>`,
    /// a file kind as `fileKind.<kind>`, an `errno` by its POSIX name or number).
    package static func fileWriteReason(_ key: String, _ values: [String]) -> String {
        let filled = values.map { value in
            value.hasPrefix("fileKind.") ? text(value) : key == "fileWrite.system" ? systemError(named: value, number: Int32(value) ?? 0) : value
        }
        return fill(commands[key] ?? key, filled)
    }

    /// ``ForecastRowBuilder/Completeness`` in Korean.
    package static func text(_ completeness: ForecastRowBuilder.Completeness) -> String {
        switch completeness {
        case .complete(let count): text("completenessComplete", String(count))
        case .incomplete(let received, let expected): text("completenessIncomplete", String(expected), String(received))
        case .inconsistentTotals(let totals): text("completenessInconsistent", totals.map(String.init).joined(separator: ", "))
        case .unknown(let received): text("completenessUnknown", String(received))
        }
    }

    /// The table of the CLI's run-time messages.
    static let commands: [String: String] = [
        "cacheWriteFailed": "경고: 캐시를 {}에 쓸 수 없습니다 (이유: {}). 예보는 보이지만 다음 호출은 기상청에 다시 묻습니다. 쓸 수 있는 --cache-dir 을 주거나 --no-cache 를 쓰세요.",
        "standardOutputFailed": "오류: 표준 출력에 쓸 수 없습니다 ({}): 출력이 완전하지 않습니다.",
        "inputReadFailed": "입력을 읽을 수 없습니다: {}",
        "fileReadFailed": "{}을(를) 읽을 수 없습니다: {}",
        "fileIsDirectory": "{}을(를) 읽을 수 없습니다: 디렉터리입니다",
        "inputTooLarge": "{}이(가) 입력으로 읽는 최대 크기 {} MiB보다 큽니다 (/dev/zero 같은 장치이거나 다른 파일인가요?): 더 작은 파일로 나누세요",
        // PlacesTableError (an --input table refused as a whole).
        "placesNotUTF8": "{}은(는) UTF-8 텍스트가 아닙니다: {}번째 줄에 바이트 0x{}이(가) 있습니다 (파일의 {}번째 바이트). UTF-8 로 저장하세요 (CP949/EUC-KR 에서: iconv -f CP949 -t UTF-8)",
        "placesUnclosedQuote": "{} {}번째 줄: 따옴표로 연 필드가 닫히지 않았습니다 ('\"'가 빠짐). 필드는 \"…\"로 감싸고, 그 안의 따옴표는 \"\"로 쓰세요",
        "placesNone": "{}에 장소가 없습니다: 한 줄에 'lat,lon' 쌍, 'nx,ny' 쌍 또는 장소 이름 하나를 주세요 (그 이름을 단 머리 줄이 먼저 와도 됩니다)",
        "placesNoColumns": "{}의 머리 줄 ('{}')에 'lat'과 'lon' 열, 'nx'와 'ny' 열, 'place' 열이 없습니다. 장소가 있는 열에 이름을 붙이세요",
        "placesReservedColumn": "{}의 머리 줄에 출력이 스스로 더하는 열 이름 '{}'이(가) 있습니다. 그 열의 이름을 바꾸세요 (예: 'input_{}')",
        "placesDuplicateColumn": "{}의 머리 줄에 열 '{}'이(가) 두 번 있습니다. 출력을 이름으로 읽을 수 있도록 열마다 다른 이름을 주세요",
        "placesFieldCount": "머리 줄처럼 필드 {}개가 있어야 하는데 {}개가 있습니다",
        "placesRowError": "{} {}번째 줄: {}",
        // a file not written (FileWriteError)
        "fileWriteFailed": "{}에 쓸 수 없습니다: {}",
        "fileWrite.emptyPath": "출력 경로가 비어 있습니다. 파일 이름을 주세요",
        "fileWrite.symbolicLink": "심볼릭 링크({}을(를) 가리킴)이며, 이 도구는 링크를 거쳐 쓰지 않습니다. 파일 자체의 경로를 주거나 링크를 지우세요",
        "fileWrite.notAFile": "{}입니다. 파일 이름을 주세요",
        "fileWrite.changedTo": "여는 동안 바뀌었습니다 (지금은 {}). 다시 해 보세요",
        "fileWrite.changed": "여는 동안 바뀌었습니다. 다시 해 보세요",
        "fileWrite.system": "{}",
        "fileKind.regular": "일반 파일",
        "fileKind.folder": "폴더",
        "fileKind.symbolicLink": "심볼릭 링크",
        "fileKind.characterDevice": "문자 장치",
        "fileKind.blockDevice": "블록 장치 (디스크)",
        "fileKind.fifo": "FIFO",
        "fileKind.socket": "소켓",
        "fileKind.unknown": "일반 파일이 아닌 것",
        "fileKind.nothing": "없는 것",
        // many places
        "batchLineFailed": "오류: {}번째 줄 ({}){}: ",
        "batchQuotaStopped": "받지 않음: 기상청의 하루 요청 한도를 다 씀 (코드 22)",
        "batchBudgetStopped": "받지 않음: --max-requests {}을(를) 다 씀",
        "batchQuotaReport": "오류: 기상청이 코드 22 (LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR)로 답했습니다: 키의 하루 요청 한도를 다 써서 더 요청하지 않았습니다. 입력 {}개를 받지 않았습니다. 한도는 한국 시각 자정({})에 다시 채워집니다. 그때 같은 명령을 다시 실행하세요: 받은 것은 캐시에 있어 다시 요청하지 않습니다.",
        "batchBudgetReport": "오류: 요청 예산 (--max-requests {})을 다 썼습니다: 입력 {}개를 받지 않았습니다. 같은 명령을 (나머지를 위한 예산과 함께) 다시 실행하세요: 받은 것은 캐시에 있어 다시 요청하지 않습니다.",
        "batchSummary": "오류: 입력 {}개 중 {}개가 실패했습니다 (위에 나열했습니다. 출력에서 각각 'error'가 채워진 줄이 있습니다).",
        // alerts: how sure a place's warning zone is (WarningZoneAssignment.Method)
        "zoneApproximate": "{}은(는) 어림입니다: {}",
        "zoneOthers": ". 그곳은 {}에 있을 수도 있습니다.",
        "zoneMethod.direction": "시·군 중심에서의 방향으로 고름",
        "zoneMethod.lowland": "평지 부분 (표에 높이가 없음)",
        "zoneMethod.mainPart": "본토 부분 (섬에는 따로 특보구역이 있음)",
        "zoneMethod.border": "가장 가까운 곳의 구역 (다른 시·군의 곳도 거의 같은 거리)",
        "zoneMethod.province": "시·도 대표 지점의 구역 (시·도에 특보구역이 여럿)",
        "zoneMethod.name": "이름으로",
        // parse
        "parseFailed": "{}: {}",
        "parseMixedProducts": "페이지에 여러 예보가 섞여 있습니다 ({}). 한 번에 한 예보의 페이지만 주세요",
        "parseIncompleteWarning": "경고: 행이 다음과 같습니다: {}.",
        "parseIncomplete": "행이 다음과 같게 됩니다: {}. 발표의 모든 페이지를 주거나, 있는 것만 보려면 --allow-incomplete 를 주세요.",
        "completenessComplete": "완전함: totalCount 의 항목 {}개가 모두 있습니다",
        "completenessIncomplete": "불완전함: totalCount {}개 중 {}개 항목만 있습니다. 빠졌거나 잘린 페이지가 있습니다",
        "completenessInconsistent": "맞지 않음: 페이지마다 totalCount 가 다릅니다 ({}). 요청 사이에 발표가 바뀌었습니다",
        "completenessUnknown": "알 수 없음: 항목 {}개, 그러나 몇 개를 기다려야 하는지 밝힌 페이지가 없습니다",
        // field
        "fieldFetching": "{} 발표 {}의 {}을(를) 기상청 API 허브에서 받는 중 (새 발표의 첫 호출은 15–45초 걸릴 수 있습니다)…",
        "fieldWrote": "{}을(를) 썼습니다: {} × 유효 시각 {}개, {} 발표 {} ({}).",
        "fieldMissingKey": "기상청 API 허브 키가 없습니다 (KMA_SERVICE_KEY): 전국 격자 자료는 apihub.kma.go.kr 에서 옵니다. {}을(를) 활용신청한 API 허브 키(authKey)를 주세요.",
        "fieldInputFormat": "'--input <file>'은(는) CSV 를 씁니다: '--format {}'을(를) 빼세요",
        "fieldRate": "'--rate'와 '--max-requests'는 '--format netcdf'의 여러 필드에 씁니다. 필드 하나는 요청 하나입니다",
        "fieldPNGTerminal": "PNG 는 터미널에 쓰지 않습니다: '--output <file>'을 주거나 표준 출력을 돌려 보내세요",
        "fieldVar": "'{}' 값은 '--var <code>'에 쓸 수 없습니다. {} 격자의 변수: {}",
        "fieldVarSeveral": "'{}' 값은 '--var <code>'에 쓸 수 없습니다 (요청마다 변수 하나: API 허브는 여러 변수에 거의 모든 곳을 -99로 답합니다. 여러 변수를 NetCDF 파일 하나로 받으려면 '--format netcdf --output <file.nc>'를 더하세요). {} 격자의 변수: {}",
        "fieldValidAll": "'--valid all'은 발표의 모든 유효 시각을 NetCDF 파일 하나에 씁니다: '--format netcdf --output <file.nc>'를 더하세요",
        "fieldValid": "'{}' 값은 '--valid <instant>'에 쓸 수 없습니다: {}",
        "atInvalid": "'{}' 값은 '--at <instant>'에 쓸 수 없습니다: {}",
        "atBaseTimeRange": "'{}' 값은 '--at <instant>'에 쓸 수 없습니다: 1000-01-02부터 9999-12-30까지(한국 시각 날짜, 양 끝 포함)의 시각을 주세요",
        "netcdfStream": "NetCDF 는 스트림이 아니라 파일에 씁니다: '--output <file.nc>'를 주세요",
        "netcdfVar": "'{}' 값은 '--var <code>'에 쓸 수 없습니다: '{}'은(는) {} 격자의 변수가 아닙니다. 변수: {} (또는 all)",
        "fieldNotACode": "기상청이 {}에 격자 {} ({})의 값으로 {}을(를) 보냈는데, 코드가 아닙니다(정수가 아님). NetCDF 에는 {}을(를) 코드로 씁니다: 이 변수에는 '--format csv'를 쓰세요",
        "netcdfUndocumented": "참고: {}개 격자의 {} 값이 기상청이 문서화하지 않은 코드입니다: 받은 그대로 두고 {}_status 에 1로 표시했습니다.",
        "fieldRequestFailed": "오류: {}: {}",
        "netcdfNotWritten": "'{}'을(를) 쓰지 않았습니다: 필드 {}개 중 {}개가 빠졌습니다. ",
        "netcdfCached": "받은 {}개는 캐시에 있습니다: 같은 명령을 다시 실행하면 나머지만 받습니다.",
        "netcdfNotCached": "캐시 없이 (--no-cache) 다음 실행은 모두 다시 받습니다.",
    ]

    /// The system's reasons (`errno`), by their POSIX names.
    static let systemErrors: [String: String] = [
        "ENOENT": "그런 파일이나 디렉터리가 없음",
        "EACCES": "권한이 없음",
        "EPERM": "허용되지 않은 작업",
        "EISDIR": "디렉터리임",
        "ENOTDIR": "경로의 일부가 디렉터리가 아님",
        "ELOOP": "심볼릭 링크가 너무 많이 이어짐",
        "ENAMETOOLONG": "파일 이름이 너무 김",
        "EIO": "입출력 오류",
        "ENOSPC": "장치에 남은 공간이 없음",
        "EDQUOT": "디스크 할당량을 넘음",
        "EROFS": "읽기 전용 파일 시스템",
        "EPIPE": "읽는 쪽이 닫힘 (broken pipe)",
        "EBADF": "열려 있지 않은 파일 디스크립터",
        "EMFILE": "열린 파일이 너무 많음",
        "ENFILE": "시스템에 열린 파일이 너무 많음",
        "ENXIO": "그런 장치나 주소가 없음",
        "EFBIG": "파일이 너무 큼",
        "ENOMEM": "메모리가 모자람",
        "EAGAIN": "자원을 잠시 쓸 수 없음",
        "EINVAL": "잘못된 인수",
    ]
}
