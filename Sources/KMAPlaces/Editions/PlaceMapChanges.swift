/// The changes to the map since KMA's grid table (edition 2510), applied to its rows: the
/// regions created since, with their official codes and names, and every row they replace
/// marked with its successor (``Place/successorCode``), so that a saved name or code still
/// resolves (``PlaceDirectory/current(_:)``).
///
/// **The rules** (the table is `Fixtures/grid/place_changes.csv`, embedded as
/// `EmbeddedPlaceChangeTable`; sources in `Fixtures/grid/SOURCES.md`):
/// - `province`: a province row replaced by a new province (광주광역시 and 전라남도 by
///   전남광주통합특별시, 2026-07-01); the new row takes the cell of the row named as its seat.
/// - `county`: a county (시·군·구) row replaced by a county of the new map (광주광역시 동구 by
///   전남광주통합특별시 동구, 인천 중구 and 동구 by 제물포구); its towns (읍·면·동) move with it
///   unless a `town` rule sends them elsewhere. The new county takes the cell of its seat row
///   (the old county's own row when none is named).
/// - `newcounty`: a county with no single predecessor (영종구, 검단구, 화성시's four 구), with
///   its seat row; its towns come by `town` rules.
/// - `town`: a town row that moves to another new county (인천 중구 영종동 → 영종구).
/// - `city`: a city (시) the table has only as districts (수원시), with the row of its city hall
///   as seat: the city as a whole, its districts as its parts.
///
/// A moved town keeps its name, cell and position; its new code is the new county's five
/// digits and the town's own last five (the practice of the 강원 and 전북 recodings of 2023
/// and 2024, whose towns kept their last five digits in KMA's table; not confirmed for 2026);
/// where two merged counties' towns would get the same code, the second keeps its former one
/// (``PlaceDirectory/place(regionCode:)`` gives the current place for it).
/// Every new row keeps the code of the KMA row its cell comes from (``Place/kmaRegionCode``).
enum PlaceMapChanges {
    /// One rule of the change table.
    struct Rule: Sendable {
        var kind: Substring, effective: String, oldCode: String, newCode: String
        var level1: String, level2: String, seatCode: String
    }

    /// The rules of the embedded table.
    static let kma: [Rule] = rules(csv: EmbeddedPlaceChangeTable.csv)

    /// The rules of a change table (`kind,effective,old_code,new_code,level1,level2,seat_code,source`).
    static func rules(csv: String) -> [Rule] {
        csv.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 8 else { return nil }
            return Rule(kind: Substring(f[0]), effective: f[1], oldCode: f[2], newCode: f[3], level1: f[4], level2: f[5], seatCode: f[6])
        }
    }

    /// KMA's rows with the changes applied: every row, those replaced marked with their
    /// successor, then the new rows (new provinces and counties, then the moved towns).
    static func apply(_ rules: [Rule], to rows: [Place]) -> [Place] {
        var byCode: [String: Place] = [:]
        for row in rows where byCode[row.regionCode] == nil { byCode[row.regionCode] = row }
        var successor: [String: String] = [:]
        var added: [Place] = []
        var counties: [String: Rule] = [:]  // new county code → the rule naming it
        var countyOfOldCounty: [String: String] = [:]
        var countyOfTown: [String: String] = [:]
        for rule in rules {
            switch rule.kind {
            case "province":
                successor[rule.oldCode] = rule.newCode
                if !added.contains(where: { $0.regionCode == rule.newCode }), let seat = byCode[rule.seatCode] {
                    added.append(newRow(rule.newCode, [rule.level1], seat: seat, edition: rule.effective))
                }
            case "county", "newcounty":
                if rule.kind == "county" {
                    successor[rule.oldCode] = rule.newCode
                    countyOfOldCounty[rule.oldCode] = rule.newCode
                }
                if counties[rule.newCode] == nil {
                    counties[rule.newCode] = rule
                    if let seat = byCode[rule.seatCode.isEmpty ? rule.oldCode : rule.seatCode] {
                        added.append(newRow(rule.newCode, [rule.level1, rule.level2], seat: seat, edition: rule.effective))
                    }
                }
            case "town":
                countyOfTown[rule.oldCode] = rule.newCode
            case "city":
                if let seat = byCode[rule.seatCode] {
                    added.append(newRow(rule.newCode, [rule.level1, rule.level2], seat: seat, edition: rule.effective))
                }
            default:
                continue
            }
        }
        var taken = Set(rows.map(\.regionCode)).union(added.map(\.regionCode))
        for row in rows where row.depth == 3 {
            let oldCounty = String(row.regionCode.prefix(5)) + "00000"
            guard let county = countyOfTown[row.regionCode] ?? countyOfOldCounty[oldCounty], let rule = counties[county] else { continue }
            var code = String(county.prefix(5)) + String(row.regionCode.suffix(5))
            // Two merged counties' towns with the same last five digits (인천 중구 신포동 and 동구
            // 화수2동, both …53000): the second keeps its former code, its new one being unknown.
            if !taken.insert(code).inserted { code = row.regionCode }
            successor[row.regionCode] = code
            added.append(Place(
                regionCode: code, levels: [rule.level1, rule.level2, row.levels[2]], cell: row.cell, coordinate: row.coordinate,
                edition: rule.effective, kmaRegionCode: row.regionCode
            ))
        }
        return rows.map { row in successor[row.regionCode].map { row.superseded(by: $0) } ?? row } + added
    }

    /// A new region with its seat's cell and position.
    private static func newRow(_ code: String, _ levels: [String], seat: Place, edition: String) -> Place {
        Place(regionCode: code, levels: levels, cell: seat.cell, coordinate: seat.coordinate, edition: edition, kmaRegionCode: seat.kmaRegionCode)
    }
}
