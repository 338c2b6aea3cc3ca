import Foundation
import KMAPlaces

/// KMAPlaces imports no Foundation, so its errors become `LocalizedError`s here, in the first module above it that does.
/// `localizedDescription` in an Apple UI reads as ``PlaceTableError/description``: what was wrong and
/// what to do, the same text the command line prints.
extension PlaceTableError: LocalizedError {
    /// The same as `description`.
    public var errorDescription: String? { description }
}
