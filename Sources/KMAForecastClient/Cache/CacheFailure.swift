/// A cache file could not be written. The fetch that tried still succeeds.
struct CacheFailure: Error, Hashable, Sendable {
    /// The file or directory.
    var path: String
    /// The system's reason, e.g. "Permission denied".
    var reason: String
}
