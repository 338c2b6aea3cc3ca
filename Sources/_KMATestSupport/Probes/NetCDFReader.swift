import Foundation

/// A minimal reader of NetCDF classic files (CDF-1 and CDF-2), written from the format
/// specification independently of the writer, for the round-trip tests (of the CLI and of
/// the KMAForecastNetCDF library): header, attributes,
/// and each variable's values (a record's slab for record variables).
package struct NetCDFReader: Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    package enum Value: Equatable, Sendable {
        case text(String)
        case bytes([Int8])
        case shorts([Int16])
        case ints([Int32])
        case floats([Float])
        case doubles([Double])
    }

    package struct Variable: Sendable {
        package var name: String
        package var dimensions: [Int]
        package var attributes: [String: Value]
        package var attributeOrder: [String]
        package var type: Int32
        package var vsize: Int
        package var begin: Int
    }

    package let bytes: [UInt8]
    package let version: UInt8
    package let records: Int
    package var dimensions: [(name: String, length: Int)] = []
    package var attributes: [String: Value] = [:]
    package var variables: [Variable] = []
    package private(set) var recordSize = 0

    package init(path: String) throws {
        try self.init(bytes: Array(Data(contentsOf: URL(fileURLWithPath: path))))
    }

    package init(bytes: [UInt8]) throws {
        self.bytes = bytes
        guard bytes.count >= 8, bytes[0..<3] == [0x43, 0x44, 0x46], [1, 2].contains(bytes[3]) else { throw Failure("not a NetCDF classic file") }
        version = bytes[3]
        var cursor = HeaderCursor(bytes: bytes, version: version)
        records = try cursor.int32()
        let dimensionTag = try cursor.int32(), dimensionCount = try cursor.int32()
        guard dimensionTag == 0x0A || (dimensionTag == 0 && dimensionCount == 0) else { throw Failure("expected dimensions") }
        for _ in 0..<dimensionCount {
            let dimensionName = try cursor.name()
            dimensions.append((dimensionName, try cursor.int32()))
        }
        attributes = try cursor.attributeList().0
        let variableTag = try cursor.int32(), variableCount = try cursor.int32()
        guard variableTag == 0x0B || (variableTag == 0 && variableCount == 0) else { throw Failure("expected variables") }
        for _ in 0..<variableCount {
            let variableName = try cursor.name()
            let rank = try cursor.int32()
            var ids: [Int] = []
            for _ in 0..<rank { ids.append(try cursor.int32()) }
            let (attributes, order) = try cursor.attributeList()
            let type = Int32(try cursor.int32())
            let vsize = try cursor.int32()
            let begin = try cursor.offset()
            variables.append(Variable(name: variableName, dimensions: ids, attributes: attributes, attributeOrder: order, type: type, vsize: vsize, begin: begin))
        }
        recordSize = variables.filter { isRecord($0) }.reduce(0) { $0 + $1.vsize }
    }

    /// Reads the header's items in order.
    private struct HeaderCursor {
        let bytes: [UInt8]
        let version: UInt8
        var at = 4

        mutating func int32() throws -> Int {
            guard at + 4 <= bytes.count else { throw Failure("header cut short at \(at)") }
            defer { at += 4 }
            return Int(Int32(bitPattern: bytes[at..<(at + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }))
        }

        mutating func offset() throws -> Int {
            if version == 1 { return try int32() }
            let high = try int32(), low = try int32()
            return high << 32 | (low & 0xFFFF_FFFF)
        }

        mutating func padTo4() { at = (at + 3) / 4 * 4 }

        mutating func name() throws -> String {
            let count = try int32()
            guard count >= 0, at + count <= bytes.count else { throw Failure("bad name length \(count)") }
            let text = String(decoding: bytes[at..<(at + count)], as: UTF8.self)
            at += count
            padTo4()
            return text
        }

        mutating func values(type: Int32, count: Int) throws -> Value {
            let size = [1: 1, 2: 1, 3: 2, 4: 4, 5: 4, 6: 8][Int(type)] ?? 0
            guard size > 0, at + size * count <= bytes.count else { throw Failure("bad type \(type) or count \(count)") }
            let slice = Array(bytes[at..<(at + size * count)])
            at += size * count
            padTo4()
            return NetCDFReader.decode(slice, type: type)
        }

        mutating func attributeList() throws -> ([String: Value], [String]) {
            let tag = try int32(), count = try int32()
            guard tag == 0x0C || (tag == 0 && count == 0) else { throw Failure("expected an attribute list, found tag \(tag)") }
            var result: [String: Value] = [:]
            var order: [String] = []
            for _ in 0..<count {
                let key = try name()
                let type = Int32(try int32())
                let count = try int32()
                result[key] = try values(type: type, count: count)
                order.append(key)
            }
            return (result, order)
        }
    }

    package func isRecord(_ variable: Variable) -> Bool {
        variable.dimensions.first.map { dimensions[$0].length == 0 } ?? false
    }

    package func variable(_ name: String) throws -> Variable {
        guard let found = variables.first(where: { $0.name == name }) else { throw Failure("no variable \(name)") }
        return found
    }

    /// A variable's values (one record's slab of a record variable).
    package func values(_ name: String, record: Int = 0) throws -> Value {
        let variable = try variable(name)
        let count = variable.dimensions.filter { dimensions[$0].length != 0 }.reduce(1) { $0 * dimensions[$1].length }
        let size = [1: 1, 2: 1, 3: 2, 4: 4, 5: 4, 6: 8][Int(variable.type)] ?? 0
        let start = variable.begin + (isRecord(variable) ? record * recordSize : 0)
        guard record < max(records, 1), start + count * size <= bytes.count else { throw Failure("\(name) record \(record) beyond the file") }
        return Self.decode(Array(bytes[start..<(start + count * size)]), type: variable.type)
    }

    package func doubles(_ name: String, record: Int = 0) throws -> [Double] {
        guard case .doubles(let values) = try values(name, record: record) else { throw Failure("\(name) is not double") }
        return values
    }

    /// One slab along the first dimension of a variable that is not a record variable
    /// (`TMN(time_tmn, y, x)`: the field at the `slab`-th time of its own axis), as doubles.
    package func doubles(_ name: String, slab: Int) throws -> [Double] {
        let variable = try variable(name)
        guard !isRecord(variable), let first = variable.dimensions.first else { throw Failure("\(name) is a record variable") }
        let all = try doubles(name)
        let count = all.count / max(dimensions[first].length, 1)
        guard slab < dimensions[first].length else { throw Failure("\(name) slab \(slab) beyond its \(dimensions[first].length)") }
        return Array(all[(slab * count)..<((slab + 1) * count)])
    }

    package func int16s(_ name: String, record: Int = 0) throws -> [Int16] {
        guard case .shorts(let values) = try values(name, record: record) else { throw Failure("\(name) is not short") }
        return values
    }

    package func int8s(_ name: String, record: Int = 0) throws -> [Int8] {
        guard case .bytes(let values) = try values(name, record: record) else { throw Failure("\(name) is not byte") }
        return values
    }

    package static func decode(_ slice: [UInt8], type: Int32) -> Value {
        // Big-endian words of `size` bytes, in a plain loop: the tests run in a debug build,
        // where a map of `reduce`s over slices took seconds for a whole run's file.
        func words(_ size: Int) -> [UInt64] {
            var words: [UInt64] = []
            words.reserveCapacity(slice.count / size)
            slice.withUnsafeBufferPointer { bytes in
                var start = 0
                while start + size <= bytes.count {
                    var word: UInt64 = 0
                    for index in start..<(start + size) { word = word << 8 | UInt64(bytes[index]) }
                    words.append(word)
                    start += size
                }
            }
            return words
        }
        switch type {
        case 1: return .bytes(slice.map { Int8(bitPattern: $0) })
        case 2: return .text(String(decoding: slice, as: UTF8.self))
        case 3: return .shorts(words(2).map { Int16(bitPattern: UInt16($0)) })
        case 4: return .ints(words(4).map { Int32(bitPattern: UInt32($0)) })
        case 5: return .floats(words(4).map { Float(bitPattern: UInt32($0)) })
        default: return .doubles(words(8).map { Double(bitPattern: $0) })
        }
    }
}
