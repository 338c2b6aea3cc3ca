#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A date or time that could not be read or does not exist.
/// `localizedDescription` in an Apple UI reads as ``KSTDateTimeError/description``: what was wrong and
/// what to do, the same text the command line prints.
extension KSTDateTimeError: LocalizedError {
    /// The same as `description`.
    public var errorDescription: String? { description }
}
