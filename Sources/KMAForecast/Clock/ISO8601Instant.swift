/// Reads ISO 8601 instants (the CLI's `--at`, stored forecasts): ISO 8601 such as `2026-11-21T02:09:59+09:00` or `…Z`; without an
/// offset the time is KST. Pure arithmetic, no `DateFormatter`.
///
/// Accepted: `YYYY-MM-DD`, then optionally `T` (or a space) and `HH:MM`, `:SS`, a fraction
/// `.sss` (dropped: instants count in whole seconds, rounded towards the past), then
/// optionally `Z`, `±HH:MM`, `±HHMM` or `±HH`. Compact `YYYYMMDDTHHMM[SS]` also works.
package enum ISO8601Instant {
    /// What an instant should look like, for error messages.
    package static let expected = "ISO 8601 such as 2026-11-21T02:09:59+09:00, 2026-11-20T17:09:59Z or 2026-11-21T02:09 (KST)"

    /// The instant as seconds since 1970-01-01T00:00:00Z.
    package static func unixSeconds(_ text: String) throws(KSTDateTimeError) -> Int64 {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4) else { throw unreadable(text) }
        let dashed = scanner.skip(UInt8(ascii: "-"))
        guard let month = scanner.digits(2) else { throw unreadable(text) }
        if dashed, !scanner.skip(UInt8(ascii: "-")) { throw unreadable(text) }
        guard let day = scanner.digits(2) else { throw unreadable(text) }
        var hour = 0, minute = 0, second = 0
        if scanner.skip(UInt8(ascii: "T")) || scanner.skip(UInt8(ascii: "t")) || scanner.skip(UInt8(ascii: " ")) {
            guard let h = scanner.digits(2) else { throw unreadable(text) }
            let colons = scanner.skip(UInt8(ascii: ":"))
            guard let m = scanner.digits(2) else { throw unreadable(text) }
            hour = h; minute = m
            if colons ? scanner.skip(UInt8(ascii: ":")) : scanner.peekDigit {
                guard let s = scanner.digits(2) else { throw unreadable(text) }
                second = s
                if scanner.skip(UInt8(ascii: ".")) || scanner.skip(UInt8(ascii: ",")) {
                    guard scanner.peekDigit else { throw unreadable(text) }
                    while scanner.peekDigit { scanner.index += 1 }
                }
            }
        }
        var offset = KSTDateTime.utcOffset
        if scanner.skip(UInt8(ascii: "Z")) || scanner.skip(UInt8(ascii: "z")) {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let oh = scanner.digits(2), oh <= 18 else { throw unreadable(text) }
            var om = 0
            if scanner.skip(UInt8(ascii: ":")) {
                guard let m = scanner.digits(2) else { throw unreadable(text) }
                om = m
            } else if let m = scanner.digits(2) {
                om = m
            }
            guard om < 60 else { throw unreadable(text) }
            offset = Int64(sign * (oh * 3600 + om * 60))
        }
        guard scanner.atEnd else { throw unreadable(text) }
        if hour == 24, minute == 0, second == 0 {
            // 24:00 is the end of the day: the next day's 00:00.
            let midnight = try KSTDateTime(year: year, month: month, day: day)
            return midnight.unixSeconds + 86_400 - (offset - KSTDateTime.utcOffset)
        }
        if second == 60 { second = 59 }  // a leap second: the last second of the minute.
        let wall = try KSTDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        // `wall` read the fields as KST; shift when the text gave another offset.
        return wall.unixSeconds - (offset - KSTDateTime.utcOffset)
    }

    private static func unreadable(_ text: String) -> KSTDateTimeError {
        .unreadable(text: text, expected: expected)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }
        var peekDigit: Bool { index < bytes.count && bytes[index] >= 48 && bytes[index] <= 57 }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count,
                  let value = FixedWidthDigits.value(bytes[index..<(index + count)], count: count) else { return nil }
            index += count
            return value
        }

        mutating func sign() -> Int? {
            if skip(UInt8(ascii: "+")) { return 1 }
            if skip(UInt8(ascii: "-")) { return -1 }
            return nil
        }
    }
}

extension KSTDateTime {
    /// Parses an ISO 8601 instant, such as ``iso8601`` writes: `2026-11-21T05:10:00+09:00`,
    /// `2026-11-20T20:10:00Z`, or without an offset (read as KST) `2026-11-21T05:10`.
    /// Fractions of a second are dropped (towards the past).
    ///
    /// - Throws: ``KSTDateTimeError/unreadable(text:expected:)`` naming the text and the
    ///   accepted forms, or another ``KSTDateTimeError`` for a date that does not exist.
    public init(iso8601 text: String) throws(KSTDateTimeError) {
        self.init(unixSeconds: try ISO8601Instant.unixSeconds(text))
    }
}
