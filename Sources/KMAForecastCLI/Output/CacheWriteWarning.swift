import KMAForecast
import KMAForecastClient
import KMAForecastText
import _KMASystem

/// Says once, on standard error, that the cache could not be written (HOME is a file, the
/// directory is read-only …): the forecast still prints, but every call asks KMA again, and
/// a user who set up a cache should know why it does not help.
final class CacheWriteWarning: Sendable {
    private let sink: TextSink, language: DisplayLanguage
    private let warned = Locked(false)

    /// On the context's standard error, in its language (`--lang ko`: the table's Korean, the
    /// cache's reason quoted as given).
    init(_ context: CommandContext) {
        (sink, language) = (context.standardError, DisplayLanguage.requested(context))
    }

    /// Writes the warning for the first ``ForecastClientEvent/cacheWriteFailed(path:reason:)``.
    func observe(_ event: ForecastClientEvent) {
        guard case .cacheWriteFailed(let path, let reason) = event else { return }
        let first = warned.withLock { warned -> Bool in
            defer { warned = true }
            return !warned
        }
        guard first else { return }
        guard language == .en else { return sink.write(KoreanMessages.text("cacheWriteFailed", path, KoreanMessages.quoted(reason)) + "\n") }
        sink.write("Warning: could not write the cache at \(path) (\(reason)); the forecast is shown, but the next call will ask KMA again. Give a writable --cache-dir, or --no-cache.\n")
    }
}
