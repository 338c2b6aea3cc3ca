/// The layout of a NetCDF classic file in the 64-bit offset variant (CDF-2, "NetCDF-3 64-bit
/// offset"): dimensions, attributes and variables, and where each variable's data goes.
///
/// Why this variant: it is a short, fully specified big-endian layout (a header, then each
/// variable's values at an offset the header names) that our own code can write exactly with
/// nothing but the toolchain, and every netCDF reader since netCDF 3.6 (2004) reads it: the
/// netCDF C library and so netCDF4-python, xarray, R, Panoply and GDAL/QGIS, and pure readers
/// such as scipy's. NetCDF-4 (even its classic model) would mean writing HDF5, a far larger
/// format. The 64-bit offsets lift the classic 2 GiB limit on where a variable may start.
///
/// The record dimension (length 0 in ``Dimension/length``) is the unlimited one; each record
/// holds one slab of every record variable, in definition order, so a record variable's slab for
/// record `r` is at `begin + r · recordSize` (``Layout``). Offsets are all known once the header
/// is, so slabs can be written in any order (``NetCDFFileWriter``).
///
/// Reference: the NetCDF Classic Format Specification (NetCDF User Guide, "File Format").
struct NetCDFClassic: Sendable {
    /// A value type of the classic format.
    enum DataType: Int32, Sendable {
        case byte = 1, char = 2, short = 3, int = 4, float = 5, double = 6

        /// Bytes per value.
        var size: Int {
            switch self {
            case .byte, .char: 1
            case .short: 2
            case .int, .float: 4
            case .double: 8
            }
        }
    }

    /// An attribute's values.
    enum Value: Sendable, Equatable {
        /// UTF-8 text (`NC_CHAR`).
        case text(String)
        case bytes([Int8])
        case shorts([Int16])
        case ints([Int32])
        case doubles([Double])

        var type: DataType {
            switch self {
            case .text: .char
            case .bytes: .byte
            case .shorts: .short
            case .ints: .int
            case .doubles: .double
            }
        }
    }

    /// A named attribute.
    struct Attribute: Sendable, Equatable {
        var name: String
        var value: Value
        init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }
    }

    /// A dimension; length 0 makes it the record (unlimited) dimension.
    struct Dimension: Sendable, Equatable {
        var name: String
        var length: Int
    }

    /// A variable: its dimensions (indices into ``dimensions``, slowest first), type and
    /// attributes.
    struct Variable: Sendable, Equatable {
        var name: String
        var dimensions: [Int]
        var type: DataType
        var attributes: [Attribute]
    }

    var dimensions: [Dimension]
    var attributes: [Attribute]
    var variables: [Variable]
    /// Records written (the length of the record dimension).
    var records: Int

    /// Where everything goes in the file.
    struct Layout: Sendable {
        /// The header, ready to write at offset 0.
        var header: [UInt8]
        /// Each variable's offset in the file (for a record variable: of its slab in record 0).
        var begins: [Int]
        /// Each variable's bytes (of one record's slab for a record variable), unpadded.
        var sizes: [Int]
        /// Whether each variable is a record variable.
        var isRecord: [Bool]
        /// Bytes per record.
        var recordSize: Int
        /// The file's total size.
        var fileSize: Int

        /// Where a variable's data (a record's slab) starts.
        func offset(variable: Int, record: Int = 0) -> Int {
            begins[variable] + (isRecord[variable] ? record * recordSize : 0)
        }
    }

    /// The header and the offsets.
    func layout() -> Layout {
        let recordDimension = dimensions.firstIndex { $0.length == 0 }
        let isRecord = variables.map { $0.dimensions.first == recordDimension && recordDimension != nil }
        let sizes = variables.map { variable in
            variable.dimensions.filter { $0 != recordDimension }.reduce(variable.type.size) { $0 * dimensions[$1].length }
        }
        let recordCount = isRecord.filter { $0 }.count
        // vsize: padded to 4 bytes, except that a lone record variable is not padded.
        let vsizes = sizes.indices.map { index in
            isRecord[index] && recordCount == 1 ? sizes[index] : Self.padded(sizes[index])
        }
        // The header's length does not depend on the offsets (each is 8 bytes): encode once to
        // measure, then again with the offsets.
        let headerSize = encodeHeader(vsizes: vsizes, begins: Array(repeating: 0, count: variables.count)).count
        var begins = Array(repeating: 0, count: variables.count)
        var offset = headerSize
        for index in variables.indices where !isRecord[index] {
            begins[index] = offset
            offset += vsizes[index]
        }
        let recordStart = offset
        var recordSize = 0
        for index in variables.indices where isRecord[index] {
            begins[index] = recordStart + recordSize
            recordSize += vsizes[index]
        }
        return Layout(
            header: encodeHeader(vsizes: vsizes, begins: begins), begins: begins, sizes: sizes, isRecord: isRecord,
            recordSize: recordSize, fileSize: recordStart + recordSize * records
        )
    }

    static func padded(_ count: Int) -> Int { (count + 3) / 4 * 4 }

    private func encodeHeader(vsizes: [Int], begins: [Int]) -> [UInt8] {
        var out = BigEndianBytes()
        out.bytes += [0x43, 0x44, 0x46, 0x02]   // "CDF", version 2: 64-bit offsets
        out.int32(records)
        if dimensions.isEmpty {
            out.int32(0); out.int32(0)
        } else {
            out.int32(0x0A)
            out.int32(dimensions.count)
            for dimension in dimensions {
                out.name(dimension.name)
                out.int32(dimension.length)
            }
        }
        out.attributes(attributes)
        if variables.isEmpty {
            out.int32(0); out.int32(0)
        } else {
            out.int32(0x0B)
            out.int32(variables.count)
            for (index, variable) in variables.enumerated() {
                out.name(variable.name)
                out.int32(variable.dimensions.count)
                for dimension in variable.dimensions { out.int32(dimension) }
                out.attributes(variable.attributes)
                out.int32(Int(variable.type.rawValue))
                out.int32(min(vsizes[index], Int(UInt32.max)))
                out.int64(begins[index])
            }
        }
        return out.bytes
    }
}

