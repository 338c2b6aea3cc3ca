/// A subcommand of the tool: its help and how to run it.
///
/// An enum rather than a list of `(spec, closure)` pairs: a value of a function type that
/// throws a typed error (`throws(CLIError)`) needs run-time type metadata that only Swift 6
/// runtimes have (macOS 15, iOS 18), and an array of them would not build for the package's
/// floor (macOS 13, iOS 16). A `switch` calls each command directly.
enum Subcommand: CaseIterable, Sendable {
    case forecast, alerts, watch, grid, place, baseTime, parse, field, mcp, serve

    /// The subcommand's help and options.
    var spec: CommandSpec {
        switch self {
        case .forecast: ForecastCommand.spec
        case .alerts: AlertsCommand.spec
        case .watch: WatchCommand.spec
        case .grid: GridCommand.spec
        case .place: PlaceCommand.spec
        case .baseTime: BaseTimeCommand.spec
        case .parse: ParseCommand.spec
        case .field: FieldCommand.spec
        case .mcp: MCPCommand.spec
        case .serve: ServeCommand.spec
        }
    }

    /// Runs the subcommand on its parsed arguments and returns the exit status.
    func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) -> Int32 {
        switch self {
        case .forecast: try await ForecastCommand.run(arguments, context)
        case .alerts: try await AlertsCommand.run(arguments, context)
        case .watch: try await WatchCommand.run(arguments, context)
        case .grid: try GridCommand.run(arguments, context)
        case .place: try PlaceCommand.run(arguments, context)
        case .baseTime: try BaseTimeCommand.run(arguments, context)
        case .parse: try ParseCommand.run(arguments, context)
        case .field: try await FieldCommand.run(arguments, context)
        case .mcp: try await MCPCommand.run(arguments, context)
        case .serve: try await ServeCommand.run(arguments, context)
        }
    }
}
