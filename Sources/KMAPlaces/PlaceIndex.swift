/// The search structure over a directory's places, built once with the directory.
///
/// A query's key (``PlaceNameFolding``) is read as names from the province down, each level
/// optional and the spaces between them optional, the last name naming the region's own
/// (deepest) level: `서울종로구` is 서울 + 종로구, `서울 청운효자동` skips the district.
///
/// 1. The last name: every suffix of the key is looked up by binary search among the sorted
///    forms of every region's own level (``PlaceNameForms``), and, for a district of a city
///    (`수원시영통구`), of the city too (`수원시`, `수원`: the city is not a region of its own
///    in the table, so its name stands for each of its districts). A form equal to the suffix
///    matches with its quality; a form that only starts with it is a
///    ``PlaceMatchQuality/partial`` match.
/// 2. The text before it must split into exact or shortened forms of the levels above the
///    one named, in order, any of them skipped.
///
/// A region's quality is that of its loosest name, and the best over the ways to read the
/// key. All forms live in one buffer of code units, so a lookup allocates only its result.
struct PlaceIndex: Sendable {
    /// One level of names, shared by every region below it (`서울특별시`, `종로구` under it, …).
    /// A level-2 name like `수원시영통구` is two levels here: the city and the district.
    private struct Level: Sendable {
        /// The level above, or -1 for a province.
        var parent: Int32
        /// Form numbers of the exact and shortened forms.
        var exact: Range<Int32>, shortened: Range<Int32>
    }

    /// A form that names a region, for the sorted search.
    private struct Entry: Sendable {
        /// The form number.
        var form: Int32
        /// The region's position in the directory.
        var place: Int32
        /// The level the form belongs to: the region's own, or the city of a district.
        var level: Int32
        /// The quality of a match with the whole form.
        var quality: PlaceMatchQuality
    }

    /// A region that a key names, and how closely.
    struct Match: Sendable {
        /// The region's position in the directory.
        var place: Int
        /// How closely the key names it.
        var quality: PlaceMatchQuality
    }

    /// The code units of every form, back to back: form `i` is `units[bounds[i]..<bounds[i + 1]]`.
    private let units: [UInt16]
    private let bounds: [Int32]
    private let levels: [Level]
    /// The forms that name each region, sorted by their code units.
    private let entries: [Entry]
    /// The last two code units of every form of a level that has levels below it: a query
    /// position not preceded by one of these cannot follow an ancestor's name, so most
    /// readings are ruled out before the ancestors are checked.
    private let ancestorEndings: Set<UInt32>

    /// Builds the index of `places`, in their order.
    init(places: [Place]) {
        let tree = NameTree(places)
        var table = FormTable()
        // The levels of each node, parents first. A level-2 name like 수원시영통구 is two:
        // the city and the district.
        var levelOfNode: [Int32] = []
        levelOfNode.reserveCapacity(tree.nodes.count)
        // The city level above a district's, by the district's.
        var cityOfDistrict: [Int32: Int32] = [:]
        for node in tree.nodes {
            let parent = node.parent < 0 ? -1 : levelOfNode[node.parent]
            let siblings = tree.childNames[node.parent + 1]
            if node.depth == 0 {
                levelOfNode.append(table.add(PlaceNameForms.province(node.name), parent: parent))
            } else if node.depth == 1, let split = PlaceNameForms.cityAndDistrict(node.name, siblings: siblings) {
                let city = table.add(split.city, parent: parent)
                let district = table.add(split.district, parent: city)
                cityOfDistrict[district] = city
                levelOfNode.append(district)
            } else if node.depth == 1 {
                levelOfNode.append(table.add(PlaceNameForms.level2(node.name, siblings: siblings), parent: parent))
            } else {
                levelOfNode.append(table.add(PlaceNameForms(name: node.name, siblings: siblings), parent: parent))
            }
        }
        let ownLevels = tree.nodeOfPlace.map { $0 < 0 ? -1 : levelOfNode[$0] }
        var entries = Self.entries(ownLevels: ownLevels, cityOfDistrict: cityOfDistrict, levels: table.levels)
        let bounds = table.bounds
        table.units.withUnsafeBufferPointer { units in
            func form(_ number: Int32) -> UnsafeBufferPointer<UInt16> {
                UnsafeBufferPointer(rebasing: units[Int(bounds[Int(number)])..<Int(bounds[Int(number) + 1])])
            }
            entries.sort { Self.precedes(form($0.form), form($1.form)) }
        }
        self.units = table.units
        self.bounds = table.bounds
        self.levels = table.levels
        self.entries = entries
        self.ancestorEndings = Self.ancestorEndings(table)
    }

