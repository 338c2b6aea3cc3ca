/// `kma-forecast --generate-completion-script bash|zsh|fish`: shell completion made from the
/// commands' ``CommandSpec``s, so it offers exactly what the parser accepts — subcommands,
/// each command's options, the allowed values of choice options (`--format`, `--product`, …)
/// and file names for options that take a file or directory.
///
/// ```sh
/// source <(kma-forecast --generate-completion-script bash)      # bash
/// kma-forecast --generate-completion-script zsh > ~/.zfunc/_kma-forecast
/// kma-forecast --generate-completion-script fish > ~/.config/fish/completions/kma-forecast.fish
/// ```
enum CompletionScript {
    /// The shells with a script.
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// A command to complete: its name (`""` for the tool with no subcommand) and spec.
    typealias Command = (name: String, spec: CommandSpec)

    /// The script for a shell.
    ///
    /// - Parameters:
    ///   - root: The options of `kma-forecast` with no subcommand.
    ///   - subcommands: Each subcommand's spec, in help order (`help` is added).
    static func script(for shell: Shell, root: CommandSpec, subcommands: [CommandSpec]) -> String {
        switch shell {
        case .bash: bash(root: root, subcommands: subcommands)
        case .zsh: zsh(root: root, subcommands: subcommands)
        case .fish: fish(root: root, subcommands: subcommands)
        }
    }

    /// The option names a command offers, `--help` and (for the tool itself) `--version` included.
    static func optionNames(_ spec: CommandSpec) -> [String] {
        var names = spec.options.map { "--" + $0.name }
        names.append("--help")
        if spec.name.isEmpty, !names.contains("--version") { names.append("--version") }
        return names
    }

    /// What an option's value completes to.
    enum Value: Equatable {
        /// One of the allowed values (`--format`, `--product`, …).
        case choices([String])
        /// A file name: the placeholder is `file`.
        case file
        /// A directory: the placeholder is `dir`.
        case directory
        /// Free text (a number, a place name, a key): nothing to offer.
        case text
    }

    /// What an option's value completes to, or `nil` for a flag.
    static func value(of option: OptionSpec) -> Value? {
        guard let valueName = option.valueName else { return nil }
        if let allowed = option.allowedValues { return .choices(allowed) }
        switch valueName {
        case "file": return .file
        case "dir": return .directory
        default: return .text
        }
    }

    /// The first sentence of a help text without the characters the shells' syntax gives a
    /// meaning (quotes, brackets, backslashes, `$`, backquotes; a colon becomes a comma).
    private static func summary(_ help: String) -> String {
        // The first sentence ends at ". " (not at the dot of "data.go.kr").
        var sentence = help.range(of: ". ").map { String(help[..<$0.lowerBound]) } ?? help
        if sentence.hasSuffix(".") { sentence.removeLast() }
        return String(sentence.map { $0 == ":" ? "," : "'\"[]\\$`".contains($0) ? " " : $0 })
    }

    // MARK: bash

    private static func bash(root: CommandSpec, subcommands: [CommandSpec]) -> String {
        let names = subcommands.map(\.name) + ["help"]
        var out = """
            # bash completion for kma-forecast (bash 4 or later). Load it with:
            #   source <(kma-forecast --generate-completion-script bash)

            # COMPREPLY from compgen's lines, one candidate a line: no word splitting (a file
            # name with spaces stays one candidate) and no glob expansion (a name with `*`
            # stays itself).
            _kma_forecast_reply() {
                mapfile -t COMPREPLY < <(compgen "$@")
            }

            # File and directory candidates, quoted by bash as file names when inserted.
            _kma_forecast_files() {
                compopt -o filenames 2>/dev/null
                _kma_forecast_reply "$@"
            }

            _kma_forecast() {
                local cur prev subcommand=""
                cur="${COMP_WORDS[COMP_CWORD]}"
                prev=""
                if [[ $COMP_CWORD -gt 0 ]]; then prev="${COMP_WORDS[COMP_CWORD-1]}"; fi
                if [[ $COMP_CWORD -gt 1 ]]; then
                    case "${COMP_WORDS[1]}" in
                        \(names.joined(separator: "|"))) subcommand="${COMP_WORDS[1]}" ;;
                    esac
                fi
                local options
                case "$subcommand" in

            """
        for spec in subcommands {
            out += "        \(spec.name)) options=\"\(optionNames(spec).joined(separator: " "))\" ;;\n"
        }
        out += "        help) _kma_forecast_reply -W \"\(subcommands.map(\.name).joined(separator: " "))\" -- \"$cur\"; return 0 ;;\n"
        out += "        *) options=\"\(optionNames(root).joined(separator: " "))\" ;;\n"
        out += "    esac\n"
        out += bashValueCases(root: root, subcommands: subcommands)
        out += """
                if [[ "$cur" == -* ]]; then
                    _kma_forecast_reply -W "$options --generate-completion-script" -- "$cur"
                elif [[ $COMP_CWORD -eq 1 ]]; then
                    _kma_forecast_reply -W "\(names.joined(separator: " "))" -- "$cur"
                else
                    _kma_forecast_files -f -- "$cur"
                fi
                return 0
            }
            complete -F _kma_forecast kma-forecast

            """
        return out
    }

