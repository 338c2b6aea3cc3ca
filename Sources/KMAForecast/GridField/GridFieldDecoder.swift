/// Decodes the plain-text body of KMA API Hub's grid-field service into a ``GridField``.
///
/// ```swift
/// let field = try GridFieldDecoder.field(body, product: .shortTerm, variable: .tmp, run: run, valid: valid)
/// let numbers = try GridFieldDecoder.values(body)      // the 37,697 numbers only
/// ```
///
/// **The layout** (from clients that called it live): decimal numbers separated by commas, 20
/// a line, so each 149-value row of the grid spans 8 lines, 253 rows, the first row `ny` 1
/// (south), west to east; `-99.00` for no data. The reader is strict about the count (exactly
/// 37,697 numbers) and about each number (an optional sign, digits, an optional fraction: what
/// `Double(String)` reads as the same value, bit for bit), and tolerant about the rest:
/// commas and/or spaces and tabs between numbers, `\n` or `\r\n` line ends, a trailing comma,
/// any count per line. A line whose first non-blank byte is `#` is skipped. A body with KMA's
/// own line count (2,024 lines of numbers) is held to KMA's layout, line by line: a row that
/// does not end where it should is ``GridFieldError/misalignedRow(ny:line:values:expected:)``
/// (one value too many early and one too few late give the right count but shift every cell
/// between them).
///
/// **Plausibility.** ``field(_:product:variable:run:valid:)`` refuses a value outside the
/// variable's physical range (``ForecastCategory/physicalRange``), e.g. TMP 899.99
/// (``GridFieldError/implausibleValue(variable:value:nx:ny:range:)``); missing marks (-99,
/// |v| ≥ 900) are not values.
///
/// **Errors.** A body with no numbers but a `#` line is API Hub's error with HTTP 200
/// (``GridFieldError/serviceMessage(_:)``, e.g. `# input variable error (-1)`); a JSON, XML or
/// HTML body is read by ``ForecastPageDecoder`` for the refusal it holds (API Hub's 403 JSON
/// for an operation not applied for, 활용신청) (``GridFieldError/refused(_:)``); fewer numbers in a
/// body that ends mid-line is ``GridFieldError/truncated(valuesRead:expected:)``; any other
/// count ``GridFieldError/wrongCount(found:expected:)``; a token that is not a number
/// ``GridFieldError/invalidNumber(line:text:)``.
///
/// **Speed.** One pass over the bytes, no allocation besides the result, each number built
/// from its digits as an integer and divided once by an exact power of ten (correctly
/// rounded, hence equal to `Double(String)`); see the `decode.field` benchmark.
public enum GridFieldDecoder {
    /// Decodes a body into a field.
    ///
    /// - Parameters:
    ///   - bytes: The body as received.
    ///   - product: The product it was asked from.
    ///   - variable: The variable asked for (`vars`).
    ///   - run: The run asked for (`tmfc`).
    ///   - valid: The valid time asked for (`tmef`; the run's time for the nowcast).
    /// - Throws: ``GridFieldError``.
    public static func field(
        _ bytes: [UInt8], product: ForecastProduct, variable: ForecastCategory, run: ForecastBase, valid: KSTDateTime
    ) throws(GridFieldError) -> GridField {
        let values = try values(bytes)
        if let range = variable.physicalRange, let error = implausible(values, variable: variable, range: range) { throw error }
        return try GridField(product: product, variable: variable, run: run, valid: valid, rawValues: values)
    }

    /// The first value of `values` (not missing) outside `range`, as an error naming it and its
    /// cell; `nil` when all are within.
    static func implausible(_ values: [Double], variable: ForecastCategory, range: ClosedRange<Double>) -> GridFieldError? {
        let index = values.withUnsafeBufferPointer { raw in
            raw.firstIndex { !GridField.isMissing($0) && !range.contains($0) }
        }
        guard let index else { return nil }
        return .implausibleValue(
            variable: variable.code, value: values[index], nx: index % GridField.columns + 1, ny: index / GridField.columns + 1, range: range
        )
    }

