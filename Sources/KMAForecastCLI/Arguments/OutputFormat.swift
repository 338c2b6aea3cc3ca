/// How a command prints its result: `--format text|json|csv`.
enum OutputFormat: String, CaseIterable, Sendable {
    /// For people: aligned, labelled, with units.
    case text
    /// For programs: JSON, typed.
    case json
    /// For programs and spreadsheets: CSV with a header row.
    case csv
}