/// Big-endian encoding of the classic format's header items.
struct BigEndianBytes {
    var bytes: [UInt8] = []

    mutating func int32(_ value: Int) {
        let bits = UInt32(truncatingIfNeeded: value)
        bytes += [UInt8(bits >> 24), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits & 0xFF)]
    }

    mutating func int64(_ value: Int) {
        int32(Int(UInt64(truncatingIfNeeded: value) >> 32))
        int32(Int(UInt64(truncatingIfNeeded: value) & 0xFFFF_FFFF))
    }

    mutating func pad() {
        while bytes.count % 4 != 0 { bytes.append(0) }
    }

    /// A name: its UTF-8 length, the bytes, padding.
    mutating func name(_ text: String) {
        let utf8 = Array(text.utf8)
        int32(utf8.count)
        bytes += utf8
        pad()
    }

    mutating func attributes(_ attributes: [NetCDFClassic.Attribute]) {
        guard !attributes.isEmpty else {
            int32(0); int32(0)
            return
        }
        int32(0x0C)
        int32(attributes.count)
        for attribute in attributes {
            name(attribute.name)
            int32(Int(attribute.value.type.rawValue))
            switch attribute.value {
            case .text(let text):
                let utf8 = Array(text.utf8)
                int32(utf8.count)
                bytes += utf8
            case .bytes(let values):
                int32(values.count)
                bytes += values.map { UInt8(bitPattern: $0) }
            case .shorts(let values):
                int32(values.count)
                for value in values { bytes += [UInt8(UInt16(bitPattern: value) >> 8), UInt8(UInt16(bitPattern: value) & 0xFF)] }
            case .ints(let values):
                int32(values.count)
                for value in values { int32(Int(value)) }
            case .doubles(let values):
                int32(values.count)
                for value in values { int64(Int(Int64(bitPattern: value.bitPattern))) }
            }
            pad()
        }
    }

    /// 16-bit integers as big-endian bytes.
    static func shorts(_ values: [Int16]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: values.count * 2)
        out.withUnsafeMutableBytes { raw in
            for (index, value) in values.enumerated() {
                raw.storeBytes(of: UInt16(bitPattern: value).bigEndian, toByteOffset: index * 2, as: UInt16.self)
            }
        }
        return out
    }

    /// Doubles as big-endian IEEE 754 bytes.
    static func doubles(_ values: [Double]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: values.count * 8)
        out.withUnsafeMutableBytes { raw in
            for (index, value) in values.enumerated() {
                raw.storeBytes(of: value.bitPattern.bigEndian, toByteOffset: index * 8, as: UInt64.self)
            }
        }
        return out
    }
}