    /// The tree of names: a node per distinct path, i.e. the folded names from the province
    /// down (hashing the Hangul strings themselves would normalize them on every lookup).
    /// A node comes after its parent; node n's children are named in `childNames[n + 1]`
    /// (the provinces in `childNames[0]`).
    private struct NameTree {
        var nodes: [(name: String, parent: Int, depth: Int)] = []
        var childNames: [[[UInt16]]] = [[]]
        /// The node of each place's own name, in the places' order.
        var nodeOfPlace: [Int] = []

        init(_ places: [Place]) {
            var nodeOfPath: [[UInt16]: Int] = [:]
            nodeOfPlace.reserveCapacity(places.count)
            for place in places {
                var node = -1
                var path: [UInt16] = []
                for (depth, name) in place.levels.enumerated() {
                    let key = PlaceNameFolding.key(name)
                    if depth > 0 { path.append(0) }
                    path += key
                    if let known = nodeOfPath[path] {
                        node = known
                        continue
                    }
                    childNames[node + 1].append(key)
                    nodes.append((name, node, depth))
                    childNames.append([])
                    node = nodes.count - 1
                    nodeOfPath[path] = node
                }
                nodeOfPlace.append(node)
            }
        }
    }

    /// The forms of every level, as the index stores them: the code units of all forms end to
    /// end, each form's end in `bounds`, and each level's forms as ranges of form numbers.
    private struct FormTable {
        var units: [UInt16] = []
        var bounds: [Int32] = [0]
        var levels: [Level] = []

        /// Appends forms; their numbers.
        mutating func add(_ forms: [[UInt16]]) -> Range<Int32> {
            let first = Int32(bounds.count - 1)
            for form in forms {
                units += form
                bounds.append(Int32(units.count))
            }
            return first..<Int32(bounds.count - 1)
        }

        /// Appends a level with its exact and shortened forms; its number.
        mutating func add(_ forms: PlaceNameForms, parent: Int32) -> Int32 {
            levels.append(Level(parent: parent, exact: add(forms.exact), shortened: add(forms.shortened)))
            return Int32(levels.count - 1)
        }
    }

    /// The endings (``ending(_:)``) of every form of every level that has a child level.
    private static func ancestorEndings(_ table: FormTable) -> Set<UInt32> {
        var endings: Set<UInt32> = []
        for level in table.levels where level.parent >= 0 {
            let parent = table.levels[Int(level.parent)]
            for number in parent.exact.lowerBound..<parent.shortened.upperBound {
                let form = table.units[Int(table.bounds[Int(number)])..<Int(table.bounds[Int(number) + 1])]
                endings.insert(Self.ending(form))
            }
        }
        return endings
    }

    /// The entries of every place, unsorted: each form of its own level, and a district's
    /// city's forms too (a district is named by its own names and by its city's).
    private static func entries(ownLevels: [Int32], cityOfDistrict: [Int32: Int32], levels: [Level]) -> [Entry] {
        var entries: [Entry] = []
        for (place, own) in ownLevels.enumerated() where own >= 0 {
            for level in [own] + (cityOfDistrict[own].map { [$0] } ?? []) {
                let forms = levels[Int(level)]
                for (numbers, quality) in [(forms.exact, PlaceMatchQuality.exact), (forms.shortened, .shortened)] {
                    entries += numbers.map { Entry(form: $0, place: Int32(place), level: level, quality: quality) }
                }
            }
        }
        return entries
    }

    /// The last two code units of `text` as one number (one unit: 0xFFFF and the unit).
    private static func ending(_ text: some BidirectionalCollection<UInt16>) -> UInt32 {
        guard let last = text.last else { return 0xFFFF_FFFF }
        let before = text.count > 1 ? text[text.index(text.endIndex, offsetBy: -2)] : 0xFFFF
        return UInt32(before) << 16 | UInt32(last)
    }

