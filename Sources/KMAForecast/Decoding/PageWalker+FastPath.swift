/// The literal parts of KMA's usual item layout, as little-endian words for overlapping
/// 8-byte (or 4-byte) comparisons: a segment of n bytes is checked by one load at its start
/// and one at n − 8 (n − 4), which together cover every byte.
///
/// The layout, as the gateway and the API Hub send it:
/// `{"baseDate":"20221120","baseTime":"0500","category":"TMP","fcstDate":"20221120","fcstTime":"0600","fcstValue":"10","nx":60,"ny":120}`
enum CompactLayout {
    // '{"baseDate":"' (13 bytes): words at 0 and 5
    static let openBaseDate0: UInt64 = 0x6144_6573_6162_227B
    static let openBaseDate1: UInt64 = 0x223A_2265_7461_4465
    // '","baseTime":"' (14 bytes): words at 0 and 6
    static let baseTime0: UInt64 = 0x5465_7361_6222_2C22
    static let baseTime1: UInt64 = 0x223A_2265_6D69_5465
    // '","category":"' (14 bytes): words at 0 and 6
    static let category0: UInt64 = 0x6765_7461_6322_2C22
    static let category1: UInt64 = 0x223A_2279_726F_6765
    // '","fcstDate":"' (14 bytes): words at 0 and 6
    static let fcstDate0: UInt64 = 0x4474_7363_6622_2C22
    static let fcstDate1: UInt64 = 0x223A_2265_7461_4474
    // '","fcstTime":"' (14 bytes): words at 0 and 6
    static let fcstTime0: UInt64 = 0x5474_7363_6622_2C22
    static let fcstTime1: UInt64 = 0x223A_2265_6D69_5474
    // '","fcstValue":"' (15 bytes): words at 0 and 7
    static let fcstValue0: UInt64 = 0x5674_7363_6622_2C22
    static let fcstValue1: UInt64 = 0x223A_2265_756C_6156
    // '","nx":' (7 bytes): 4-byte words at 0 and 3
    static let nx0: UInt32 = 0x6E22_2C22
    static let nx1: UInt32 = 0x3A22_786E
    // ',"ny":' (6 bytes): 4-byte words at 0 and 2
    static let ny0: UInt32 = 0x796E_222C
    static let ny1: UInt32 = 0x3A22_796E

    /// The shortest possible compact item: 13+8+14+4+14+1+14+8+14+4+15+0+7+1+6+1+1 bytes.
    static let minimumLength = 125

