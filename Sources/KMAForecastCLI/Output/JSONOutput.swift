import KMAForecast

/// The tool's JSON output (`--format json`, `parse --format json`): the library's values
/// encoded through the package's one JSON writer.
enum JSONOutput {
    /// Encodes through the one JSON writer (``JSONTextEncoder``, ``JSONText``'s escaping and
    /// numbers, keys sorted, `m/s` unescaped), ending in a newline.
    static func encode(_ value: some Encodable) throws(CLIError) -> String {
        do {
            return try JSONTextEncoder.encode(value) + "\n"
        } catch {
            throw .runtime("could not write JSON: \(error)")
        }
    }
}
