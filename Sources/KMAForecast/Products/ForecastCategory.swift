/// A forecast category code such as `TMP` or `PTY`: an open set, so codes KMA adds later
/// (or the retired service's `T3H`) survive decoding instead of being dropped.
///
/// The code is kept packed in an integer (up to 8 bytes of UTF-8), so comparing and hashing
/// categories never touches a `String`. Every documented code has a static member named after
/// it in lower case, e.g. ``tmp``.
///
/// ```swift
/// let category = ForecastCategory("TMP")
/// category == .tmp              // true
/// category.koreanName           // "1시간 기온"
/// category.unit                 // "°C"
/// ```
public struct ForecastCategory: Hashable, Comparable, Sendable {
    /// The code's UTF-8 bytes, first byte in the lowest 8 bits, unused bytes zero.
    @usableFromInline internal let packed: UInt64

    /// The longest code that can be stored, in UTF-8 bytes.
    public static let maximumCodeLength = 8

    @inlinable
    internal init(packed: UInt64) {
        self.packed = packed
    }

    /// A category from its code, e.g. `"TMP"`.
    ///
    /// - Parameter code: 1 to 8 bytes of UTF-8, no NUL. Other codes cannot be stored: use
    ///   ``init(validating:)`` to find out instead of trapping.
    public init(_ code: String) {
        guard let category = ForecastCategory(validating: code) else {
            preconditionFailure("a category code must be 1 to 8 bytes of UTF-8 without NUL, got '\(code)'")
        }
        self = category
    }

    /// A category from its code, or `nil` if the code is empty, longer than 8 UTF-8 bytes, or
    /// holds a NUL character (a code is its exact name: `"TMP\u{0}"` is not `TMP`).
    public init?(validating code: some StringProtocol) {
        var packed: UInt64 = 0
        var shift: UInt64 = 0
        for byte in code.utf8 {
            // NUL cannot be part of a code: codes are packed with zero padding, so "TMP\u{0}"
            // would be read as TMP. A category is its exact name.
            guard shift < 64, byte != 0 else { return nil }
            packed |= UInt64(byte) << shift
            shift += 8
        }
        guard shift > 0 else { return nil }
        self.packed = packed
    }

    /// A category from raw bytes (the decoder's path); `nil` if empty, longer than 8 bytes, or
    /// holding a NUL byte.
    @inlinable
    public init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0, bytes.count <= 8 else { return nil }
        var packed: UInt64 = 0
        for index in 0..<bytes.count {
            guard bytes[index] != 0 else { return nil }
            packed |= UInt64(bytes[index]) << UInt64(index * 8)
        }
        self.packed = packed
    }

    /// The code as KMA writes it, e.g. `TMP`.
    public var code: String {
        var bytes: [UInt8] = []
        var rest = packed
        while rest != 0 {
            bytes.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Orders by code, alphabetically by bytes (`PCP` < `POP` < `PTY`).
    @inlinable
    public static func < (lhs: ForecastCategory, rhs: ForecastCategory) -> Bool {
        lhs.packed.byteSwapped < rhs.packed.byteSwapped
    }

    /// The static form used for the documented codes.
    @usableFromInline
    internal static func known(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> ForecastCategory {
        ForecastCategory(packed: UInt64(a) | UInt64(b) << 8 | UInt64(c) << 16)
    }
}

extension ForecastCategory: CustomStringConvertible {
    /// The code, e.g. `TMP`.
    public var description: String { code }
}

extension ForecastCategory: Codable {
    /// Decodes from the code string.
    public init(from decoder: any Decoder) throws {
        let code = try decoder.singleValueContainer().decode(String.self)
        guard let category = ForecastCategory(validating: code) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "category code '\(code)' must be 1 to 8 bytes"))
        }
        self = category
    }

    /// Encodes as the code string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}

// MARK: - The documented codes

extension ForecastCategory {
    /// 1시간 기온 (short-term), °C. The corresponding KMA code is `TMP`.
    public static let tmp = known(0x54, 0x4D, 0x50)
    /// 일 최저기온, °C, reported at 0600 of each day. The corresponding KMA code is `TMN`.
    public static let tmn = known(0x54, 0x4D, 0x4E)
    /// 일 최고기온, °C, reported at 1500 of each day. The corresponding KMA code is `TMX`.
    public static let tmx = known(0x54, 0x4D, 0x58)
    /// 풍속 (동서성분), m/s, positive towards the east. The corresponding KMA code is `UUU`.
    public static let uuu = known(0x55, 0x55, 0x55)
    /// 풍속 (남북성분), m/s, positive towards the north. The corresponding KMA code is `VVV`.
    public static let vvv = known(0x56, 0x56, 0x56)
    /// 풍향, degrees clockwise from north (where the wind comes from). The corresponding KMA code is `VEC`.
    public static let vec = known(0x56, 0x45, 0x43)
    /// 풍속, m/s (on the extended days of the short-term forecast, a code 1–3). The corresponding KMA code is `WSD`.
    public static let wsd = known(0x57, 0x53, 0x44)
    /// 하늘상태: 1 맑음, 3 구름많음, 4 흐림. The corresponding KMA code is `SKY`.
    public static let sky = known(0x53, 0x4B, 0x59)
    /// 강수형태, a code whose meanings differ between the short-term and the ultra-short/nowcast products. The corresponding KMA code is `PTY`.
    public static let pty = known(0x50, 0x54, 0x59)
    /// 강수확률, %. The corresponding KMA code is `POP`.
    public static let pop = known(0x50, 0x4F, 0x50)
    /// 파고, m. The corresponding KMA code is `WAV`.
    public static let wav = known(0x57, 0x41, 0x56)
    /// 1시간 강수량, mm, sent as category text (`강수없음`, `1mm 미만`, `30.0~50.0mm` …). The corresponding KMA code is `PCP`.
    public static let pcp = known(0x50, 0x43, 0x50)
    /// 습도, %. The corresponding KMA code is `REH`.
    public static let reh = known(0x52, 0x45, 0x48)
    /// 1시간 신적설, cm, sent as category text (`적설없음`, `0.5cm 미만` …). The corresponding KMA code is `SNO`.
    public static let sno = known(0x53, 0x4E, 0x4F)
    /// 기온 (nowcast and ultra-short), °C. The corresponding KMA code is `T1H`.
    public static let t1h = known(0x54, 0x31, 0x48)
    /// 1시간 강수량 (nowcast: mm; ultra-short: category text like PCP). The corresponding KMA code is `RN1`.
    public static let rn1 = known(0x52, 0x4E, 0x31)
    /// 낙뢰, kA/km². The corresponding KMA code is `LGT`.
    public static let lgt = known(0x4C, 0x47, 0x54)

