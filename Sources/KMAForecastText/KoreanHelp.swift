/// The command-line tool's help in Korean (`kma-forecast help --lang ko`, `--help --lang ko`):
/// each command's overview, each option's one-line description, the notes and examples, keyed
/// by the command's and the option's names. The English help is the CLI's `CommandSpec`; the
/// CLI lays both out the same way (usage lines, option columns, wrapping).
///
/// An embedded table: a test makes sure every command and option of the CLI has its Korean.
package enum KoreanHelp {
    /// The section headings and fixed lines of a help page.
    package static let overview = "개요: "
    /// The usage heading.
    package static let usage = "사용법: "
    /// The arguments heading.
    package static let arguments = "인수:"
    /// The options heading.
    package static let options = "옵션:"
    /// The `-h, --help` row.
    package static let helpOption = "도움말을 보여 줍니다."
    /// Before an option's allowed values.
    package static let values = "값: "
    /// Between two commands of the full reference.
    package static let commandHeading = "kma-forecast "

    /// The subcommands, in help order (as the CLI lists them).
    package static let subcommands = ["forecast", "alerts", "watch", "grid", "place", "base-time", "parse", "field", "mcp", "serve"]

    /// A command's one-line overview (`""` is the tool itself), or `nil` when the table has none.
    package static func abstract(_ command: String) -> String? { abstracts[command] }

    /// An option's one-line description for a command (`command/option` first, then the
    /// option's shared line), or `nil` when the table has none.
    package static func option(_ name: String, command: String) -> String? {
        // The tool's own options are the forecast's.
        let own = command.isEmpty ? "forecast" : command
        return optionLines[own + "/" + name] ?? sharedOptions[own].flatMap { optionLines[$0 + "/" + name] } ?? optionLines[name]
    }

    /// Commands whose shared options are another command's, with its words (`watch` takes `alerts`'s).
    static let sharedOptions = ["watch": "alerts"]

    /// A command's notes and examples (`""`: the tool's own, with the list of subcommands), or
    /// `nil` when the table has none.
    /// `values` fill its `{}` in order (a table's edition, which the CLI knows), so the text
    /// cannot go stale.
    package static func discussion(_ command: String, values: [String] = [], width: Int = 80) -> String? {
        guard command.isEmpty else { return discussions[command].map { KoreanMessages.fill($0, values) } }
        let list = subcommands.map { name in
            "  " + name + String(repeating: " ", count: max(1, 12 - name.count)) + (abstracts[name] ?? "")
        }
        return (discussions["forecast"] ?? "") + "\n\n하위 명령:\n" + list.joined(separator: "\n") + "\n\n" + (discussions[""] ?? "")
    }

    static let abstracts: [String: String] = [
        "": "기상청 단기예보 조회서비스의 날씨.",
        "forecast": "한 곳의 날씨: 지금, 다가올 시간, 앞으로의 날.",
        "alerts": "한 곳에 발효 중인 기상특보를 보여 줍니다.",
        "watch": "한 곳을 지켜봅니다: 비가 시작하거나 그칠 때, 날의 최고·최저기온이 바뀔 때, 기상특보가 발표·해제될 때 알립니다.",
        "grid": "위도·경도와 기상청 격자(nx, ny)를 서로 바꿉니다.",
        "place": "한 곳의 모든 코드: 격자, areaNo, 중기예보 구역, 특보구역, 예보 기상청.",
        "base-time": "지금이나 한 시각에 예보마다 요청할 base_date 와 base_time 을 보여 줍니다.",
        "parse": "저장한 기상청 응답 페이지(JSON)를 풀어 시간별 행으로 보여 줍니다.",
        "field": "한 변수를 격자 전체로 받아(기상청 API 허브 격자 자료) CSV 나 그림으로, 또는 여러 곳에서 값을 뽑습니다.",
        "mcp": "AI 에이전트에게 예보를 제공합니다: 표준 입출력의 Model Context Protocol 서버.",
        "serve": "여러 앱에 HTTP 로 예보를 제공합니다: 키 하나, 격자마다 캐시 하나, 모두를 위한 기상청 한도.",
    ]
}