    /// bash: the `case` that completes an option's value (a choice, a directory, a file, or
    /// nothing for free text), by subcommand and option.
    private static func bashValueCases(root: CommandSpec, subcommands: [CommandSpec]) -> String {
        var out = "    case \"$subcommand:$prev\" in\n"
        for (name, spec) in [("", root)] + subcommands.map({ ($0.name, $0) }) {
            for option in spec.options {
                let pattern = "\(name):--\(option.name)"
                switch value(of: option) {
                case .choices(let allowed)?: out += "        \(pattern)) _kma_forecast_reply -W \"\(allowed.joined(separator: " "))\" -- \"$cur\"; return 0 ;;\n"
                case .directory?: out += "        \(pattern)) _kma_forecast_files -d -- \"$cur\"; return 0 ;;\n"
                case .file?: out += "        \(pattern)) _kma_forecast_files -f -- \"$cur\"; return 0 ;;\n"
                case .text?: out += "        \(pattern)) COMPREPLY=(); return 0 ;;\n"
                case nil: break
                }
            }
        }
        out += "        *:--generate-completion-script) _kma_forecast_reply -W \"\(Shell.allCases.map(\.rawValue).joined(separator: " "))\" -- \"$cur\"; return 0 ;;\n"
        out += "    esac\n"
        return out
    }

    // MARK: zsh

    private static func zsh(root: CommandSpec, subcommands: [CommandSpec]) -> String {
        func arguments(_ spec: CommandSpec, extra: [String] = []) -> String {
            var specs: [String] = []
            for option in spec.options {
                let help = summary(option.help)
                var line = "'--\(option.name)[\(help)]"
                let valueName = option.valueName ?? ""
                switch value(of: option) {
                case .choices(let allowed)?: line += ":\(valueName):(\(allowed.joined(separator: " ")))"
                case .directory?: line += ":\(valueName):_directories"
                case .file?: line += ":\(valueName):_files"
                case .text?: line += ":\(valueName): "
                case nil: break
                }
                specs.append(line + "'")
            }
            specs.append("'(-h --help)'{-h,--help}'[Show help information]'")
            specs += extra
            if spec.positional != nil { specs.append("'*:file:_files'") }
            return specs.map { "            " + $0 }.joined(separator: " \\\n")
        }
        var out = """
            #compdef kma-forecast
            # zsh completion for kma-forecast. Install it with:
            #   kma-forecast --generate-completion-script zsh > "${fpath[1]}/_kma-forecast"

            _kma_forecast() {
                local -a subcommands
                subcommands=(

            """
        for spec in subcommands {
            out += "        '\(spec.name):\(summary(spec.abstract))'\n"
        }
        out += "        'help:Show the full reference or the help of a subcommand'\n"
        out += "    )\n"
        out += """
                if (( CURRENT == 2 )) && [[ ${words[2]} != -* ]]; then
                    _describe 'subcommand' subcommands
                    return
                fi
                case ${words[2]} in

            """
        let extra = ["'--generate-completion-script[Print a shell completion script]:shell:(\(Shell.allCases.map(\.rawValue).joined(separator: " ")))'"]
        for spec in subcommands {
            out += "        \(spec.name))\n            shift words; (( CURRENT-- ))\n            _arguments -s \\\n\(arguments(spec, extra: extra))\n            ;;\n"
        }
        out += "        help)\n            _describe 'subcommand' subcommands\n            ;;\n"
        out += "        *)\n            _arguments -s \\\n\(arguments(root, extra: extra))\n            ;;\n"
        out += "    esac\n}\n\n_kma_forecast \"$@\"\n"
        return out
    }

    // MARK: fish

    private static func fish(root: CommandSpec, subcommands: [CommandSpec]) -> String {
        let names = (subcommands.map(\.name) + ["help"]).joined(separator: " ")
        var out = """
            # fish completion for kma-forecast. Install it with:
            #   kma-forecast --generate-completion-script fish > ~/.config/fish/completions/kma-forecast.fish
            complete -c kma-forecast -f

            """
        for spec in subcommands {
            out += "complete -c kma-forecast -n 'not __fish_seen_subcommand_from \(names)' -a \(spec.name) -d '\(summary(spec.abstract))'\n"
        }
        out += "complete -c kma-forecast -n 'not __fish_seen_subcommand_from \(names)' -a help -d 'Show the full reference'\n"
        out += "complete -c kma-forecast -n '__fish_seen_subcommand_from help' -a '\(subcommands.map(\.name).joined(separator: " "))'\n"
        func options(_ spec: CommandSpec, condition: String) -> String {
            var lines = ""
            for option in spec.options {
                var line = "complete -c kma-forecast -n '\(condition)' -l \(option.name)"
                switch value(of: option) {
                case .choices(let allowed)?: line += " -x -a '\(allowed.joined(separator: " "))'"
                case .file?, .directory?: line += " -r -F"
                case .text?: line += " -x"
                case nil: break
                }
                lines += line + " -d '\(summary(option.help))'\n"
            }
            lines += "complete -c kma-forecast -n '\(condition)' -s h -l help -d 'Show help information'\n"
            return lines
        }
        for spec in subcommands {
            out += options(spec, condition: "__fish_seen_subcommand_from \(spec.name)")
        }
        let top = "not __fish_seen_subcommand_from \(names)"
        out += options(root, condition: top)
        out += "complete -c kma-forecast -l generate-completion-script -x -a '\(Shell.allCases.map(\.rawValue).joined(separator: " "))' -d 'Print a shell completion script'\n"
        return out
    }
}
