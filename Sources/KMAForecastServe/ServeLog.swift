import Foundation
import KMAForecast

/// The server's log: one line per event on standard error (or wherever `write` puts it), as
/// JSON Lines (`--log-format json`: `{"event":"request","method":"GET",…,"time":"…"}`) or text
/// (`kma-forecast serve: request method=GET …`). Every value is the server's own or went
/// through ``PrintableText`` (no control characters, cut at 300 characters); no line holds
/// the service key (the client's messages are redacted before they reach here, and requests
/// to KMA are never logged).
public struct ServeLog: Sendable {
    /// The line format.
    public enum Format: String, Sendable, CaseIterable {
        /// `kma-forecast serve: event key=value …`.
        case text
        /// One JSON object a line.
        case json
    }

    let format: Format
    let now: @Sendable () -> Date
    let write: @Sendable (String) -> Void

    /// A log writing lines (with their line end) through `write`.
    public init(format: Format, now: @escaping @Sendable () -> Date = { Date() }, write: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.now = now
        self.write = write
    }

    /// Logs an event with its fields (values as given, escaped here).
    func event(_ name: String, _ fields: [(String, String)]) {
        let time = KSTDateTime(now()).iso8601
        let safe = fields.map { ($0.0, PrintableText.escaped($0.1, maximumLength: 300)) }
        switch format {
        case .json:
            let members = [("event", JSONText.string(name)), ("time", JSONText.string(time))] + safe.map { ($0.0, JSONText.string($0.1)) }
            write(JSONText.object(members) + "\n")
        case .text:
            let pairs = safe.map { $0.0 + "=" + ($0.1.contains(" ") || $0.1.isEmpty ? JSONText.string($0.1) : $0.1) }
            write((["kma-forecast serve:", time, name] + pairs).joined(separator: " ") + "\n")
        }
    }
}