    /// Eight ASCII digits (first digit in the lowest byte) as a number, or `nil` if any byte
    /// is not a digit. SWAR: three multiplications instead of eight steps.
    @inline(__always)
    static func eightDigits(_ word: UInt64) -> Int? {
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let zeros: UInt64 = 0x3030_3030_3030_3030
        guard word & high == zeros, (word &+ 0x0606_0606_0606_0606) & high == zeros else { return nil }
        var value = word &- zeros
        value = value &* 10 &+ (value >> 8)
        value = ((value & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064
            &+ ((value >> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001) >> 32
        return Int(truncatingIfNeeded: value & 0xFFFF_FFFF)
    }

    /// High bit set in each byte of `word` that equals `byte`. Exact up to and including the
    /// first match; bytes after a match may be flagged falsely (a borrow), which callers
    /// avoid by only looking before the first closing quote.
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// High bit set in each byte below 0x20 (a control character), with the same exactness
    /// as ``matches(_:_:)``.
    @inline(__always)
    static func controls(_ word: UInt64) -> UInt64 {
        (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
    }

    /// A mask of the low `count` bytes (0...8).
    @inline(__always)
    static func lowBytes(_ count: Int) -> UInt64 {
        count >= 8 ? .max : (1 << UInt64(truncatingIfNeeded: count &* 8)) &- 1
    }

    /// Four ASCII digits as a number, or `nil`.
    @inline(__always)
    static func fourDigits(_ word: UInt32) -> Int? {
        guard word & 0xF0F0_F0F0 == 0x3030_3030, (word &+ 0x0606_0606) & 0xF0F0_F0F0 == 0x3030_3030 else { return nil }
        var value = word &- 0x3030_3030
        value = value &* 10 &+ (value >> 8)
        value = ((value & 0x00FF_00FF) &* 0x0064_0001) >> 16
        return Int(value & 0xFFFF)
    }
}

extension PageWalker {
    /// The fast path for one item in KMA's usual compact layout.
    ///
    /// Every byte of the item is checked: literal segments by overlapping word comparisons,
    /// digits by SWAR, the category and value strings byte by byte (no escapes, no control
    /// characters, valid UTF-8), `nx`/`ny` by the JSON number grammar. On any deviation it
    /// returns `false` with the reader where it was, and the general path reads the item (and
    /// reports any error with its offset).
    @inline(__always)
    mutating func fastItem(_ reader: inout JSONReader) throws(ForecastResponseError) -> Bool {
        let bytes = reader.bytes
        let end = bytes.count
        let start = reader.position
        guard start + CompactLayout.minimumLength <= end, let base = bytes.baseAddress else { return false }
        @inline(__always) func word(_ at: Int) -> UInt64 { (base + at).loadUnaligned(as: UInt64.self) }
        @inline(__always) func half(_ at: Int) -> UInt32 { (base + at).loadUnaligned(as: UInt32.self) }

        var p = start
        guard word(p) == CompactLayout.openBaseDate0, word(p + 5) == CompactLayout.openBaseDate1,
              let baseDate = CompactLayout.eightDigits(word(p + 13)),
              word(p + 21) == CompactLayout.baseTime0, word(p + 27) == CompactLayout.baseTime1,
              let baseTime = CompactLayout.fourDigits(half(p + 35)),
              word(p + 39) == CompactLayout.category0, word(p + 45) == CompactLayout.category1
        else { return false }
        p += 53

        // The category: 1...8 ASCII bytes up to the closing quote, found a word at a time.
        let categoryWord = word(p)
        let quotes = CompactLayout.matches(categoryWord, UInt8(ascii: "\""))
        let categoryLength: Int
        if quotes != 0 {
            categoryLength = quotes.trailingZeroBitCount >> 3
        } else {
            guard bytes[p + 8] == UInt8(ascii: "\"") else { return false }
            categoryLength = 8
        }
        let categoryMask = CompactLayout.lowBytes(categoryLength)
        guard categoryLength >= 1,
              (CompactLayout.matches(categoryWord, UInt8(ascii: "\\")) | CompactLayout.controls(categoryWord)
                | (categoryWord & 0x8080_8080_8080_8080)) & categoryMask == 0
        else { return false }
        let category = ForecastCategory(packed: categoryWord & categoryMask)
        p += categoryLength

        // From the quote after the category: fixed-width fcstDate and fcstTime, then the value.
        guard p + 14 + 8 + 14 + 4 + 15 + 16 <= end,
              word(p) == CompactLayout.fcstDate0, word(p + 6) == CompactLayout.fcstDate1,
              let forecastDate = CompactLayout.eightDigits(word(p + 14)),
              word(p + 22) == CompactLayout.fcstTime0, word(p + 28) == CompactLayout.fcstTime1,
              let forecastTime = CompactLayout.fourDigits(half(p + 36)),
              word(p + 40) == CompactLayout.fcstValue0, word(p + 47) == CompactLayout.fcstValue1
        else { return false }
        p += 55

        // The value: bytes up to the closing quote, a word at a time for the usual short values
        // (a byte at a time beyond 16); escapes and control characters go to the general path,
        // non-ASCII is validated as UTF-8 below.
        let valueStart = p
        let low = word(p)
        let high = word(p + 8)
        let lowQuotes = CompactLayout.matches(low, UInt8(ascii: "\""))
        let highQuotes = CompactLayout.matches(high, UInt8(ascii: "\""))
        var nonASCII: Bool
        if lowQuotes != 0 || highQuotes != 0 {
            let length = lowQuotes != 0 ? lowQuotes.trailingZeroBitCount >> 3 : 8 + (highQuotes.trailingZeroBitCount >> 3)
            let lowMask = CompactLayout.lowBytes(length)
            let highMask = length > 8 ? CompactLayout.lowBytes(length - 8) : 0
            let bad = (CompactLayout.matches(low, UInt8(ascii: "\\")) | CompactLayout.controls(low)) & lowMask
                | (CompactLayout.matches(high, UInt8(ascii: "\\")) | CompactLayout.controls(high)) & highMask
            guard bad == 0 else { return false }
            nonASCII = (low & lowMask | high & highMask) & 0x8080_8080_8080_8080 != 0
            p += length
        } else {
            p += 16
            nonASCII = (low | high) & 0x8080_8080_8080_8080 != 0
            guard (CompactLayout.matches(low, UInt8(ascii: "\\")) | CompactLayout.controls(low)
                | CompactLayout.matches(high, UInt8(ascii: "\\")) | CompactLayout.controls(high)) == 0 else { return false }
            while p < end {
                let byte = bytes[p]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return false }
                if byte >= 0x80 { nonASCII = true }
                p += 1
            }
        }
        let valueLength = p - valueStart
        let valueEnd = p
        // Then `","nx":` digits `,"ny":` digits `}`.
        guard p + 7 + 1 + 6 + 1 + 1 <= end, half(p) == CompactLayout.nx0, half(p + 3) == CompactLayout.nx1 else { return false }
        p += 7
        guard let nx = Self.smallInteger(bytes, &p), p + 6 + 2 <= end,
              half(p) == CompactLayout.ny0, half(p + 2) == CompactLayout.ny1 else { return false }
        p += 6
        guard let ny = Self.smallInteger(bytes, &p), p < end, bytes[p] == UInt8(ascii: "}") else { return false }
        p += 1

        let text: InlineText
        if valueLength <= InlineText.inlineCapacity {
            let highMask = valueLength > 8 ? CompactLayout.lowBytes(valueLength - 8) : 0
            text = .inline(low: low & CompactLayout.lowBytes(valueLength), high: (high & highMask) | UInt64(valueLength) << 56)
        } else {
            text = InlineText(bytes: UnsafeRawBufferPointer(rebasing: bytes[valueStart..<valueEnd]))
        }
        if nonASCII {
            if case .inline(let low, let high) = text {
                if (low, high) != validatedText0 && (low, high) != validatedText1 {
                    try reader.validateUTF8(JSONReader.StringSpan(start: valueStart, end: valueEnd, hasEscapes: false))
                    validatedText1 = validatedText0
                    validatedText0 = (low, high)
                }
            } else {
                try reader.validateUTF8(JSONReader.StringSpan(start: valueStart, end: valueEnd, hasEscapes: false))
            }
        }
        try deliver(
            baseDate: baseDate, baseTime: baseTime, category: category, forecastDate: forecastDate,
            forecastTime: forecastTime, text: text, isObservation: false, nx: nx, ny: ny
        )
        reader.position = p
        return true
    }

    /// A non-negative JSON integer of 1...5 digits (no leading zero unless it is `0`),
    /// advancing `p`; `nil` for anything else (the general path decides).
    @inline(__always)
    static func smallInteger(_ bytes: UnsafeRawBufferPointer, _ p: inout Int) -> Int? {
        let start = p
        var value = 0
        while p < bytes.count, p - start < 6 {
            let digit = bytes[p] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            value = value * 10 + Int(digit)
            p += 1
        }
        let length = p - start
        guard length >= 1, length <= 5, !(length > 1 && bytes[start] == UInt8(ascii: "0")) else { return nil }
        return value
    }
}
