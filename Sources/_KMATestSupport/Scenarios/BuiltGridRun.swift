import KMAForecast

/// Whole runs of built grid fields (**not KMA data**) for a stand-in API Hub: every variable
/// asked at every valid time of a run, each field different, in API Hub's body layout
/// (``BuiltGridField``).
///
/// ```swift
/// let run = try BuiltGridRun(product: .shortTerm, run: base, variables: ["TMP", "POP", "SKY"])
/// run.serve(on: server)                                  // every field of the run
/// run.hundredths("TMP", time: 3)[BuiltGridField.index(nx: 98, ny: 76)]
/// ```
///
/// Values, in hundredths, on land (``BuiltGridField/landMask(radius:)``; sea missing), `t`
/// the index of the valid time, `seed` a number per run:
/// - `TMP`, `T1H`, `TMN`, `TMX`: ``BuiltGridField/temperature(radius:)`` + `t`·10 + `seed`;
/// - `SKY`: 1, 3 or 4; `PTY`: 0–4 (short-term) or 0, 1, 2, 3, 5, 6, 7: codes;
/// - `POP`, `REH`: multiples of 10 %; `PCP`, `RN1`, `SNO`: 0 to 1.50 in steps of 0.25;
/// - anything else: -20.00 to 20.00 in steps of 0.01.
public struct BuiltGridRun: Sendable {
    public let product: ForecastProduct
    public let run: ForecastBase
    public let variables: [String]
    public let seed: Int
    /// The run's valid times (`product.gridValidTimes(run:)`).
    public let validTimes: [KSTDateTime]
    private let land: [Bool]
    private let temperature: [Int?]

    public init(product: ForecastProduct, run: ForecastBase, variables: [String], seed: Int = 0) throws {
        self.product = product
        self.run = run
        self.variables = variables
        self.seed = seed
        validTimes = product.gridValidTimes(run: run)
        land = try BuiltGridField.landMask()
        temperature = try BuiltGridField.temperature().hundredths
    }

    /// `tmfc` of the run.
    public var tmfc: String {
        let digits = run.baseDate + run.baseTime
        return product == .shortTerm ? String(digits.prefix(10)) : digits
    }

    /// `tmef` of a valid time.
    public static func tmef(_ time: KSTDateTime) -> String {
        ForecastBase(time).baseDate + String(ForecastBase(time).baseTime.prefix(2))
    }

    /// Whether the run has the variable at a valid time (TMN only at 06:00, TMX at 15:00).
    public func has(_ variable: String, time: Int) -> Bool {
        switch variable {
        case "TMN": validTimes[time].hour == 6
        case "TMX": validTimes[time].hour == 15
        default: true
        }
    }

    /// The field of a variable at the `time`-th valid time, in hundredths (`nil` missing).
    public func hundredths(_ variable: String, time t: Int) -> [Int?] {
        var values = [Int?](repeating: nil, count: land.count)
        let ptyCodes = product == .shortTerm ? [0, 1, 2, 3, 4] : [0, 1, 2, 3, 5, 6, 7]
        for index in land.indices where land[index] {
            let nx = index % 149 + 1, ny = index / 149 + 1
            let mix = nx &* 7 &+ ny &* 13 &+ t &* 5 &+ seed
            switch variable {
            case "TMP", "T1H", "TMN", "TMX": values[index] = (temperature[index] ?? 0) + t * 10 + seed
            case "SKY": values[index] = [1, 3, 4][mix % 3] * 100
            case "PTY": values[index] = ptyCodes[mix % ptyCodes.count] * 100
            case "POP", "REH": values[index] = (mix % 11) * 1000
            case "PCP", "RN1", "SNO": values[index] = (mix % 7) * 25
            default: values[index] = mix % 4001 - 2000
            }
        }
        return values
    }

    /// The numbers a decoder gives for a field: value / 100, -99 for missing.
    public func rawValues(_ variable: String, time: Int) -> [Double] {
        hundredths(variable, time: time).map { $0.map { Double($0) / 100 } ?? -99 }
    }

    /// Adds every field of the run to a stand-in server (only the valid times `include` keeps).
    public func serve(on server: ReplayServer, include: (String, Int) -> Bool = { _, _ in true }) {
        for variable in variables {
            for time in validTimes.indices where has(variable, time: time) && include(variable, time) {
                let body = Self.body(hundredths(variable, time: time))
                server.addField(
                    body, operation: product.gridOperation, tmfc: tmfc,
                    tmef: product.gridHasValidTime ? Self.tmef(validTimes[time]) : nil, variable: variable
                )
            }
        }
    }

    /// A body in API Hub's layout (20 numbers a line, each 149-value row on 8 lines), built
    /// byte by byte: the same text as ``BuiltGridField/body(separator:lineEnd:perLine:trailingSeparator:header:)``.
    ///
    /// No allocation per number: the tests run in a debug build, where an array and a string
    /// per number made building a run's bodies seconds of a suite.
    public static func body(_ hundredths: [Int?]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(hundredths.count * 7)
        for row in 0..<253 {
            for column in 0..<149 {
                if column > 0 { out.append(column % 20 == 0 ? 0x0A : 0x2C) }
                guard let value = hundredths[row * 149 + column] else {
                    out.append(contentsOf: missing)   // -99.00
                    continue
                }
                if value < 0 { out.append(0x2D) }
                let magnitude = abs(value)
                let whole = magnitude / 100
                var divisor = 1
                while divisor <= whole / 10 { divisor *= 10 }
                while divisor > 0 {
                    out.append(UInt8(0x30 + whole / divisor % 10))
                    divisor /= 10
                }
                out.append(0x2E)
                out.append(UInt8(0x30 + magnitude % 100 / 10))
                out.append(UInt8(0x30 + magnitude % 10))
            }
            out.append(0x0A)
        }
        return out
    }

    /// `-99.00`, API Hub's missing value.
    private static let missing: [UInt8] = [0x2D, 0x39, 0x39, 0x2E, 0x30, 0x30]
}
