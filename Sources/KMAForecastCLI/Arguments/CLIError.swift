/// A failure that ends a run, with the exit status it maps to.
///
/// - `usage`: the arguments are wrong. Printed as `Error: …`, the command's usage and a
///   pointer to `--help`; exit 64 (`EX_USAGE`).
/// - `runtime`: the arguments were fine but the work failed. Printed as `Error: …`; exit 1.
/// - `failed`, `misused`: `runtime`, `usage` with the message in English and in Korean.
/// - `alreadyReported`: the failure was printed already (e.g. per input line); exit 1.
public enum CLIError: Error, Sendable {
    case usage(String)
    case runtime(String)
    /// A run-time failure with its message in Korean too (`--lang ko`), from the error's case.
    case failed(String, korean: String)
    /// A usage error with its message in Korean too (`--lang ko`), from the error's case.
    case misused(String, korean: String)
    case alreadyReported
}

/// The tool's exit statuses.
public enum ExitCode {
    /// Success.
    public static let success: Int32 = 0
    /// A run-time failure: the input was fine but the work failed.
    public static let failure: Int32 = 1
    /// Bad usage (`EX_USAGE`): an unknown option, a missing or invalid value.
    public static let usage: Int32 = 64
}