    /// The regions that `key` names, with the best quality for each, in directory order.
    func matches(_ key: [UInt16]) -> [Match] {
        var found: [Match] = []
        units.withUnsafeBufferPointer { units in
            key.withUnsafeBufferPointer { key in
                for start in 0..<key.count {
                    if start > 0, !ancestorEndings.contains(Self.ending(key[..<start])),
                       !ancestorEndings.contains(0xFFFF_0000 | UInt32(key[start - 1])) { continue }
                    let last = UnsafeBufferPointer(rebasing: key[start...])
                    var index = lowerBound(last, units)
                    while index < entries.count {
                        let entry = entries[index]
                        index += 1
                        let form = self.form(entry.form, units)
                        guard Self.hasPrefix(form, last) else { break }
                        var quality = form.count == last.count ? entry.quality : .partial
                        if start > 0 {
                            let before = UnsafeBufferPointer(rebasing: key[..<start])
                            guard let above = ancestorQuality(before, below: entry.level, units) else { continue }
                            quality = min(quality, above)
                        }
                        found.append(Match(place: Int(entry.place), quality: quality))
                    }
                }
            }
        }
        // Best quality first within each place, then keep the first of each place.
        found.sort { $0.place != $1.place ? $0.place < $1.place : $0.quality > $1.quality }
        var previous = -1
        return found.filter { match in
            defer { previous = match.place }
            return match.place != previous
        }
    }

    /// The best quality with which `text` splits into names of the levels above `level`, from
    /// the top down (any of them skipped), each exact or shortened; `nil` if it does not.
    /// Matched from the end: the last name in `text` is the nearest ancestor named.
    private func ancestorQuality(_ text: UnsafeBufferPointer<UInt16>, below level: Int32, _ units: UnsafeBufferPointer<UInt16>) -> PlaceMatchQuality? {
        if text.isEmpty { return .exact }
        var best: PlaceMatchQuality?
        var ancestor = levels[Int(level)].parent
        while ancestor >= 0 {
            let forms = levels[Int(ancestor)]
            for number in forms.exact {
                let form = self.form(number, units)
                guard Self.hasSuffix(text, form) else { continue }
                let rest = UnsafeBufferPointer(rebasing: text[..<(text.count - form.count)])
                guard let above = ancestorQuality(rest, below: ancestor, units) else { continue }
                if above == .exact { return .exact }
                best = .shortened
            }
            for number in forms.shortened where best == nil {
                let form = self.form(number, units)
                guard Self.hasSuffix(text, form) else { continue }
                let rest = UnsafeBufferPointer(rebasing: text[..<(text.count - form.count)])
                if ancestorQuality(rest, below: ancestor, units) != nil { best = .shortened }
            }
            ancestor = forms.parent
        }
        return best
    }

    /// The code units of form `number`.
    @inline(__always)
    private func form(_ number: Int32, _ units: UnsafeBufferPointer<UInt16>) -> UnsafeBufferPointer<UInt16> {
        UnsafeBufferPointer(rebasing: units[Int(bounds[Int(number)])..<Int(bounds[Int(number) + 1])])
    }

    /// The first entry whose form is not before `key`.
    private func lowerBound(_ key: UnsafeBufferPointer<UInt16>, _ units: UnsafeBufferPointer<UInt16>) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(form(entries[middle].form, units), key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // Comparisons written out: the generic algorithms are slow without optimization (tests).

    /// Whether `text` starts with `prefix`.
    private static func hasPrefix(_ text: UnsafeBufferPointer<UInt16>, _ prefix: UnsafeBufferPointer<UInt16>) -> Bool {
        guard text.count >= prefix.count else { return false }
        for index in 0..<prefix.count where text[index] != prefix[index] { return false }
        return true
    }

    /// Whether `text` ends with `suffix`.
    private static func hasSuffix(_ text: UnsafeBufferPointer<UInt16>, _ suffix: UnsafeBufferPointer<UInt16>) -> Bool {
        let offset = text.count - suffix.count
        guard offset >= 0 else { return false }
        for index in 0..<suffix.count where text[offset + index] != suffix[index] { return false }
        return true
    }

    /// Whether `a` sorts before `b`, code unit by code unit.
    private static func precedes(_ a: UnsafeBufferPointer<UInt16>, _ b: UnsafeBufferPointer<UInt16>) -> Bool {
        for index in 0..<min(a.count, b.count) where a[index] != b[index] { return a[index] < b[index] }
        return a.count < b.count
    }
}
