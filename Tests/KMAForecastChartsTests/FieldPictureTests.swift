import Testing
@testable import KMAForecastCharts
import KMAForecast
import KMAGrid
import _KMATestSupport

/// The field pictures drawn from a field in memory (no client, no server): the cells where the
/// geometry says, the scale's ends at Busan and Jeju, the legend and the subtitle. The CLI's
/// `field --format svg/png` tests check the same pictures through the command.
@Suite("The field pictures: SVG and PNG of a grid field")
struct FieldPictureTests {
    static let field: GridField = {
        guard let built = try? BuiltGridField.temperature(),
              let run = try? KSTDateTime(year: 2026, month: 11, day: 21, hour: 5, minute: 0),
              let valid = try? KSTDateTime(year: 2026, month: 11, day: 21, hour: 6, minute: 0),
              let field = try? GridField(product: .shortTerm, variable: .tmp, run: ForecastBase(run), valid: valid, rawValues: built.rawValues)
        else { preconditionFailure("the official grid table fixture is readable") }
        return field
    }()

    @Test("SVG: the size, Busan red and Jeju blue at their documented squares, the legend, the run and valid time")
    func svg() {
        let svg = FieldPicture(field: Self.field, source: "KMA API Hub <test> & co").svg()
        #expect(FieldPicture.width == 601 && FieldPicture.height == 853)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"601\" height=\"853\""))
        // Busan (98,76): x = mapLeft + 97·cellSize, y = mapTop + (253 − 76)·cellSize.
        let busan = (x: FieldPicture.mapLeft + 97 * FieldPicture.cellSize, y: FieldPicture.mapTop + 177 * FieldPicture.cellSize)
        #expect(svg.contains("<rect x=\"\(busan.x)\" y=\"\(busan.y)\" width=\"3\" height=\"3\" fill=\"#d73027\"/>"))
        #expect(svg.contains("<rect x=\"166\" y=\"695\" width=\"3\" height=\"3\" fill=\"#313695\"/>"))
        #expect(svg.contains(">31.5</text>") && svg.contains(">-5.25</text>") && svg.contains(">°C</text>"))
        #expect(svg.contains("TMP 1시간 기온 · "))
        #expect(svg.contains("short-term run 2026-11-21 05:00 KST, valid 2026-11-21 06:00 KST; "))
        #expect(svg.contains("Source: KMA API Hub &lt;test&gt; &amp; co"))
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test("A field without data has no SVG")
    func emptySVG() throws {
        let run = try KSTDateTime(year: 2026, month: 11, day: 21, hour: 5, minute: 0)
        let empty = try GridField(product: .shortTerm, variable: .tmp, run: ForecastBase(run), valid: run, rawValues: [Double](repeating: -99, count: GridField.count))
        #expect(FieldPicture(field: empty, source: "x").svg() == "")
        #expect(FieldPNG(field: empty).encoded().prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test("PNG: the signature, the size, a stored zlib stream whose checksums hold, Busan's pixel red")
    func png() throws {
        let png = FieldPNG(field: Self.field).encoded()
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ at: Int) -> UInt32 { png[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        #expect(be32(16) == UInt32(FieldPicture.width) && be32(20) == UInt32(FieldPicture.height))
        // IHDR's CRC covers its type and data.
        #expect(be32(29) == FieldPNG.crc32(Array(png[12..<29])))
        let idatLength = Int(be32(33))
        let zlib = Array(png[41..<(41 + idatLength)])
        var raw: [UInt8] = []
        var at = 2
        while at < zlib.count - 4 {
            let last = zlib[at] & 1, length = Int(zlib[at + 1]) | Int(zlib[at + 2]) << 8
            raw += zlib[(at + 5)..<(at + 5 + length)]
            at += 5 + length
            if last == 1 { break }
        }
        let width = FieldPicture.width
        #expect(raw.count == (width * 3 + 1) * FieldPicture.height)
        #expect(Array(zlib.suffix(4)) == Array(FieldPNG.zlibStored(raw).suffix(4)))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            let offset = y * (width * 3 + 1) + 1 + x * 3
            return Array(raw[offset..<(offset + 3)])
        }
        #expect(pixel(302, 582) == [215, 48, 39])
        #expect(pixel(167, 696) == [49, 54, 149])
        #expect(pixel(12, 52) == [226, 232, 240])
    }

    @Test("CRC-32 of PNG's check value")
    func crc() {
        #expect(FieldPNG.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(FieldPNG.crc32(Array("IEND".utf8)) == 0xAE42_6082)
    }
}
