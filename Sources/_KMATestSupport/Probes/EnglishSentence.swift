/// Finds English sentences left in text meant to be Korean (`--lang ko`): a run of three or
/// more ASCII words in a row, outside what stays as it is in any language (URLs, flags,
/// environment variables, codes and identifiers such as `LIMITED_NUMBER_OF_…`, `getVilageFcst`,
/// `URLError`, numbers).
public enum EnglishSentence {
    /// The first run of three or more plain English words in `text`, or `nil` when there is none.
    public static func firstRun(in text: String) -> String? {
        var run: [Substring] = []
        for token in text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }) {
            if isWord(token) {
                run.append(token)
                if run.count >= 3 { return run.joined(separator: " ") }
            } else {
                run = []
            }
        }
        return nil
    }

    /// A token that reads as an English word: ASCII letters only (with a trailing `,`, `.`, `:`
    /// or `;`, or a leading `(`), and not an identifier (inner capitals, as in `getVilageFcst`).
    private static func isWord(_ token: Substring) -> Bool {
        var core = token
        while let first = core.first, "(\"'".contains(first) { core = core.dropFirst() }
        while let last = core.last, ",.:;)\"'?!".contains(last) { core = core.dropLast() }
        guard core.count >= 1, core.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        // An identifier or an acronym: capitals after the first letter (getVilageFcst, KMA, HTTP).
        return !core.dropFirst().contains { $0.isUppercase }
    }
}
