import Foundation

/// Pages that do not add up to a run.
/// `localizedDescription` in an Apple UI reads as ``PagingError/description``: what was wrong and
/// what to do, the same text the command line prints.
extension PagingError: LocalizedError {
    /// The same as `description`.
    public var errorDescription: String? { description }
}
