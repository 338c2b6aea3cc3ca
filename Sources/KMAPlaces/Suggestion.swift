/// "Did you mean …?" for mistyped names (the command line's options and subcommands): the
/// closest candidate by edit distance, a swap of two neighbouring letters one edit (`--lnag` →
/// `--lang`, not `--lat`).
package enum Suggestion {
    /// The candidate closest to `text`, if it is close enough to be a likely typo
    /// (edit distance at most 2, or at most a third of the length for longer names).
    package static func closest(to text: String, among candidates: [String]) -> String? {
        let source = Array(text.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = EditDistance.transposing(source, Array(candidate.lowercased()))
            if let current = best, current.1 <= distance { continue }
            best = (candidate, distance)
        }
        guard let (candidate, distance) = best else { return nil }
        let limit = max(2, source.count / 3)
        return distance <= limit ? candidate : nil
    }
}
