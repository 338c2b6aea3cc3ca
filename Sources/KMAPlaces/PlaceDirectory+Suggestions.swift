extension PlaceDirectory {
    /// The names closest to a query that matches nothing, best first: for "did you mean".
    ///
    /// Two sources, in this order:
    /// 1. The query without its unit suffix, searched again: `청운동` (not a region) suggests
    ///    `청운효자동` and `청운면`.
    /// 2. Typos: names within a small edit distance, counted in jamo (ㅎ, ㅐ, ㄷ …) rather than
    ///    syllables, so `해운데구` is one edit from `해운대구`: at most a quarter of the query's
    ///    jamo (at least 1), and at most one more than the closest. A name is compared as its
    ///    own level, alone or after its ancestors (`서울 종루구` → `서울특별시 종로구`), with and
    ///    without its unit suffix, and by its English name (`Bussan` → 부산광역시).
    ///
    /// - Parameters:
    ///   - query: The query as typed.
    ///   - limit: The most names to return.
    /// - Complexity: O(n) in the number of places: meant for the error path, not a hot loop.
    public func suggestions(for query: String, limit: Int = 5) -> [Place] {
        let key = PlaceNameFolding.key(query)
        guard !key.isEmpty, limit > 0 else { return [] }
        var found: [Place] = []
        if let stem = PlaceNameForms.stem(of: key) {
            found = search(String(decoding: stem, as: UTF16.self)).prefix(limit).map(\.place)
        }
        for place in nearestByEditDistance(to: key) where found.count < limit && !found.contains(place) {
            found.append(place)
        }
        return found
    }

    /// Places whose names are within the typo distance of `key`, closest first, then shallowest.
    private func nearestByEditDistance(to key: [UInt16]) -> [Place] {
        let typed = Jamo.decomposed(key)
        let limit = max(1, typed.count / 4)
        var scored: [(distance: Int, depth: Int, position: Int)] = []
        for (position, place) in places.enumerated() {
            var best = limit + 1
            for name in Self.spellings(of: place) {
                best = min(best, EditDistance.levenshtein(typed, Jamo.decomposed(name), limit: best - 1))
            }
            if best <= limit { scored.append((best, place.depth, position)) }
        }
        guard let closest = scored.map(\.distance).min() else { return [] }
        return scored.filter { $0.distance <= closest + 1 }
            .sorted { ($0.distance, $0.depth, $0.position) < ($1.distance, $1.depth, $1.position) }
            .map { places[$0.position] }
    }

    /// How a place's name may be written, as keys: its own level with and without its unit
    /// suffix, alone or after all its ancestors, the province's short form and the rest, or
    /// (for a town) its district.
    private static func spellings(of place: Place) -> [[UInt16]] {
        let keys = place.levels.map { PlaceNameFolding.key($0) }
        guard let own = keys.last else { return [] }
        let ownForms = [own] + (PlaceNameForms.stem(of: own).map { [$0] } ?? [])
        var prefixes: [[UInt16]] = [[]]
        if keys.count > 1 {
            let middle = keys.dropFirst().dropLast().flatMap { $0 }
            prefixes.append(keys[0] + middle)
            if let short = ProvinceNames.alternatives[place.levels[0]]?.first { prefixes.append(PlaceNameFolding.key(short) + middle) }
            if keys.count == 3 { prefixes.append(keys[1]) }
        }
        return prefixes.flatMap { prefix in ownForms.map { prefix + $0 } } + englishSpellings(of: place)
    }

    /// The English names of a province or city that is a row (`busan`, `gyeonggido`,
    /// `gyeonggi`, `uijeongbusi`, `uijeongbu`), as keys; none for other places.
    private static func englishSpellings(of place: Place) -> [[UInt16]] {
        let names: EnglishPlaceNames.Names? = switch place.depth {
        case 1: EnglishPlaceNames.province(place.levels[0])
        case 2: EnglishPlaceNames.city(place.levels[1])
        default: nil
        }
        guard let names else { return [] }
        return (names.exact + names.shortened).map { PlaceNameFolding.key($0) }
    }
}
