/// "Did you mean …?" for mistyped names: the closest candidate by edit distance.
enum Suggestion {
    /// The candidate closest to `text`, if it is close enough to be a likely typo
    /// (edit distance at most 2, or at most a third of the length for longer names).
    static func closest(to text: String, among candidates: [String]) -> String? {
        let source = Array(text.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(source, Array(candidate.lowercased()))
            if let current = best, current.1 <= distance { continue }
            best = (candidate, distance)
        }
        guard let (candidate, distance) = best else { return nil }
        let limit = max(2, source.count / 3)
        return distance <= limit ? candidate : nil
    }

    /// Levenshtein distance between two character arrays.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
