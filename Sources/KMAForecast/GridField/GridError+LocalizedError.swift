#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KMAGrid

/// KMAGrid imports no Foundation, so its error becomes a `LocalizedError` here, in the first module above it that does.
/// `localizedDescription` in an Apple UI reads as ``GridError/description``: what was wrong and
/// what to do, the same text the command line prints.
extension GridError: LocalizedError {
    /// The same as `description`.
    public var errorDescription: String? { description }
}
