extension Formatting {
    /// The words of `text` (split at spaces) filled greedily into lines of at most `width`
    /// terminal columns (``displayWidth(_:)``), the first line starting with `first`, later
    /// ones with `continuation`. A word wider than a line is broken inside (at characters), so
    /// no line is ever wider than `width` when `width` exceeds the indents by at least 2
    /// columns; with `breakingWords` false it stands alone on its line instead (help text,
    /// where a URL or an option must stay whole for a copy).
    ///
    /// ```swift
    /// Formatting.wrap("호우경보 제주도산지 since 09:00", width: 16, first: "  ", continuation: "    ")
    /// // "  호우경보\n    제주도산지\n    since 09:00"
    /// ```
    package static func wrap(_ text: String, width: Int, first: String, continuation: String, breakingWords: Bool = true) -> String {
        var lines: [String] = []
        var current = first
        var bare = true
        for word in text.split(separator: " ") {
            let candidate = bare ? current + word : current + " " + word
            if displayWidth(candidate) <= width {
                current = candidate
                bare = false
                continue
            }
            if !breakingWords {
                if !bare { lines.append(current); current = continuation }
                current += word
                bare = false
                continue
            }
            if !bare {
                lines.append(current)
                current = continuation
                bare = true
                if displayWidth(current + word) <= width {
                    current += word
                    bare = false
                    continue
                }
            }
            // A word wider than a line: as many characters as fit on each line.
            for character in word {
                if !bare, displayWidth(current + String(character)) > width {
                    lines.append(current)
                    current = continuation
                }
                current.append(character)
                bare = false
            }
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }
}
