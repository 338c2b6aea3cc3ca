/// The grammar of KMA's value text, read from UTF-8 bytes: no regex, no Foundation, no
/// allocation. Whitespace (ASCII, no-break space U+00A0, ideographic space U+3000) is allowed
/// before, after and between tokens, because KMA's spacing varies (`50.0mm 이상`, `50.0mm이상`).
internal enum ValueText {
    /// The value of text that is one decimal number: optional sign, digits, optional point
    /// and digits (`10`, `-1.3`, `7.0`, `.5`); at most 17 digits. `nil` for anything else.
    static func number(_ bytes: UnsafeRawBufferPointer) -> Double? {
        var scanner = Scanner(bytes)
        guard let value = scanner.number(signed: true), scanner.atEnd else { return nil }
        return value
    }

    /// The value of text that is a bare code: 1 to 3 ASCII digits (`1`, `04`), nothing else.
    static func code(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var scanner = Scanner(bytes)
        scanner.skipSpace()
        var value = 0, digits = 0
        while let byte = scanner.peek, byte >= 0x30, byte <= 0x39, digits < 3 {
            value = value * 10 + Int(byte - 0x30)
            digits += 1
            scanner.position += 1
        }
        guard digits > 0, scanner.atEnd else { return nil }
        return value
    }

    /// Whether a number is KMA's "missing" marker: 900 or more, or -900 or less.
    static func isMissing(_ value: Double) -> Bool {
        value >= 900 || value <= -900
    }

    /// An amount in category text (see ``AmountRange``), or `nil` if the text is not one.
    ///
    /// Grammar, with whitespace anywhere between tokens:
    /// `none` | `n [unit]` | `n [unit] 미만` | `n [unit] 이상` | `n [unit] ~ n [unit]`, where `n`
    /// is an unsigned decimal number. `0` (with or without unit) is ``AmountRange/zero``; a
    /// range needs its lower bound below its upper one; `미만` needs a bound above 0.
    ///
    /// - Parameters:
    ///   - unit: The unit the category uses (`mm` or `cm`); another unit is not accepted.
    ///   - none: The category's word for nothing (`강수없음` or `적설없음`).
    static func amount(_ bytes: UnsafeRawBufferPointer, unit: StaticString, none: StaticString) -> AmountRange? {
        var scanner = Scanner(bytes)
        if scanner.literal(none) { return scanner.atEnd ? AmountRange.zero : nil }
        guard let first = scanner.number(signed: false) else { return nil }
        _ = scanner.literal(unit)
        if scanner.atEnd { return first == 0 ? AmountRange.zero : .exactly(first) }
        if scanner.literal("미만") {
            return scanner.atEnd && first > 0 ? .lessThan(first) : nil
        }
        if scanner.literal("이상") {
            return scanner.atEnd ? .atLeast(first) : nil
        }
        if scanner.literal("~") || scanner.literal("～") {
            guard let second = scanner.number(signed: false) else { return nil }
            _ = scanner.literal(unit)
            return scanner.atEnd && first < second ? .range(first, second) : nil
        }
        return nil
    }

    /// A cursor over the bytes.
    struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        /// The byte at the cursor, or `nil` at the end.
        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        /// Whether only whitespace is left (skips it).
        var atEnd: Bool {
            mutating get {
                skipSpace()
                return position == bytes.count
            }
        }

        /// Moves past whitespace.
        mutating func skipSpace() {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    position += 1
                } else if byte == 0xC2, position + 1 < bytes.count, bytes[position + 1] == 0xA0 {
                    position += 2
                } else if byte == 0xE3, position + 2 < bytes.count, bytes[position + 1] == 0x80, bytes[position + 2] == 0x80 {
                    position += 3
                } else {
                    return
                }
            }
        }

        /// Moves past `text` (after whitespace) if it comes next; otherwise stays put.
        mutating func literal(_ text: StaticString) -> Bool {
            skipSpace()
            let start = position
            return text.withUTF8Buffer { expected in
                guard bytes.count - start >= expected.count else { return false }
                for index in 0..<expected.count where bytes[start + index] != expected[index] { return false }
                position = start + expected.count
                return true
            }
        }

        /// Reads a decimal number (after whitespace); on failure the cursor stays put.
        mutating func number(signed: Bool) -> Double? {
            skipSpace()
            let start = position
            if signed, let sign = peek, sign == 0x2D || sign == 0x2B {
                position += 1
            }
            var digits = 0
            var seenPoint = false
            while let byte = peek {
                if byte >= 0x30, byte <= 0x39 {
                    guard digits < 17 else { position = start; return nil }
                    digits += 1
                } else if byte == 0x2E, !seenPoint {
                    seenPoint = true
                } else {
                    break
                }
                position += 1
            }
            guard digits > 0 else { position = start; return nil }
            // The grammar is this scanner's; the value is the package's one decimal parser's
            // (correctly rounded: "-1.3" reads as the literal -1.3, at any digit count).
            return DecimalParser.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        }
    }
}
