#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A body that is not a forecast page, or KMA's refusal.
/// `localizedDescription` in an Apple UI reads as ``ForecastResponseError/description``: what was wrong and
/// what to do, the same text the command line prints.
extension ForecastResponseError: LocalizedError {
    /// The same as `description`.
    public var errorDescription: String? { description }
}
