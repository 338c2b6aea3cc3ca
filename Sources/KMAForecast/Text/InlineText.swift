/// A short UTF-8 string stored inline (up to 15 bytes, in two words) with a heap fallback for
/// longer text: the raw values KMA sends ("10", "강수없음", "30.0~50.0mm", "50.0mm 이상") fit
/// inline, so keeping them costs no allocation.
@usableFromInline
internal enum InlineText: Hashable, Sendable {
    /// Up to 15 bytes: `low` holds bytes 0–7, `high` bytes 8–14 and the length in its top byte.
    case inline(low: UInt64, high: UInt64)
    /// Longer text.
    case heap(String)

    /// The most bytes stored inline.
    @usableFromInline static let inlineCapacity = 15

    /// Text from raw UTF-8 bytes (copied).
    @inlinable
    init(bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        guard count <= Self.inlineCapacity else {
            self = .heap(String(decoding: bytes, as: UTF8.self))
            return
        }
        var low: UInt64 = 0
        var high: UInt64 = UInt64(count) << 56
        var index = 0
        while index < count && index < 8 {
            low |= UInt64(bytes[index]) << UInt64(index * 8)
            index += 1
        }
        while index < count {
            high |= UInt64(bytes[index]) << UInt64((index - 8) * 8)
            index += 1
        }
        self = .inline(low: low, high: high)
    }

    /// Text from a string.
    @inlinable
    init(_ string: String) {
        var string = string
        self = string.withUTF8 { InlineText(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The number of UTF-8 bytes.
    @inlinable
    var count: Int {
        switch self {
        case .inline(_, let high): Int(high >> 56)
        case .heap(let string): string.utf8.count
        }
    }

    /// Calls `body` with the UTF-8 bytes.
    @inlinable
    func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        switch self {
        case .inline(let low, let high):
            // Little-endian words put byte 0 first in memory on every platform.
            var words = (low.littleEndian, (high & 0x00FF_FFFF_FFFF_FFFF).littleEndian)
            let count = Int(high >> 56)
            return try withUnsafeBytes(of: &words) { raw in
                try body(UnsafeRawBufferPointer(rebasing: raw[0..<count]))
            }
        case .heap(var string):
            return try string.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        }
    }

    /// The text as a `String`.
    @inlinable
    var string: String {
        switch self {
        case .inline: withBytes { String(decoding: $0, as: UTF8.self) }
        case .heap(let string): string
        }
    }
}
