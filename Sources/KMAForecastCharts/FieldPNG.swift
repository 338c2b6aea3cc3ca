import KMAForecast

/// The picture of ``FieldPicture`` as a PNG (the CLI's `field --format png`; RGB, 8 bits a
/// channel, ``FieldPicture/width`` × ``FieldPicture/height`` pixels): the same geometry, the
/// cells, the colour bar and the no-data key, without text (no font here: the numbers of the
/// legend are in the SVG). Written without a library: the image data is stored in deflate's
/// uncompressed blocks (RFC 1951 §3.2.4) inside a zlib stream, with CRC-32 and Adler-32.
///
/// ```swift
/// import KMAForecastCharts
///
/// let png: [UInt8] = FieldPNG(field: field).encoded()   // about 1.5 MB, uncompressed
/// ```
public struct FieldPNG: Sendable {
    /// The field drawn.
    public let field: GridField

    /// A picture of `field`.
    public init(field: GridField) {
        self.field = field
    }

    /// The PNG file's bytes, starting with the PNG signature (`89 50 4E 47 0D 0A 1A 0A`). A
    /// field with no cell with data gives the grey map without a colour bar.
    public func encoded() -> [UInt8] {
        let width = FieldPicture.width, height = FieldPicture.height
        var pixels = [UInt8](repeating: 255, count: width * height * 3)
        func fill(_ x: Int, _ y: Int, _ w: Int, _ h: Int, _ color: FieldColorScale.Color) {
            for row in y..<(y + h) {
                var offset = (row * width + x) * 3
                for _ in 0..<w {
                    pixels[offset] = color.red
                    pixels[offset + 1] = color.green
                    pixels[offset + 2] = color.blue
                    offset += 3
                }
            }
        }
        let size = FieldPicture.cellSize
        fill(FieldPicture.mapLeft, FieldPicture.mapTop, FieldPicture.mapWidth, FieldPicture.mapHeight, FieldColorScale.missing)
        if let range = field.valueRange {
            let scale = FieldColorScale(range: range)
            field.forEachValue { cell, value in
                fill(FieldPicture.mapLeft + (cell.nx - 1) * size, FieldPicture.mapTop + (253 - cell.ny) * size, size, size, scale.color(value))
            }
            // The colour bar, highest at the top, and the no-data key below it.
            let barHeight = FieldPicture.barHeight
            for row in 0..<barHeight {
                let value = scale.high - (scale.high - scale.low) * (Double(row) + 0.5) / Double(barHeight)
                fill(FieldPicture.legendLeft, FieldPicture.barTop + row, FieldPicture.barWidth, 1, scale.color(value))
            }
            fill(FieldPicture.legendLeft, FieldPicture.barTop + barHeight + 20, FieldPicture.barWidth, 12, FieldColorScale.missing)
        }
        // Each scanline: filter type 0, then the row's bytes.
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for row in 0..<height {
            raw.append(0)
            raw += pixels[(row * width * 3)..<((row + 1) * width * 3)]
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        Self.append32(UInt32(width), to: &header)
        Self.append32(UInt32(height), to: &header)
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, no filter choice, no interlace
        Self.chunk("IHDR", header, into: &png)
        Self.chunk("IDAT", Self.zlibStored(raw), into: &png)
        Self.chunk("IEND", [], into: &png)
        return png
    }

    /// A zlib stream of uncompressed deflate blocks (at most 65,535 bytes each).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let length = min(65_535, data.count - start)
            let last: UInt8 = start + length == data.count ? 1 : 0
            out += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[start..<(start + length)]
            start += length
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        append32(b << 16 | a, to: &out)
        return out
    }

    static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
        append32(UInt32(data.count), to: &png)
        let body = Array(type.utf8) + data
        png += body
        append32(crc32(body), to: &png)
    }

    static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// CRC-32 (ISO 3309, as PNG uses): the package's one (``CRC32``).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        CRC32.checksum(bytes)
    }
}
