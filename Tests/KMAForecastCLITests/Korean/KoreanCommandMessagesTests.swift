import Foundation
import KMAForecast
import KMAForecastClient
import KMAForecastText
import KMAPlaces
import Testing
import _KMATestSupport
@testable import KMAForecastCLI

/// Issue 30, `--lang ko` to the errors: the tool's own run-time messages (file reads, `parse`,
/// `field --input`, many places, the cache warning) in Korean from their case, and the Korean
/// help in step with the CLI's commands and options.
@Suite("The CLI's own messages and help in Korean")
struct KoreanCommandMessagesTests {
    /// Runs the tool in-process.
    static func run(_ arguments: [String], environment: [String: String] = [:], input: [UInt8] = []) async -> (status: Int32, out: String, err: String) {
        let out = TextSink.memory(), err = TextSink.memory()
        let context = CommandContext(arguments: arguments, environment: environment, standardInput: .bytes(input), standardOutput: out, standardError: err)
        let status = await KMAForecastTool.run(context)
        return (status, out.text, err.text)
    }

    /// No English sentence in `text`, what it quotes from outside (`"…"`) aside.
    static func expectKorean(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(what): \(text)", sourceLocation: sourceLocation)
        let unquoted = text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "…")
        #expect(EnglishSentence.firstRun(in: unquoted) == nil, "\(what): \(text)", sourceLocation: sourceLocation)
    }

    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kma-ko-\(UUID().uuidString).csv").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("File reads: missing, a directory, not UTF-8: Korean, by the errno's name, with the English unchanged")
    func fileReads() async throws {
        let missing = await Self.run(["parse", "/nonexistent/kma-page.json", "--lang", "ko"])
        #expect(missing.status == 1)
        #expect(missing.err.contains("그런 파일이나 디렉터리가 없음"), "\(missing.err)")
        Self.expectKorean(missing.err, "missing")
        let english = await Self.run(["parse", "/nonexistent/kma-page.json", "--lang", "en"])
        #expect(english.err == "Error: cannot read '/nonexistent/kma-page.json': No such file or directory\n")
        let directory = await Self.run(["grid", "--input", "/tmp"], environment: ["LANG": "ko_KR.UTF-8"])
        #expect(directory.err.contains("디렉터리입니다"), "\(directory.err)")
        Self.expectKorean(directory.err, "directory")
        let cp949 = try Self.temporaryFile([0x6C, 0x61, 0x74, 0x2C, 0x6C, 0x6F, 0x6E, 0x0A, 0xB0, 0xA1, 0x0A])
        defer { try? FileManager.default.removeItem(atPath: cp949) }
        let notUTF8 = await Self.run(["--input", cp949, "--lang", "ko", "--no-cache"], environment: ["KMA_SERVICE_KEY": "test-key"])
        #expect(notUTF8.status == 64)
        #expect(notUTF8.err.contains("UTF-8 텍스트가 아닙니다"), "\(notUTF8.err)")
        Self.expectKorean(notUTF8.err.components(separatedBy: "\n").first ?? "", "not UTF-8")
    }

    @Test("A file not written (--chart to a folder, to a missing folder): Korean from the writer's case and the errno's name")
    func fileWrites() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kma-ko-\(UUID().uuidString).svg").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let folder = await Self.run(["--demo", "--chart", path, "--lang", "ko"])
        #expect(folder.status == 1)
        #expect(folder.err.contains("'\(path)'에 쓸 수 없습니다: 폴더입니다"), "\(folder.err)")
        Self.expectKorean(folder.err, "folder")
        let missing = await Self.run(["--demo", "--chart", "/nonexistent/kma/chart.svg", "--lang", "ko"])
        #expect(missing.err.contains("그런 파일이나 디렉터리가 없음"), "\(missing.err)")
        Self.expectKorean(missing.err, "missing folder")
        let english = await Self.run(["--demo", "--chart", path, "--lang", "en"])
        #expect(english.err.contains("Error: cannot write '\(path)': it is a folder; give a file name"), "\(english.err)")
    }

    @Test("parse: a page that is not JSON keeps the parser's words quoted after the Korean; mixed and incomplete pages in Korean")
    func parse() async throws {
        let page = try Self.temporaryFile(Array(#"{"response":{"header":{"resultCode":"00"},"body":{"items":[1"#.utf8))
        defer { try? FileManager.default.removeItem(atPath: page) }
        let result = await Self.run(["parse", page, "--lang", "ko"])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix("오류: '\(page)': 응답이"), "\(result.err)")
        Self.expectKorean(result.err, "parse")
        let shape = KoreanMessages.text(ForecastResponseError.unexpectedShape("'response' has no 'header'"))
        #expect(shape.contains("\"'response' has no 'header'\""), "\(shape)")
        let json = KoreanMessages.text(ForecastResponseError.malformedJSON(offset: 7, reason: "expected ':', found '}'"))
        #expect(json.contains("\"expected ':', found '}'\""), "\(json)")
        #expect(!json.contains("--lang en"))
        Self.expectKorean(KoreanMessages.text(ForecastRowBuilder.Completeness.incomplete(received: 3, expected: 9)), "completeness")
        Self.expectKorean(KoreanMessages.text("parseIncomplete", KoreanMessages.text(ForecastRowBuilder.Completeness.inconsistentTotals([3, 4]))), "incomplete")
    }

    @Test("The cache's write warning in Korean, its reason quoted as given")
    func cacheWarning() {
        let err = TextSink.memory()
        let warning = CacheWriteWarning(CommandContext(arguments: ["--lang", "ko"], standardError: err))
        warning.observe(.cacheWriteFailed(path: "/x/kma", reason: "it exists and is not a directory"))
        warning.observe(.cacheWriteFailed(path: "/x/kma", reason: "again"))
        #expect(err.text.hasPrefix("경고: 캐시를 /x/kma에 쓸 수 없습니다 (이유: \"it exists and is not a directory\")"), "\(err.text)")
        #expect(err.text.split(separator: "\n").count == 1)
        Self.expectKorean(err.text, "cache")
        let english = TextSink.memory()
        CacheWriteWarning(CommandContext(arguments: [], environment: ["LANG": "C"], standardError: english)).observe(.cacheWriteFailed(path: "/x", reason: "r"))
        #expect(english.text == "Warning: could not write the cache at /x (r); the forecast is shown, but the next call will ask KMA again. Give a writable --cache-dir, or --no-cache.\n")
    }

    @Test("Many places: a row without a place has its error column and its line on standard error in Korean; the summary too")
    func manyPlaces() async throws {
        for format in ["csv", "jsonl"] {
            let result = await Self.run(
                ["--input", "-", "--format", format, "--lang", "ko", "--no-cache", "--base-url", "http://127.0.0.1:9"],
                environment: ["KMA_SERVICE_KEY": "test-key"], input: Array("place\nxyzzy\n".utf8)
            )
            #expect(result.status == 1)
            #expect(result.out.contains("기상청 격자 표에 'xyzzy'"), "\(result.out)")
            Self.expectKorean(result.out.components(separatedBy: "\n").dropFirst(format == "csv" ? 1 : 0).joined(separator: "\n"), "\(format) column")
            #expect(result.err.contains("오류: 2번째 줄 (xyzzy)"), "\(result.err)")
            #expect(result.err.contains("입력 1개 중 1개가 실패했습니다"), "\(result.err)")
            Self.expectKorean(result.err, "\(format) standard error")
        }
    }

    @Test("Every option and argument of every command has a Korean help line, and every command its overview")
    func everyOption() {
        let specs = [KMAForecastTool.rootSpec] + KMAForecastTool.subcommands.map(\.spec)
        for spec in specs {
            let key = spec.koreanHelpKey ?? spec.name
            #expect(KoreanHelp.abstract(key) != nil, "no Korean overview for '\(key)'")
            for option in spec.options {
                #expect(KoreanHelp.option(option.name, command: key) != nil, "no Korean line for \(spec.commandPath) --\(option.name)")
            }
            if let positional = spec.positional {
                #expect(KoreanHelp.option(positional.name, command: key) != nil, "no Korean line for \(spec.commandPath) <\(positional.name)>")
            }
        }
    }

    @Test("KoreanHelp's list of subcommands is the CLI's, in its order")
    func subcommandOrder() {
        #expect(KoreanHelp.subcommands == KMAForecastTool.subcommands.map(\.spec.name))
    }

    @Test("The alerts notes name the zone table's edition from the table itself")
    func alertsEdition() {
        #expect(KoreanHelp.discussion("alerts", values: ["EDITION"])?.contains("기상청 목록 EDITION") == true)
        let help = AlertsCommand.spec.helpText(width: 200, language: .ko)
        #expect(help.contains("기상청 목록 \(WarningZones.edition)"), "\(help.prefix(400))")
        #expect(!help.contains("{}"))
    }
}
