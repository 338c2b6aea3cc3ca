/// A decoded PNG, enough to check a browser's screenshot: size and 8-bit RGB(A) pixels.
///
/// Non-interlaced 8-bit truecolour (with or without alpha), which is what Chromium writes;
/// anything else throws. The zlib stream is inflated by ``Inflate`` (no zlib binding is
/// available to the tests without a system-library target).
struct PNGImage {
    var width: Int
    var height: Int
    /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
    var channels: Int
    /// Rows top to bottom, `width × channels` bytes each, filters undone.
    var pixels: [UInt8]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ bytes: [UInt8]) throws {
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure(description: "not a PNG (no signature)")
        }
        var offset = 8
        var header: [UInt8] = []
        var data: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard start + length + 4 <= bytes.count else { throw Failure(description: "chunk \(type) runs past the end") }
            if type == "IHDR" { header = Array(bytes[start..<(start + length)]) }
            if type == "IDAT" { data += bytes[start..<(start + length)] }
            if type == "IEND" { break }
            offset = start + length + 4
        }
        guard header.count == 13 else { throw Failure(description: "no IHDR") }
        func be32(_ at: Int) -> Int { Int(header[at]) << 24 | Int(header[at + 1]) << 16 | Int(header[at + 2]) << 8 | Int(header[at + 3]) }
        width = be32(0)
        height = be32(4)
        let depth = header[8], colour = header[9], interlace = header[12]
        guard depth == 8, colour == 2 || colour == 6, interlace == 0 else {
            throw Failure(description: "unsupported PNG: depth \(depth), colour type \(colour), interlace \(interlace)")
        }
        channels = colour == 6 ? 4 : 3
        guard data.count > 2 else { throw Failure(description: "no image data") }
        let raw = try Inflate.decompress(Array(data.dropFirst(2)))  // skip the zlib header
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw Failure(description: "image data too short: \(raw.count)") }
        var out = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            let source = row * (stride + 1) + 1
            let target = row * stride
            for index in 0..<stride {
                let x = Int(raw[source + index])
                let a = index >= channels ? Int(out[target + index - channels]) : 0
                let b = row > 0 ? Int(out[target - stride + index]) : 0
                let c = row > 0 && index >= channels ? Int(out[target - stride + index - channels]) : 0
                let value: Int
                switch filter {
                case 0: value = x
                case 1: value = x + a
                case 2: value = x + b
                case 3: value = x + (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    value = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                default: throw Failure(description: "bad filter \(filter) on row \(row)")
                }
                out[target + index] = UInt8(truncatingIfNeeded: value)
            }
        }
        pixels = out
    }

    /// The colour at a pixel.
    func rgb(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let at = (y * width + x) * channels
        return (pixels[at], pixels[at + 1], pixels[at + 2])
    }
}

/// DEFLATE (RFC 1951) decompression, after Mark Adler's `puff.c`: stored, fixed and dynamic
/// Huffman blocks, decoded a bit at a time.
enum Inflate {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int]

        init(lengths: [Int]) {
            symbols = [Int](repeating: 0, count: lengths.count)
            for length in lengths { counts[length] += 1 }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private struct Reader {
        let input: [UInt8]
        var position = 0
        var bitBuffer = 0
        var bitCount = 0

        mutating func bits(_ need: Int) throws -> Int {
            var value = bitBuffer
            while bitCount < need {
                guard position < input.count else { throw Failure(description: "input ended early") }
                value |= Int(input[position]) << bitCount
                position += 1
                bitCount += 8
            }
            bitBuffer = value >> need
            bitCount -= need
            return value & ((1 << need) - 1)
        }

        mutating func decode(_ huffman: Huffman) throws -> Int {
            var code = 0, first = 0, index = 0
            for length in 1...15 {
                code |= try bits(1)
                let count = huffman.counts[length]
                if code - count < first { return huffman.symbols[index + (code - first)] }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Failure(description: "bad Huffman code")
        }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func decompress(_ input: [UInt8]) throws -> [UInt8] {
        var reader = Reader(input: input)
        var out: [UInt8] = []
        out.reserveCapacity(input.count * 4)
        var last = 0
        repeat {
            last = try reader.bits(1)
            switch try reader.bits(2) {
            case 0:
                reader.bitBuffer = 0
                reader.bitCount = 0
                guard reader.position + 4 <= input.count else { throw Failure(description: "stored block header cut") }
                let length = Int(input[reader.position]) | Int(input[reader.position + 1]) << 8
                reader.position += 4
                guard reader.position + length <= input.count else { throw Failure(description: "stored block cut") }
                out += input[reader.position..<(reader.position + length)]
                reader.position += length
            case 1:
                var lengths = [Int](repeating: 8, count: 288)
                for symbol in 144..<256 { lengths[symbol] = 9 }
                for symbol in 256..<280 { lengths[symbol] = 7 }
                try codes(&reader, &out, Huffman(lengths: lengths), Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2:
                let literalCount = try reader.bits(5) + 257, distanceCount = try reader.bits(5) + 1, codeCount = try reader.bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var codeLengths = [Int](repeating: 0, count: 19)
                for index in 0..<codeCount { codeLengths[order[index]] = try reader.bits(3) }
                let lengthCode = Huffman(lengths: codeLengths)
                var lengths: [Int] = []
                while lengths.count < literalCount + distanceCount {
                    let symbol = try reader.decode(lengthCode)
                    switch symbol {
                    case 0..<16: lengths.append(symbol)
                    case 16:
                        guard let previous = lengths.last else { throw Failure(description: "repeat with no length") }
                        lengths += [Int](repeating: previous, count: 3 + (try reader.bits(2)))
                    case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
                    default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
                    }
                }
                try codes(&reader, &out, Huffman(lengths: Array(lengths[0..<literalCount])), Huffman(lengths: Array(lengths[literalCount..<(literalCount + distanceCount)])))
            default:
                throw Failure(description: "bad block type")
            }
        } while last == 0
        return out
    }

    private static func codes(_ reader: inout Reader, _ out: inout [UInt8], _ literals: Huffman, _ distances: Huffman) throws {
        while true {
            let symbol = try reader.decode(literals)
            if symbol < 256 {
                out.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw Failure(description: "bad length symbol") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let distanceSymbol = try reader.decode(distances)
                guard distanceSymbol < distanceBase.count else { throw Failure(description: "bad distance symbol") }
                let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
                guard distance <= out.count else { throw Failure(description: "distance too far back") }
                let start = out.count - distance
                for offset in 0..<length { out.append(out[start + offset]) }
            }
        }
    }
}
