#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Items that do not pivot into rows.
/// `localizedDescription` in an Apple UI reads as ``RowBuilderError/description``: what was wrong and
/// what to do, the same text the command line prints.
extension RowBuilderError: LocalizedError {
    /// The same as `description`.
    public var errorDescription: String? { description }
}
