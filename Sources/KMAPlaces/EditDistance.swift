/// Levenshtein edit distance: the one home for "how many single-element insertions,
/// deletions and substitutions turn one sequence into the other". Place suggestions use it
/// on jamo (so one mistyped letter is one edit), the CLI's "Did you mean …?" on characters.
package enum EditDistance {
    /// The Levenshtein distance between `a` and `b`, or `limit + 1` as soon as it is known to
    /// be more than `limit`.
    ///
    /// ```swift
    /// EditDistance.levenshtein(Array("kitten"), Array("sitting"))           // 3
    /// EditDistance.levenshtein(Array("kitten"), Array("sitting"), limit: 1) // 2: more than 1
    /// ```
    ///
    /// - Parameters:
    ///   - a: One sequence, e.g. `Array(text)` (characters) or a jamo key (UTF-16 units).
    ///   - b: The other.
    ///   - limit: The largest distance of interest, 0 or more; `nil` (the default) for none.
    ///     With a limit the answer is `min(distance, limit + 1)`, found sooner.
    /// - Returns: The distance, 0…`max(a.count, b.count)`, capped at `limit + 1`.
    /// - Complexity: O(`a.count` × `b.count`) time, O(`b.count`) space; with a limit, stops
    ///   at the first row whose every entry is over it.
    @inlinable
    package static func levenshtein<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int? = nil) -> Int {
        let cap = limit.map { max($0, 0) } ?? Int.max - 1
        guard abs(a.count - b.count) <= cap else { return cap + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > cap { return cap + 1 }
            swap(&previous, &current)
        }
        return min(previous[b.count], cap + 1)
    }

    /// The optimal string alignment distance: ``levenshtein(_:_:limit:)`` where swapping two
    /// adjacent elements is one edit, not two, so a typist's transposition is the closest
    /// mistake (`--lnag` is one edit from `--lang`, two from `--lat`).
    ///
    /// ```swift
    /// EditDistance.transposing(Array("--lnag"), Array("--lang"))   // 1
    /// ```
    ///
    /// - Returns: The distance, 0…`max(a.count, b.count)`.
    /// - Complexity: O(`a.count` × `b.count`) time and space.
    package static func transposing<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