    /// The 37,697 numbers of a body, in KMA's order.
    ///
    /// - Throws: ``GridFieldError``.
    public static func values(_ bytes: [UInt8]) throws(GridFieldError) -> [Double] {
        var failure: GridFieldError?
        let values = [Double](unsafeUninitializedCapacity: GridField.count) { buffer, initialized in
            let outcome = bytes.withUnsafeBytes { raw in scan(raw, into: buffer) }
            switch outcome {
            case .success(let count):
                initialized = count
            case .failure(let error):
                // Doubles need no deinitialisation: whatever was written is simply dropped.
                initialized = 0
                failure = error
            }
        }
        if let failure { throw failure }
        return values
    }

    /// Reads the numbers of `bytes` into `output` (which must hold ``GridField/count``).
    ///
    /// - Returns: ``GridField/count`` on success, or the error.
    public static func scan(_ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<Double>) -> Result<Int, GridFieldError> {
        precondition(output.count >= GridField.count, "the output must hold 37,697 values")
        let expected = GridField.count
        let count = bytes.count
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count > 0 else { return .failure(.empty) }
        guard let out = output.baseAddress else { return .failure(.empty) }
        var index = 0
        var found = 0
        var line = 1
        var atLineStart = true
        var firstComment: (start: Int, end: Int)?
        // Where each line with numbers ends (values so far, and its line number), for the
        // row check of KMA's layout; only as many as that layout has lines, plus one.
        var lineEnds = Layout(capacity: Layout.lines + 1)
        while index < count {
            let byte = base[index]
            // Separators: comma, space, tab, CR; a line feed starts a new line.
            if byte == 0x2C || byte == 0x20 || byte == 0x0D || byte == 0x09 {
                index &+= 1
                continue
            }
            if byte == 0x0A {
                if !atLineStart { lineEnds.note(found: found, line: line) }
                line &+= 1
                atLineStart = true
                index &+= 1
                continue
            }
            if atLineStart {
                if byte == 0x23 {  // '#': a comment or API Hub's error line
                    var end = index
                    while end < count && base[end] != 0x0A { end &+= 1 }
                    if firstComment == nil { firstComment = (index, end) }
                    index = end
                    continue
                }
                if found == 0, byte == 0x7B || byte == 0x3C || byte == 0xEF || byte == 0x5B {
                    // '{', '<', '[' or a UTF-8 byte-order mark: JSON, XML or HTML, not a field.
                    return .failure(refusal(bytes))
                }
                atLineStart = false
            }
            // The missing mark, `-99.00`, most of a body (the sea): six bytes compared at once.
            if byte == 0x2D, count &- index >= 6,
               UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self)) == 0x2E39_392D,  // "-99."
               UInt16(littleEndian: UnsafeRawPointer(base + (index &+ 4)).loadUnaligned(as: UInt16.self)) == 0x3030,  // "00"
               index &+ 6 == count || isSeparator(base[index &+ 6]) {
                if found < expected { out[found] = GridField.missingMarker }
                found &+= 1
                index &+= 6
                continue
            }
            // KMA's usual shape, [-]d.dd to [-]ddd.dd and a separator: eight bytes at once.
            let unsigned = byte == 0x2D ? index &+ 1 : index
            if count &- unsigned >= 8 {
                var hundredths: UInt64 = 0
                let length = twoDecimals(base + unsigned, &hundredths)
                if length > 0 {
                    // Exact integer over an exact 100: correctly rounded, as Double(String).
                    var value = Double(hundredths) / 100
                    if byte == 0x2D { value = -value }
                    if found < expected { out[found] = value }
                    found &+= 1
                    index = unsigned &+ length
                    continue
                }
            }
            // Any other number: [-+]digits[.digits] or [-+].digits, then a separator or the end.
            let start = index
            var negative = false
            if byte == 0x2D {
                negative = true
                index &+= 1
            } else if byte == 0x2B {
                index &+= 1
            }
            var mantissa: UInt64 = 0
            var digits = 0
            while index < count {
                let digit = base[index] &- 0x30
                guard digit < 10 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits &+= 1
                index &+= 1
            }
            var fraction = 0
            if index < count && base[index] == 0x2E {
                index &+= 1
                while index < count {
                    let digit = base[index] &- 0x30
                    guard digit < 10 else { break }
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    fraction &+= 1
                    index &+= 1
                }
            }
            let total = digits &+ fraction
            guard total > 0, index == count || isSeparator(base[index]) else {
                return .failure(invalid(base, count: count, from: start, line: line))
            }
            var value: Double
            if total <= 15 {
                // Both operands exact (mantissa < 2^53, 10^fraction ≤ 10^15): one correctly
                // rounded division, the same Double as Double(String).
                value = Double(mantissa)
                switch fraction {
                case 0: break
                case 1: value /= 10
                case 2: value /= 100
                default: value /= powersOfTen[fraction]
                }
                if negative { value = -value }
            } else {
                guard let parsed = DecimalParser.parse(UnsafeRawBufferPointer(start: base + start, count: index - start)) else { return .failure(invalid(base, count: count, from: start, line: line)) }
                value = parsed
            }
            if found < expected { out[found] = value }
            found &+= 1
        }
        if !atLineStart { lineEnds.note(found: found, line: line) }
        if found == expected {
            if let misaligned = lineEnds.misalignedRow() { return .failure(misaligned) }
            return .success(found)
        }
        if found == 0 {
            if let comment = firstComment {
                let text = String(decoding: UnsafeRawBufferPointer(start: base + comment.start, count: comment.end - comment.start), as: UTF8.self)
                return .failure(.serviceMessage(String(text.drop { $0 == "#" || $0 == " " }).trimmingWhitespace()))
            }
            return .failure(.empty)
        }
        if found < expected, !isLineEnd(base[count - 1]) {
            return .failure(.truncated(valuesRead: found, expected: expected))
        }
        return .failure(.wrongCount(found: found, expected: expected))
    }

    /// KMA's layout: 20 numbers a line, each 149-value row of the grid over 8 lines (7 × 20
    /// + 9), 2,024 lines. A body with exactly that many lines of numbers is held to it line by
    /// line: an extra value early and one missing late give the right count but shift every
    /// cell between them, which only the row ends show.
    struct Layout {
        /// Lines of numbers in KMA's layout: 253 rows × 8.
        static let lines = GridField.rows * linesPerRow
        /// Lines a row spans.
        static let linesPerRow = 8
        /// Numbers on a full line.
        static let perLine = 20

        /// Values read by the end of each line with numbers (the first ``lines`` + 1 lines).
        private var ends: [Int32] = []
        /// The line number (from 1) of each of those lines.
        private var numbers: [Int32] = []
        /// Lines with numbers seen, all of them.
        private(set) var count = 0

        init(capacity: Int) {
            ends.reserveCapacity(capacity)
            numbers.reserveCapacity(capacity)
        }

        /// Notes the end of a line with numbers.
        @inline(__always)
        mutating func note(found: Int, line: Int) {
            if count <= Self.lines {
                ends.append(Int32(truncatingIfNeeded: found))
                numbers.append(Int32(truncatingIfNeeded: line))
            }
            count &+= 1
        }

        /// Numbers line `k` (from 0) of KMA's layout holds: 20, or 9 on a row's last line.
        static func expected(onLine k: Int) -> Int {
            k % linesPerRow == linesPerRow - 1 ? GridField.columns - (linesPerRow - 1) * perLine : perLine
        }

        /// The first line of a body in KMA's layout (``lines`` lines of numbers) that does not
        /// hold what the layout puts there, as an error naming its row; `nil` when every row
        /// ends where it should, or the body has another layout.
        func misalignedRow() -> GridFieldError? {
            guard count == Self.lines else { return nil }
            var previous: Int32 = 0
            for k in 0..<Self.lines {
                let values = Int(ends[k] - previous)
                let expected = Self.expected(onLine: k)
                if values != expected {
                    return .misalignedRow(ny: k / Self.linesPerRow + 1, line: Int(numbers[k]), values: values, expected: expected)
                }
                previous = ends[k]
            }
            return nil
        }
    }

    /// 10^0 ... 10^15, exact in a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Reads `d.dd`, `dd.dd` or `ddd.dd` followed by a separator from the eight bytes at `p`
    /// (all readable), as an integer number of hundredths.
    ///
    /// - Returns: The length of the number (4...6), or 0 when the bytes have another shape
    ///   (the caller then reads them one by one).
    @inline(__always)
    private static func twoDecimals(_ p: UnsafePointer<UInt8>, _ hundredths: inout UInt64) -> Int {
        let word = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
        // The first '.' (the lowest zero byte of word ^ "........"; exact for the lowest).
        let x = word ^ 0x2E2E_2E2E_2E2E_2E2E
        let dots = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
        let dot = dots.trailingZeroBitCount &>> 3
        guard dot >= 1, dot <= 3 else { return 0 }
        // Move the '.' to byte 3, with '0's shifted in below: bytes 0–2 the integer digits,
        // 4–5 the decimals, 6 the separator.
        let shift = UInt64(3 &- dot) &* 8
        let aligned = (word &<< shift) | (0x0030_3030 & ((1 &<< shift) &- 1))
        guard isSeparator(UInt8(truncatingIfNeeded: aligned &>> 48)) else { return 0 }
        let digitBytes: UInt64 = 0x0000_FFFF_00FF_FFFF
        let digits = (aligned & digitBytes) | (0x3030_3030_3030_3030 & ~digitBytes)
        // Every byte within '0'...'9': neither b − 0x30 nor b + 0x46 sets a high bit (the
        // lowest byte out of range always shows).
        guard ((digits &- 0x3030_3030_3030_3030) | (digits &+ 0x4646_4646_4646_4646)) & 0x8080_8080_8080_8080 == 0 else { return 0 }
        let d = digits &- 0x3030_3030_3030_3030
        hundredths = (d & 0xFF) &* 10_000 &+ (d &>> 8 & 0xFF) &* 1_000 &+ (d &>> 16 & 0xFF) &* 100
            &+ (d &>> 32 & 0xFF) &* 10 &+ (d &>> 40 & 0xFF)
        return dot &+ 3
    }

    /// Whether a byte is a comma, space, tab, CR or LF: one bit of a 64-bit mask (all five are
    /// below 64).
    @inline(__always)
    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte < 64 && (0x0000_1001_0000_2600 as UInt64) &>> UInt64(byte) & 1 != 0
    }

    private static func isLineEnd(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x2C || byte == 0x20
    }

    /// The token starting at `start` (to the next separator, at most 40 characters).
    private static func invalid(_ base: UnsafePointer<UInt8>, count: Int, from start: Int, line: Int) -> GridFieldError {
        var end = start
        while end < count && !isSeparator(base[end]) && end - start < 40 { end += 1 }
        let text = String(decoding: UnsafeRawBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        return .invalidNumber(line: line, text: text)
    }

    /// The refusal a JSON, XML or HTML body holds.
    private static func refusal(_ bytes: UnsafeRawBufferPointer) -> GridFieldError {
        do {
            _ = try ForecastPageDecoder.decode(Array(bytes))
            return .refused(.unexpectedShape("a forecast page (JSON) instead of a grid field"))
        } catch {
            return .refused(error)
        }
    }
}
