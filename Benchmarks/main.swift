// The benchmark driver: `swift run -c release Benchmarks [--filter <substring>] [--format json] [--smoke]`.
// Each file registers its benchmarks with one `add…Benchmarks` call; see README.md for what
// each benchmark and its baseline measure.

import KMAForecastCLI

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

var arguments = Array(CommandLine.arguments.dropFirst())

// Child-process modes for cli.*: this executable as kma-forecast, or as the naive baseline.
if arguments.first == toolModeArgument {
    let context = CommandContext.process()
    var toolContext = context
    toolContext.arguments = Array(arguments.dropFirst())
    exit(await KMAForecastTool.run(toolContext))
}
if arguments.first == naiveModeArgument {
    exit(runNaiveGridInput())
}
// `--stand-in`: the ten-day benchmark's gateway, left running for trying the CLI by hand.
if arguments.first == "--stand-in" {
    exit(await runStandInGateway())
}

var options = BenchmarkOptions()
var tool: String?
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--filter":
        guard let value = arguments.first else { fputs("Error: Missing value for '--filter <substring>'\n", stderr); exit(64) }
        options.filter = value
        arguments.removeFirst()
    case "--format":
        switch arguments.first {
        case "json": options.format = .json
        case "text": options.format = .text
        default:
            fputs("Error: The value for '--format <format>' must be 'text' or 'json'\n", stderr)
            exit(64)
        }
        arguments.removeFirst()
    case "--cli":
        guard let value = arguments.first else { fputs("Error: Missing value for '--cli <path>'\n", stderr); exit(64) }
        tool = value
        arguments.removeFirst()
    case "--list":
        options.list = true
    case "--smoke":
        options.smoke = true
    case "-h", "--help":
        print(BenchmarkOptions.usage)
        exit(0)
    default:
        fputs("Error: Unknown argument '\(argument)'\n\(BenchmarkOptions.usage)\n", stderr)
        exit(64)
    }
}

let suite = BenchmarkSuite()
addGridBenchmarks(suite)
addBaseTimeBenchmarks(suite)
addSkyBenchmarks(suite)
addDecodeBenchmarks(suite)
addFieldBenchmarks(suite)
addFieldNetCDFBenchmarks(suite, tool: tool)
addCLIBenchmarks(suite, tool: tool)
addClientBenchmarks(suite)
addTenDayBenchmarks(suite)
addBatchPlacesBenchmarks(suite, tool: tool)
addServeBenchmarks(suite)
exit(await suite.run(options))
