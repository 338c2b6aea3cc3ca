import KMAGrid

/// Reads KMA's grid location table (격자 위경도 자료) as CSV into places.
///
/// The format is the one KMA's spreadsheet exports to and `Fixtures/grid/kma_grid_2510.csv`
/// has: a header `region_code,level1,level2,level3,nx,ny,lon,lat`, then one region a line;
/// UTF-8 (a byte order mark is skipped), LF or CRLF line ends, no quoting (names contain no
/// commas). Empty trailing levels mark a shallower region: `서울특별시,,` is the city itself.
/// A position of exactly 0, 0 means "none" (KMA writes that for 이어도).
enum PlaceTableParser {
    /// The header the table must start with.
    static let header = "region_code,level1,level2,level3,nx,ny,lon,lat"

    /// The places of a table, in its order.
    ///
    /// - Throws: ``PlaceTableError`` naming the first line that is wrong.
    static func places(csv: String) throws(PlaceTableError) -> [Place] {
        let bytes = Array(csv.utf8)
        var lines: [Range<Int>] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            lines.append(start..<end)
            start = next
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        let headerLine = lines.first.map { String(decoding: bytes[$0], as: UTF8.self) } ?? ""
        guard headerLine == header else { throw .unexpectedHeader(headerLine) }
        guard lines.count > 1 else { throw .noRows }
        var places: [Place] = []
        places.reserveCapacity(lines.count - 1)
        var seen: Set<String> = []
        for (offset, range) in lines.enumerated().dropFirst() {
            let place = try self.place(bytes[range], number: offset + 1)
            guard seen.insert(place.regionCode).inserted else { throw .duplicateRegionCode(place.regionCode, line: offset + 1) }
            places.append(place)
        }
        return places
    }

    /// One row.
    private static func place(_ line: ArraySlice<UInt8>, number: Int) throws(PlaceTableError) -> Place {
        func fail(_ reason: String) -> PlaceTableError { .malformedRow(line: number, reason: reason) }
        let fields = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 8 else { throw fail("expected 8 fields (\(header)), found \(fields.count)") }
        let code = fields[0]
        guard code.utf8.count == 10, code.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw fail("region code '\(code)' is not 10 digits")
        }
        var levels = Array(fields[1...3])
        while levels.last?.isEmpty == true { levels.removeLast() }
        guard !levels.isEmpty else { throw fail("the region has no name (level1 is empty)") }
        guard !levels.contains(where: \.isEmpty) else { throw fail("a name level is empty between two others") }
        guard let nx = Int(fields[4]), let ny = Int(fields[5]) else { throw fail("nx '\(fields[4])' or ny '\(fields[5])' is not a whole number") }
        let cell: GridCell
        do { cell = try GridCell(nx: nx, ny: ny) } catch { throw fail(error.description) }
        guard let longitude = Double(fields[6]), let latitude = Double(fields[7]) else {
            throw fail("lon '\(fields[6])' or lat '\(fields[7])' is not a number")
        }
        var coordinate: GeoCoordinate?
        if latitude != 0 || longitude != 0 {
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                throw fail("lat \(latitude), lon \(longitude) is not a position in degrees (lat -90...90, lon -180...180)")
            }
            coordinate = GeoCoordinate(latitude: latitude, longitude: longitude)
        }
        return Place(regionCode: code, levels: levels, cell: cell, coordinate: coordinate)
    }
}
