import Foundation
import Testing
@testable import KMAForecastCLI
import KMAForecastText

@Suite("Shell completion scripts and the help reference")
struct CompletionScriptTests {
    /// Runs `bash --norc --noprofile` with a script on standard input; returns status, stdout, stderr.
    static func bash(_ script: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scriptURL = directory.appendingPathComponent("test.sh")
        try Data(script.utf8).write(to: scriptURL)
        let outURL = directory.appendingPathComponent("out"), errURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["--norc", "--noprofile", scriptURL.path]
        process.currentDirectoryURL = directory
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path]
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try? out.close()
        try? err.close()
        return (process.terminationStatus,
                String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    static func script(_ shell: String) async -> String {
        let result = await runTool(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// Shell code that completes `words` (the last is the word under the cursor) and prints
    /// each candidate on a line.
    static func complete(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        return """
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            COMPREPLY=(); _kma_forecast
            printf '%s\\n' "${COMPREPLY[@]}"
            echo ---

            """
    }

    @Test("The bash script loads in bash without errors and completes options, values and subcommands")
    func bashCompletes() async throws {
        let script = await Self.script("bash")
        var test = "set -u\n" + script + "\ncomplete -p kma-forecast\n"
        test += Self.complete(["kma-forecast", "--pr"])
        test += Self.complete(["kma-forecast", "--format", ""])
        test += Self.complete(["kma-forecast", "grid", "--format", ""])
        test += Self.complete(["kma-forecast", "gr"])
        test += Self.complete(["kma-forecast", "help", "b"])
        test += Self.complete(["kma-forecast", "--generate-completion-script", "f"])
        test += Self.complete(["kma-forecast", "base-time", "--d"])
        let result = try Self.bash(test)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let blocks = result.stdout.components(separatedBy: "---\n").map { $0.split(separator: "\n").map(String.init) }
        #expect(blocks[0].first == "complete -F _kma_forecast kma-forecast")
        #expect(blocks[0].dropFirst().sorted() == ["--product", "--provider"])
        #expect(blocks[1] == ["text", "json", "csv", "svg", "jsonl"])
        #expect(blocks[2] == ["text", "json", "csv"])
        #expect(blocks[3] == ["grid"])
        #expect(blocks[4] == ["base-time"])
        #expect(blocks[5] == ["fish"])
        #expect(blocks[6] == ["--delay"])
    }

    // Regression: `COMPREPLY=($(compgen -f …))` split "my file.csv" in two and expanded
    // "a*b.csv" into every file it matches.
    @Test("bash completes a file name with a space or a * as one candidate, as it is")
    func bashFileNames() async throws {
        let script = await Self.script("bash")
        var test = "set -u\n" + script + "\nmkdir d && cd d && touch 'my file.csv' 'a*b.csv' 'axb.csv' && mkdir 'my dir'\n"
        test += Self.complete(["kma-forecast", "--input", "my"])
        test += Self.complete(["kma-forecast", "--input", "a*"])
        test += Self.complete(["kma-forecast", "field", "--output", "a"])
        test += Self.complete(["kma-forecast", "parse", "my f"])
        test += Self.complete(["kma-forecast", "--cache-dir", "my"])
        test += Self.complete(["kma-forecast", "field", "--gen"])
        let result = try Self.bash(test)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let blocks = result.stdout.components(separatedBy: "---\n").map { $0.split(separator: "\n").map(String.init) }
        #expect(blocks[0].sorted() == ["my dir", "my file.csv"])
        #expect(blocks[1] == ["a*b.csv"])
        #expect(blocks[2].sorted() == ["a*b.csv", "axb.csv"])
        #expect(blocks[3] == ["my file.csv"])
        #expect(blocks[4] == ["my dir"])
        #expect(blocks[5] == ["--generate-completion-script"])
        #expect(script.contains("mapfile -t COMPREPLY") && script.contains("compopt -o filenames") && !script.contains("COMPREPLY=($("))
    }

    // Regression: anywhere but first, the option was an unknown option (exit 64).
    @Test("--generate-completion-script works after a subcommand and other options", arguments: [
        (["--lang", "en", "--generate-completion-script", "bash"], "# bash completion for kma-forecast"),
        (["field", "--generate-completion-script", "zsh"], "#compdef kma-forecast"),
        (["grid", "--format", "json", "--generate-completion-script=fish"], "# fish completion for kma-forecast"),
    ])
    func anywhere(arguments: [String], prefix: String) async {
        let result = await runTool(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(prefix))
    }

    @Test("zsh and fish scripts name every subcommand and option, with the choices")
    func zshAndFish() async {
        let zsh = await Self.script("zsh")
        #expect(zsh.hasPrefix("#compdef kma-forecast\n"))
        #expect(zsh.contains("'--format[Output format, text (for people), json or csv (for programs), svg (a chart picture); for many places csv (the default there) or jsonl (JSON Lines)]:format:(text json csv svg jsonl)'"))
        #expect(zsh.contains("'--chart[Also write the forecast as an SVG chart to this file (see --format svg)]:file:_files'"))
        #expect(zsh.contains("'grid:Convert between latitude/longitude and KMA grid cells (nx, ny)'"))
        let fish = await Self.script("fish")
        #expect(fish.contains("complete -c kma-forecast -n '__fish_seen_subcommand_from grid' -l format -x -a 'text json csv'"))
        #expect(fish.contains("-l product -x -a 'nowcast ultra-short short-term'"))
        #expect(fish.contains("-l provider -x -a 'data.go.kr apihub' -d 'data.go.kr (default, or  KMA_PROVIDER) or apihub (apihub.kma.go.kr)'"))
        for spec in KMAForecastTool.subcommands.map(\.spec) {
            #expect(zsh.contains("        \(spec.name))\n"))
            #expect(fish.contains("-a \(spec.name) -d"))
            for option in spec.options {
                #expect(zsh.contains("'--\(option.name)["), "zsh: \(spec.name) --\(option.name)")
                #expect(fish.contains("'__fish_seen_subcommand_from \(spec.name)' -l \(option.name)"), "fish: \(spec.name) --\(option.name)")
            }
        }
    }

    /// A shell on PATH, or `nil`.
    static func shell(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test("The zsh script parses in zsh (zsh -n)", .enabled(if: shell("zsh") != nil, "zsh is not installed"))
    func zshParses() async throws {
        try await Self.parses(shell: "zsh", script: Self.script("zsh"))
    }

    @Test("The fish script parses in fish (fish -n)", .enabled(if: shell("fish") != nil, "fish is not installed"))
    func fishParses() async throws {
        try await Self.parses(shell: "fish", script: Self.script("fish"))
    }

    static func parses(shell name: String, script: String) throws {
        let path = try temporaryFile(named: "completion", contents: script)
        defer { removeTemporary(path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(shell(name)))
        process.arguments = ["-n", path]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": (path as NSString).deletingLastPathComponent]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("--generate-completion-script: a shell it does not know, or none, is a usage error", arguments: [
        (["--generate-completion-script"], "Missing value for '--generate-completion-script <shell>'. Please provide one of 'bash', 'zsh' or 'fish'."),
        (["--generate-completion-script", "tcsh"], "The value 'tcsh' is invalid for '--generate-completion-script <shell>'"),
        (["--generate-completion-script=zsh", "extra"], "Unexpected argument 'extra'"),
        (["grid", "--generate-completion-script", "bash", "--frobnicate"], "Unknown option '--frobnicate'"),
        (["field", "--generate-completion-script", "tcsh"], "The value 'tcsh' is invalid for '--generate-completion-script <shell>'"),
    ])
    func badShell(arguments: [String], message: String) async {
        let result = await runTool(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("help prints the full reference: the tool and every subcommand; --help only the tool's")
    func reference() async {
        let full = await runTool(["help"])
        #expect(full.status == 0)
        #expect(full.stdout.hasPrefix("OVERVIEW: Weather from the Korea Meteorological Administration"))
        for spec in KMAForecastTool.subcommands.map(\.spec) {
            #expect(full.stdout.contains("OVERVIEW: \(spec.abstract)") || full.stdout.contains("OVERVIEW: " + spec.abstract.prefix(40)), "\(spec.name)")
            #expect(full.stdout.contains("USAGE: kma-forecast \(spec.name)"))
        }
        let short = await runTool(["--help"])
        #expect(!short.stdout.contains("USAGE: kma-forecast grid"))
        #expect(short.stdout.contains("--generate-completion-script bash"))
    }

    @Test("Help is wrapped to the terminal's width (COLUMNS), 80 columns by default", arguments: [40, 60, 80, 120])
    func wrapped(columns: Int) async {
        let result = await runTool(["help"], environment: ["COLUMNS": "\(columns)"])
        #expect(result.status == 0)
        for line in result.stdout.split(separator: "\n") {
            // A single word longer than the width (a URL) may stand alone on its line.
            let words = line.split(separator: " ")
            guard words.count > 1 else { continue }
            #expect(Formatting.displayWidth(String(line)) <= columns, "\(columns): \(line)")
        }
        let plain = await runTool(["--help"])
        let widest = plain.stdout.split(separator: "\n").map { Formatting.displayWidth(String($0)) }.max() ?? 0
        #expect(widest <= 80 && widest > 70)
    }
}
