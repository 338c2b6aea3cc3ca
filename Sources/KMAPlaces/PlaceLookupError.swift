/// Why a name did not lead to one place (``PlaceDirectory/place(named:)``).
///
/// The ``description`` is a message for a person that says what to type instead: the
/// candidates with their full names and cells, or the closest names.
public enum PlaceLookupError: Error, Hashable, Sendable {
    /// No region matches the query; the closest names, best first (possibly none).
    case notFound(String, suggestions: [Place])
    /// Several regions match the query equally well and none contains the others; all of
    /// them, shallowest first, then in table order.
    case ambiguous(String, candidates: [Place])

    /// The query as given.
    public var query: String {
        switch self {
        case .notFound(let query, _), .ambiguous(let query, _): query
        }
    }

    /// Whether the query holds no name at all (spaces, punctuation): "no place name given".
    package var isEmptyQuery: Bool {
        switch self {
        case .notFound(let query, _), .ambiguous(let query, _): PlaceNameFolding.key(query).isEmpty
        }
    }

    /// How many candidates ``description`` lists before "… and N more".
    package static let listedCandidates = 12
}

extension PlaceLookupError: CustomStringConvertible {
    /// A message for a person, e.g. `'중구' matches 6 regions; give more of the name, e.g.
    /// '서울특별시 중구':` followed by one candidate a line, or `no region in KMA's table matches
    /// '종루구'; did you mean '서울특별시 종로구'?`.
    public var description: String {
        switch self {
        case .notFound(let query, let suggestions):
            if PlaceNameFolding.key(query).isEmpty {
                return "no place name given; give a Korean region name such as '서울', '종로구' or '서울 종로구 청운효자동'"
            }
            var text = "no region in KMA's grid table matches '\(query)'"
            if suggestions.isEmpty {
                text += "; give a Korean region name as KMA's table has it, e.g. '서울', '종로구' or '서울 종로구 청운효자동' (a province or city may also be given in English: 'Busan', 'Gyeonggi-do', 'Suwon-si')"
            } else {
                text += "; did you mean " + Self.listing(suggestions.map { "'\($0.name)'" }) + "?"
            }
            return text
        case .ambiguous(let query, let candidates):
            var text = "'\(query)' matches \(candidates.count) regions; give more of the name"
            if let example = candidates.first {
                text += ", e.g. '\(example.name)'"
            }
            text += ":"
            for candidate in candidates.prefix(Self.listedCandidates) {
                text += "\n  \(candidate)"
            }
            if candidates.count > Self.listedCandidates {
                text += "\n  … and \(candidates.count - Self.listedCandidates) more"
            }
            return text
        }
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`.
    private static func listing(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }
}
