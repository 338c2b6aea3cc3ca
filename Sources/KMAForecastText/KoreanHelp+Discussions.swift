extension KoreanHelp {
    /// Each command's notes and examples (`""`: what follows the tool's list of subcommands;
    /// `forecast-main`: the forecast's entry in the full reference, whose notes are the tool's).
    static let discussions: [String: String] = [
        "forecast": """
            기본으로 세 예보를 한꺼번에 받아 하나의 예보로 합칩니다: 지금의 관측 (초단기실황), 그다음 단기예보가 끝나는
            시각까지의 매 시간 (값마다 그 값이 있는 가장 새 예보에서: 앞으로 6시간은 초단기예보의 기온, 하늘, 비, 바람과
            단기예보의 강수확률), 그리고 앞으로의 날. --format json 은 라이브러리의 LocalForecast 입니다 (값마다 어느 예보,
            어느 발표에서 왔는지 적습니다. 스키마: Schemas/local-forecast.schema.json). --format json 이나 csv 에서 물은
            예보가 빠지면 종료 상태는 1 입니다 (출력에는 나머지와 그 까닭이 있습니다). 모든 형식에 텍스트 보기가 보여 주는
            날들이 있습니다 (--product 가 없으면 중기예보의 +10일까지): JSON 의 daily, CSV 에서는 시간들 뒤에 날마다
            'daily' 행 하나 (TMN/TMX 최저·최고, POP, SKY, PTY; fcstTime 은 비어 있음).

            키는 --service-key 나 KMA_SERVICE_KEY 에서 옵니다. 키가 없으면 텍스트 보기와 --format svg 는 내장 표본
            자료 (실제로 기록한 예보. 첫 줄이나 제목에 어느 곳, 어느 발표인지 적힘)를 보여 줍니다. json 과 csv 에는 키
            (또는 --demo)가 있어야 합니다.
            키 받기: https://www.data.go.kr 에 로그인해 기상청_단기예보 조회서비스
            (https://www.data.go.kr/data/15084084/openapi.do)를 열고 활용신청하세요. 키는 마이페이지에 있습니다 (새 키나
            새 활용신청은 쓸 수 있게 되기까지 한 시간 이상 걸릴 수 있습니다). 그다음: export KMA_SERVICE_KEY='<키>' (포털에
            보이는 두 형식 모두 됩니다) 또는 --service-key 를 주세요.

            발표는 $XDG_CACHE_HOME/kma-forecast (없으면 ~/.cache/kma-forecast)에 캐시됩니다: 단기예보는 기상청 일정상
            새 발표가 나올 때까지 요청 없이, 기상청이 10분마다 고치는 초단기실황과 초단기예보는 다음 갱신까지 쓰고, 그 뒤에는
            작은 요청 한 번 (getFcstVersion)으로 확인해 바뀌었으면 다시 받습니다.

            여러 곳 (--input, 또는 여러 번의 --place, --lat/--lon, --nx/--ny): 입력 순서대로 CSV 또는 JSON Lines 하나로,
            줄마다 입력의 열로 시작해 결과가 오는 대로 씁니다. 여러 곳이 같은 격자면 한 번만 받고, 요청은 오퍼레이션마다
            --rate (초당 30, 기상청의 한도)로 나눠 보냅니다. 멈춘 실행 (Ctrl-C, 한도, --max-requests)은 다시 실행하면
            빠진 것만 받습니다 (나머지는 캐시에서). 실패한 곳은 'error' 열이 채워진 한 줄이 되고 표준 오류에 적히며,
            그때 종료 상태는 1 입니다. 프로그램은 'error' 열이 비었는지만 읽으세요: 그 글은 사람을 위한 --lang 언어의 문장입니다
            (--lang ko 면 한국어, 기상청의 말은 보낸 그대로 따옴표 안에; 바뀌지 않는 영어 문장은 --lang en).

            예시:
              kma-forecast --lat 37.5665 --lon 126.9780
              kma-forecast --place "서울 종로구" --lang ko
              kma-forecast --nx 60 --ny 127 --product ultra-short --format json
              kma-forecast --place 부산 --format csv > busan.csv
              kma-forecast --input places.csv --product short-term --format csv > forecasts.csv

            장소 자료: 출처: 기상청 단기예보 조회서비스 격자 위경도 자료 (공공누리 제1유형)
            """,
        "": """
            하위 명령마다 자세한 도움말은 'kma-forecast help <하위 명령>', 전체 설명 (모든 하위 명령)은
            'kma-forecast help' 를 보세요.

            셸 자동 완성:
              source <(kma-forecast --generate-completion-script bash)
              kma-forecast --generate-completion-script zsh > "${fpath[1]}/_kma-forecast"
              kma-forecast --generate-completion-script fish > ~/.config/fish/completions/kma-forecast.fish
            """,
        "forecast-main": "이 도구의 주된 일: 'kma-forecast forecast …'는 'kma-forecast …'와 같고, 그 설명과 옵션은 위에 있습니다.",
        "alerts": """
            그곳의 특보구역 (기상청 목록 {}), 지금 발효 중인 특보, 나중에 발효될 특보, 기상청의 최신 전국 통보문.
            기상청이 여러 부분으로 나눈 시·군 (서울 4권, 파주시동북부 …)은 그곳이 있을 법한 부분을 쓰고, 출력에 어림이라고
            적습니다. 기상특보 조회서비스 (data.go.kr 15000415)는 같은 키로 따로 활용신청해야 합니다. 최근 6일의 구역 특보는
            5분 동안 캐시되고, 그 뒤에는 작은 요청 한 번으로 확인합니다.
            """,
        "watch": """
            --interval 분마다 (기본 10분: 기상청 자료는 그보다 빨리 바뀌지 않습니다) 기상청에 묻고 지난 조회 뒤로 바뀐 것을
            알립니다. 첫 조회는 기준이라 아무것도 알리지 않습니다. 일부가 실패한 조회는 그 부분에 대해 아무것도 알리지 않고,
            특보 해제는 다음 조회도 같을 때만 알립니다. --state 를 주면 상태를 그 파일에 두어 (조회마다 변화를 넘기기 전에
            저장) 다시 시작해도 같은 것을 두 번 알리지 않습니다. 조회 한 번의 비용: 모든 곳에 getPwnCd 답 하나 (기상청의 건수가
            그대로면 한 행짜리 확인), 상품마다 기상청의 10분 갱신 뒤에 getFcstVersion 확인 하나, 새것이 있을 때만 페이지.
            --exec 는 변화마다 프로그램을 실행합니다 (공백으로 나눔, 셸 없음). 변화는 표준 입력에 JSON 으로, 환경 변수
            KMA_CHANGE_ID, KMA_CHANGE_KIND, KMA_CHANGE_PLACE, KMA_CHANGE_AT, KMA_CHANGE_TEXT 로 갑니다. 변화마다 바뀌지 않는
            id 가 있습니다. JSON 스키마는 Schemas/forecast-change.schema.json 입니다.
            """,
        "grid": """
            기상청 5 km 격자 (람베르트 정각원추도법, nx 1...149, ny 1...253)는 한반도와 주변 바다를 덮습니다. 한 점의
            격자는 기상청 공식 공식이 주는 것입니다.

            --place 는 기상청 공식 격자 표 (2510판)에서 이름을 찾습니다: 보여 주는 격자는 기상청이 그 지역에 정한 것이고,
            그 뒤에 지역의 중기예보 코드 (육상 구역 getMidLandFcst, 기온 지점 getMidTa)가 옵니다. 이름은 시·도부터
            아래로, 아무 단계나 빼도 되고 띄어쓰기도 자유입니다: '부산', '종로구', '서울 종로', '서울종로구 청운효자동'.
            서울, 경기, 충북 같은 줄임말과 10자리 지역 코드도 됩니다. 여러 지역에 맞는 이름 (중구)은 그 지역들을 보여
            주니 시나 도를 덧붙이세요.

            --input 은 한 줄에 'lat,lon' 한 쌍입니다 (맨 앞에 'lat,lon' 머리글이 와도 되고, 빈 줄은 건너뜁니다). 출력은
            CSV 'lat,lon,nx,ny', 입력 줄마다 순서대로 한 줄입니다. 실패한 줄은 'lat,lon,,'로 쓰고 그 오류는 줄 번호와
            함께 표준 오류로 갑니다. 한 줄이라도 실패하면 종료 상태는 1 입니다.

            예시:
              kma-forecast grid --lat 37.5665 --lon 126.9780
              kma-forecast grid --nx 60 --ny 127 --format json
              kma-forecast grid --place "서울 종로구" --format json
              kma-forecast grid --input points.csv > cells.csv
            """,
        "place": """
            기상청 서비스가 한 곳을 아는 모든 것을 내장 표로 (네트워크 없이) 구합니다: 단기예보 격자 (nx, ny); 10자리
            지역 코드와 기상청 표의 areaNo (자외선지수의 키; 2026년 지도의 지역은 격자를 가져온 행의 코드); 중기예보 육상
            구역 (getMidLandFcst)과 기온 지점 (getMidTa); 육상 특보구역 (기상청이 그곳을 나누면 어림이라고 적음); 그 시·도를
            예보하는 기상청 (미확인).

            지도는 기상청 격자 표 (2510판)에 그 뒤의 변경을 더한 것입니다: 화성시의 네 구 (2026-02-01); 전남광주통합특별시,
            인천의 제물포구, 영종구, 서해구, 검단구 (2026-07-01). 옛 이름과 코드 (광주광역시 동구, 인천 중구, 2811000000)도
            됩니다: 그 자리를 이은 곳을 주고 그렇다고 적습니다. 표에 구로만 있는 시 (수원시)는 한 곳이며, 시청의 격자와
            하위 구를 보여 줍니다.

            예시:
              kma-forecast place 제주시
              kma-forecast place "Busan Haeundae-gu" --format json
              kma-forecast place 광주광역시 동구 --lang ko
            """,
        "base-time": """
            발표는 이 컴퓨터의 시간대와 상관없이 한국 시각 (UTC+9)으로 나옵니다:
              nowcast      getUltraSrtNcst  매시 HH00 발표, HH:10부터 받을 수 있음
              ultra-short  getUltraSrtFcst  매시 HH30 발표, HH:45부터 받을 수 있음
              short-term   getVilageFcst    02 05 08 11 14 17 20 23시 발표, 10분 뒤부터 받을 수 있음
            그 시각에 받을 수 있는 최신 발표와, 그 앞 발표 (기상청이 늦을 때 쓸 것), 다음 발표를 받을 수 있는 때를 보여
            줍니다.

            예시:
              kma-forecast base-time --product short-term
              kma-forecast base-time --product nowcast --at 2026-11-21T00:09:59+09:00 --format json
            """,
        "parse": """
            한 예보 발표의 모든 페이지 (getVilageFcst, getUltraSrtFcst, getUltraSrtNcst 를 dataType=JSON 으로 저장한
            것)를 아무 순서로 주세요. 표준 입력은 - 입니다. 항목은 격자와 시각마다 한 행으로 묶습니다. 페이지의 항목이
            totalCount 보다 적으면 (페이지가 빠짐) 아무것도 쓰지 않고 종료 상태는 1 입니다 (--allow-incomplete 가 없을
            때). 오류 페이지 (NO_DATA, 잘못된 키, 게이트웨이의 XML 봉투 …)는 그 오류를 쓰고 행은 없으며 종료 상태는
            1 입니다.

            CSV 열: baseDate,baseTime,fcstDate,fcstTime,nx,ny, 그다음 있는 범주 코드마다 한 열 (문서화된 코드는 가이드
            순서로, 그다음 나머지). 칸마다 기상청이 보낸 그대로입니다 (보내지 않았으면 비어 있음). 행은 nx, ny, fcstDate,
            fcstTime 순으로 정렬합니다. JSON 은 모든 값을 원래 글과 함께 형을 붙여 둡니다.

            예시:
              kma-forecast parse page1.json page2.json --format csv > rows.csv
              curl -s "$URL" | kma-forecast parse - --lang ko
            """,
        "field": """
            요청 한 번으로 149 × 253 격자 모두의 변수를 받습니다 (기상청 API 허브: nph-dfs_shrt_grd, nph-dfs_vsrt_grd,
            nph-dfs_odam_grd). 그 오퍼레이션을 활용신청한 API 허브 키 (authKey)가 --service-key 나 KMA_SERVICE_KEY 에
            있어야 합니다. 새 발표의 첫 호출은 API 허브가 자료를 만드는 동안 15–45초 걸릴 수 있고, 그 뒤의 호출은 빠르며
            자료는 그대로 캐시됩니다 (예보, 발표, 유효 시각, 변수).

            변수: 단기예보 TMP TMX TMN UUU VVV VEC WSD SKY PTY POP PCP SNO REH WAV; 초단기예보 T1H UUU VVV VEC WSD SKY
            LGT PTY RN1 REH; 초단기실황 T1H UUU VVV VEC WSD PTY RN1 REH. 값은 변수의 단위로 된 기상청의 숫자입니다. 자료가
            없는 격자 (바다, 영역 밖: 기상청의 -99)는 CSV 에서 빠지고 회색으로 그려집니다.

            발표는 --at (기본값 지금)에 받을 수 있는 최신 것이고, --valid 가 시각을 고릅니다 (기본값: 발표의 첫 시각;
            TMN 06:00, TMX 15:00).

            출력:
              csv   'nx,ny,lat,lon,value', 자료가 있는 격자마다 한 줄 (lat/lon: 격자 중심), 남에서 북, 서에서 동으로.
              svg   북쪽이 위인 격자 그림, 색 눈금과 범례.
              png   같은 그림의 PNG (범례의 숫자는 SVG 에만).
              netcdf  CF-1.10 NetCDF 파일 (classic 64-bit offset: 모든 netCDF 읽기 도구, xarray, GDAL/QGIS 가
                    엽니다), 기상청 람베르트 정각 격자 포함: x/y (미터), 격자 중심의 lat/lon, 시각, 발표. -99 (자료
                    없음)가 _FillValue 이고, SKY 와 PTY 는 flag_values/flag_meanings 와 함께 코드로 남습니다. --output 이
                    있어야 합니다. 여기서는 --var 에 여러 코드 (TMP,POP,PCP)나 'all', --valid 에 발표의 모든 유효 시각인
                    'all'을 줄 수 있습니다: 파일 하나에 변수마다 시각 × y × x, 자료마다 받아 (초당 최대 --rate, 모두 합쳐
                    --max-requests) 오는 대로 씁니다. 자료는 캐시되므로 실패나 Ctrl-C 뒤에 같은 명령은 빠진 것만 묻습니다.
                    파일은 온전할 때만 생깁니다.
            --input 은 장소 CSV (예보의 --input 처럼 읽음: lat,lon, nx,ny 또는 place 열)의 행마다 주어진 그대로 쓰고
            'value' 열을 덧붙입니다 (자료가 없으면 비어 있음): 모든 행이 요청 한 번에서. 기상청 격자 표의 행 (그 lat,lon
            이나 장소 이름)은 기상청의 격자를, 다른 점은 공식의 격자를 씁니다.

            예시:
              kma-forecast field --var TMP > tmp.csv
              kma-forecast field --var POP --valid 2026-11-22T15:00 --format svg --output pop.svg
              kma-forecast field --var TMP --input Fixtures/grid/kma_grid_2510.csv > places.csv
              kma-forecast field --var TMP --format netcdf --output tmp.nc
              kma-forecast field --var TMP,POP,PCP --valid all --format netcdf --output run.nc
            """,
        "mcp": """
            MCP 클라이언트 (Claude Desktop, IDE, 에이전트 프레임워크)가 하위 프로세스로 시작합니다. 표준 입출력에서 한 줄에
            하나씩 JSON-RPC 메시지에 답하고, 표준 입력이 끝나면 끝납니다. 두 프로토콜 시대 모두: 2025-11-25 (initialize)와
            2026-07-28 (server/discover, 상태 없음). 로그는 표준 오류로만 갑니다.

            도구: kma_forecast, kma_forecast_many, kma_grid, kma_base_times, kma_place_search, kma_field_values,
            kma_warnings.

            키는 환경에서만 옵니다: KMA_SERVICE_KEY (클라이언트 설정의 서버 항목 "env"에 넣으세요). 없으면 예보 도구는
            기록된 표본으로, 표본이라고 밝히고 답합니다. 함께 읽는 것: KMA_PROVIDER, KMA_BASE_URL, KMA_MID_BASE_URL,
            KMA_FIELD_BASE_URL, KMA_CACHE_DIR (없으면 보통의 캐시 디렉터리), KMA_MAX_REQUESTS (프로세스 동안의 요청
            예산). 한 프로세스가 캐시 하나, 속도 제한 하나 (오퍼레이션마다 초당 30건), 예산을 함께 씁니다.

            예시 (클라이언트 설정):
              {"mcpServers": {"kma-forecast": {"command": "kma-forecast", "args": ["mcp"],
                "env": {"KMA_SERVICE_KEY": "<your key>"}}}}
            """,
        "serve": """
            앱이 키를 싣지 않도록 하는 백엔드입니다: 키를 쥐고 GET /v1/forecast?place=이름 | lat=위도&lon=경도 |
            nx=NX&ny=NY [&days=0...11] [&lang=ko] 에 'kma-forecast --format json' 의 LocalForecast JSON 으로
            답합니다 (스키마: Schemas/local-forecast.schema.json). /v1/alerts (같은 위치 인수; 'alerts --format json' 의
            JSON), /v1/places?q=이름 (기상청 장소 표의 제안), /healthz, /metrics (Prometheus 텍스트).

            한 격자와 한 발표에 대한 동시 요청은 몇 개든 기상청 요청 한 번입니다. 응답은 기상청 일정이 더 새 발표를
            말할 때까지 캐시됩니다 (Cache-Control max-age, ETag 와 If-None-Match, 원하면 gzip). 기상청 요청은 모든
            클라이언트를 합쳐 오퍼레이션마다 --rate (초당 30건, 기상청의 한도)로 늦추고 --daily-quota 에 셉니다.

            --tokens 가 있으면 베어러 토큰이 있는 요청만 받습니다. 클라이언트마다 초당 50건 (한꺼번에 100건, 넘으면
            Retry-After 와 함께 429). SIGTERM 이나 Ctrl-C: 처리 중인 요청에 답한 뒤 0 으로 끝납니다. 키는 응답,
            헤더, 로그 줄, /metrics 어디에도 나오지 않습니다.

            예시:
              KMA_SERVICE_KEY=... kma-forecast serve --listen 0.0.0.0:8080 --daily-quota 10000
              curl 'http://127.0.0.1:8080/v1/forecast?place=%ED%95%B4%EC%9A%B4%EB%8C%80%EA%B5%AC'
              kma-forecast serve --tokens tokens.txt --cors https://app.example --log-format json
            """,
    ]
}
