import KMAForecast

/// Writes KMA-shaped response pages for tests and benchmarks, deterministically from a seed:
/// the usual compact layout, or any of the legal variations (key order, whitespace, escapes,
/// numbers as strings, one item as an object, `items` as `""`, body before header).
public struct PageGenerator: Sendable {
    /// How the JSON is laid out.
    public struct Style: Sendable, Hashable {
        /// Items' keys in a random order instead of KMA's.
        public var shuffleKeys = false
        /// Pretty-printed with indentation and spaces.
        public var pretty = false
        /// Strings written with `\uXXXX` escapes for non-ASCII and some ASCII characters.
        public var escapeStrings = false
        /// `nx`/`ny` (and page numbers) as strings.
        public var numbersAsStrings = false
        /// `body` before `header`.
        public var bodyFirst = false
        /// Extra keys that a reader must skip.
        public var extraKeys = false

        public init(
            shuffleKeys: Bool = false, pretty: Bool = false, escapeStrings: Bool = false,
            numbersAsStrings: Bool = false, bodyFirst: Bool = false, extraKeys: Bool = false
        ) {
            self.shuffleKeys = shuffleKeys
            self.pretty = pretty
            self.escapeStrings = escapeStrings
            self.numbersAsStrings = numbersAsStrings
            self.bodyFirst = bodyFirst
            self.extraKeys = extraKeys
        }

        /// KMA's own compact layout.
        public static let kma = Style()
    }

    /// The deterministic random source of the generator.
    public typealias Random = SplitMix64

    public init() {}

    /// The 12 hourly categories of a short-term run, in KMA's order.
    public static let shortTermHourly = ["TMP", "UUU", "VVV", "VEC", "WSD", "SKY", "PTY", "POP", "WAV", "PCP", "REH", "SNO"]

    /// A short-term run like the recorded ones: hourly categories from `start` on, TMN at 0600
    /// and TMX at 1500, with plausible values (including the text categories).
    ///
    /// - Parameters:
    ///   - count: How many items.
    ///   - base: The run, e.g. 20221120 0500.
    ///   - nx: Grid column.
    ///   - ny: Grid row.
    ///   - seed: Seed for the values.
    public static func shortTermItems(count: Int, base: ForecastBase, nx: Int, ny: Int, seed: UInt64 = 1) -> [ForecastItem] {
        var random = Random(seed: seed)
        var items: [ForecastItem] = []
        items.reserveCapacity(count)
        var hour = base.dateTime.adding(seconds: 3600)
        let texts = ["강수없음", "1mm 미만", "1.0mm 미만", "2.0mm", "30.0~50.0mm", "50.0mm 이상", "적설없음", "0.5cm 미만", "5.0cm 이상"]
        while items.count < count {
            let date = hour.yyyymmdd
            let time = hour.hhmm
            var categories = shortTermHourly
            if time == 600 { categories.append("TMN") }
            if time == 1500 { categories.append("TMX") }
            for code in categories where items.count < count {
                let value: String
                switch code {
                case "TMP": value = String(random.below(35) - 10)
                case "TMN", "TMX": value = String(random.below(30) - 5) + ".0"
                case "UUU", "VVV": value = String(Double(random.below(80) - 40) / 10)
                case "VEC": value = String(random.below(361))
                case "WSD": value = String(Double(random.below(150)) / 10)
                case "SKY": value = ["1", "3", "4"][random.below(3)]
                case "PTY": value = String(random.below(5))
                case "POP": value = String(random.below(11) * 10)
                case "WAV": value = String(Double(random.below(30)) / 10)
                case "PCP": value = texts[random.below(6)]
                case "REH": value = String(random.below(20) * 5)
                case "SNO": value = texts[6 + random.below(3)]
                default: value = "0"
                }
                items.append(ForecastItem(
                    base: base, category: ForecastCategory(code), forecastDate: date, forecastTime: time,
                    value: value, nx: nx, ny: ny
                ))
            }
            hour = hour.adding(seconds: 3600)
        }
        return items
    }