    /// Every documented code, in the order of the guide's short-term table followed by the
    /// nowcast/ultra-short-only codes.
    public static let documented: [ForecastCategory] = [
        .pop, .pty, .pcp, .reh, .sno, .sky, .tmp, .tmn, .tmx, .uuu, .vvv, .wav, .vec, .wsd, .t1h, .rn1, .lgt,
    ]

    /// The position of a documented code in ``documented`` (0...16), or `nil` for any other
    /// code. Constant time: a perfect hash of the packed code (one multiplication, one table
    /// load, one comparison).
    @inlinable
    public var documentedIndex: Int? {
        let entry = ForecastCategory.documentedTable[Int(truncatingIfNeeded: (packed &* 0xB222_1A58_008A_05A7) >> 59)]
        guard entry & 0x00FF_FFFF_FFFF_FFFF == packed, entry >> 56 != 0 else { return nil }
        return Int(truncatingIfNeeded: entry >> 56) - 1
    }

    /// The perfect-hash table behind ``documentedIndex``: slot `(packed × M) >> 59` holds the
    /// documented code's packed value with its index + 1 in the top byte (0 marks an empty slot).
    /// Written as literals so the compiler can place it in read-only data (no lazy
    /// initialisation on the hot path); a test rebuilds it from ``documented`` and compares.
    @usableFromInline
    static let documentedTable: [UInt64] = [
        0x0200_0000_0059_5450, 0x0C00_0000_0056_4157, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000,
        0x0B00_0000_0056_5656, 0x0000_0000_0000_0000, 0x0A00_0000_0055_5555, 0x0000_0000_0000_0000,
        0x0500_0000_004F_4E53, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000, 0x0000_0000_0000_0000,
        0x0F00_0000_0048_3154, 0x0100_0000_0050_4F50, 0x0000_0000_0000_0000, 0x1000_0000_0031_4E52,
        0x0000_0000_0000_0000, 0x0000_0000_0000_0000, 0x0E00_0000_0044_5357, 0x0000_0000_0000_0000,
        0x0000_0000_0000_0000, 0x0400_0000_0048_4552, 0x0000_0000_0000_0000, 0x0800_0000_004E_4D54,
        0x0900_0000_0058_4D54, 0x0000_0000_0000_0000, 0x0300_0000_0050_4350, 0x0000_0000_0000_0000,
        0x0600_0000_0059_4B53, 0x0D00_0000_0043_4556, 0x0700_0000_0050_4D54, 0x1100_0000_0054_474C,
    ]

    /// Whether KMA documents this code.
    public var isDocumented: Bool { documentedIndex != nil }

    /// The Korean name KMA uses, e.g. `1시간 기온`; the code itself for undocumented codes.
    public var koreanName: String {
        guard let index = documentedIndex else { return code }
        return Self.metadata[index].korean
    }

    /// An English name, e.g. `temperature`; the code itself for undocumented codes.
    public var englishName: String {
        guard let index = documentedIndex else { return code }
        return Self.metadata[index].english
    }

    /// The unit of the value: `°C`, `%`, `m/s`, `deg`, `mm`, `cm`, `m`, `kA/km²`; `nil` for codes
    /// (SKY, PTY) and undocumented categories.
    public var unit: String? {
        guard let index = documentedIndex else { return nil }
        return Self.metadata[index].unit
    }

    private static let metadata: [(korean: String, english: String, unit: String?)] = [
        ("강수확률", "probability of precipitation", "%"),
        ("강수형태", "precipitation type", nil),
        ("1시간 강수량", "1-hour precipitation", "mm"),
        ("습도", "relative humidity", "%"),
        ("1시간 신적설", "1-hour new snowfall", "cm"),
        ("하늘상태", "sky condition", nil),
        ("1시간 기온", "temperature", "°C"),
        ("일 최저기온", "daily minimum temperature", "°C"),
        ("일 최고기온", "daily maximum temperature", "°C"),
        ("풍속(동서성분)", "east-west wind component", "m/s"),
        ("풍속(남북성분)", "north-south wind component", "m/s"),
        ("파고", "wave height", "m"),
        ("풍향", "wind direction", "deg"),
        ("풍속", "wind speed", "m/s"),
        ("기온", "temperature", "°C"),
        ("1시간 강수량", "1-hour precipitation", "mm"),
        ("낙뢰", "lightning", "kA/km²"),
    ]
}
