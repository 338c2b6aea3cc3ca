/// A long byte string shown short in a failed expectation (its length and FNV-1a hash), so
/// that a mismatch of megabytes is reported at once instead of diffed element by element.
package struct ByteSummary: Equatable, CustomStringConvertible {
    /// The byte count, or -1 for no file.
    package var count: Int
    /// FNV-1a (64-bit) of the bytes.
    package var hash: UInt64

    /// The summary of `bytes` (`nil`: no file).
    package init(_ bytes: [UInt8]?) {
        count = bytes?.count ?? -1
        hash = (bytes ?? []).reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }

    package var description: String { count < 0 ? "no file" : "\(count) bytes, FNV-1a \(String(hash, radix: 16))" }
}