    /// Writes a page holding `items`.
    ///
    /// - Parameters:
    ///   - items: The items, written in this order.
    ///   - pageNo: `body.pageNo`.
    ///   - numOfRows: `body.numOfRows`.
    ///   - totalCount: `body.totalCount`.
    ///   - style: The layout.
    ///   - singleObject: Write a one-item page's `item` as an object, not a list.
    ///   - seed: Seed for the style's random choices.
    public static func page(
        _ items: [ForecastItem], pageNo: Int = 1, numOfRows: Int = 1000, totalCount: Int? = nil,
        style: Style = .kma, singleObject: Bool = false, seed: UInt64 = 7
    ) -> [UInt8] {
        var random = Random(seed: seed)
        let nl = style.pretty ? "\n" : ""
        let sp = style.pretty ? " " : ""
        func indent(_ level: Int) -> String { style.pretty ? String(repeating: "  ", count: level) : "" }
        func string(_ text: String) -> String { quote(text, escape: style.escapeStrings) }
        func number(_ value: Int) -> String { style.numbersAsStrings ? "\"\(value)\"" : String(value) }
        func object(_ members: [(String, String)], level: Int, shuffle: Bool) -> String {
            var members = members
            if style.extraKeys { members.append(("note", string("extra key {\"x\":[1,2]}"))) }
            if shuffle {
                for index in stride(from: members.count - 1, to: 0, by: -1) {
                    members.swapAt(index, random.below(index + 1))
                }
            }
            let inner = members.map { indent(level + 1) + string($0.0) + ":" + sp + $0.1 }.joined(separator: "," + nl)
            return "{" + nl + inner + nl + indent(level) + "}"
        }
        let itemTexts = items.map { item -> String in
            var members: [(String, String)] = [
                ("baseDate", string(item.base.baseDate)), ("baseTime", string(item.base.baseTime)),
                ("category", string(item.category.code)),
            ]
            if item.isObservation {
                members += [("nx", number(item.nx)), ("ny", number(item.ny)), ("obsrValue", string(item.value))]
            } else {
                members += [
                    ("fcstDate", string(item.forecastDateString)), ("fcstTime", string(item.forecastTimeString)),
                    ("fcstValue", string(item.value)), ("nx", number(item.nx)), ("ny", number(item.ny)),
                ]
            }
            return object(members, level: 4, shuffle: style.shuffleKeys)
        }
        let itemValue: String
        if singleObject, itemTexts.count == 1 {
            itemValue = itemTexts[0]
        } else {
            itemValue = "[" + nl + itemTexts.map { indent(4) + $0 }.joined(separator: "," + nl) + nl + indent(3) + "]"
        }
        let body = object([
            ("dataType", string("JSON")),
            ("items", object([("item", itemValue)], level: 2, shuffle: false)),
            ("pageNo", number(pageNo)), ("numOfRows", number(numOfRows)), ("totalCount", number(totalCount ?? items.count)),
        ], level: 1, shuffle: style.shuffleKeys)
        let header = object([("resultCode", string("00")), ("resultMsg", string("NORMAL_SERVICE"))], level: 1, shuffle: style.shuffleKeys)
        let response = style.bodyFirst
            ? "{" + nl + indent(1) + "\"body\":" + sp + body + "," + nl + indent(1) + "\"header\":" + sp + header + nl + "}"
            : "{" + nl + indent(1) + "\"header\":" + sp + header + "," + nl + indent(1) + "\"body\":" + sp + body + nl + "}"
        return Array(("{\"response\":" + sp + response + "}").utf8)
    }

    /// A JSON string literal; with `escape`, every non-ASCII scalar (and `/`) as `\uXXXX`
    /// (surrogate pairs above U+FFFF).
    public static func quote(_ text: String, escape: Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/" where escape: out += "\\/"
            default:
                if scalar.value < 0x20 || (escape && scalar.value > 0x7E) {
                    if scalar.value > 0xFFFF {
                        let v = scalar.value - 0x10000
                        out += hex4(0xD800 + (v >> 10)) + hex4(0xDC00 + (v & 0x3FF))
                    } else {
                        out += hex4(scalar.value)
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        "\\u" + value.zeroPadded(toWidth: 4, radix: 16, uppercase: true)
    }
}

extension SplitMix64 {
    /// A whole number in `0..<n`.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// A coin toss.
    public mutating func bool() -> Bool { next() & 1 == 1 }
}
