import Foundation
import Testing
@testable import KMAForecast
@testable import KMAForecastCLI
import _KMATestSupport

/// JSON text of a value, keys sorted, slashes unescaped (as the CLI writes it).
func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

@Suite("ForecastValue JSON: the documented shapes")
struct ForecastValueJSONTests {
    static let extended = ForecastValue.Context(product: .shortTerm, isExtendedDay: true)

    /// (category, raw, context, JSON with sorted keys)
    static let shapes: [(ForecastCategory, String, ForecastValue.Context, String)] = [
        (.tmp, "10", .init(), #"{"kind":"number","raw":"10","unit":"°C","value":10}"#),
        (.uuu, "-1.3", .init(), #"{"kind":"number","raw":"-1.3","unit":"m/s","value":-1.3}"#),
        (.tmn, "7.0", .init(), #"{"kind":"number","raw":"7.0","unit":"°C","value":7}"#),
        (.tmp, "999", .init(), #"{"kind":"missing","raw":"999"}"#),
        (.tmp, "-999", .init(), #"{"kind":"missing","raw":"-999"}"#),
        (.tmp, "abc", .init(), #"{"kind":"unparsed","raw":"abc"}"#),
        (ForecastCategory("T3H"), "10", .init(), #"{"kind":"unparsed","raw":"10"}"#),
        (.sky, "1", .init(), #"{"code":1,"en":"clear","kind":"sky","ko":"맑음","raw":"1"}"#),
        (.pty, "4", .init(product: .shortTerm), #"{"code":4,"en":"shower","kind":"precipitationType","ko":"소나기","raw":"4"}"#),
        (.pcp, "강수없음", .init(), #"{"form":"zero","kind":"precipitation","max":0,"min":0,"raw":"강수없음","unit":"mm"}"#),
        (.pcp, "1mm 미만", .init(), #"{"form":"lessThan","kind":"precipitation","max":1,"min":0,"raw":"1mm 미만","unit":"mm"}"#),
        (.pcp, "2.0mm", .init(), #"{"form":"exactly","kind":"precipitation","max":2,"min":2,"raw":"2.0mm","unit":"mm"}"#),
        (.pcp, "30.0~50.0mm", .init(), #"{"form":"range","kind":"precipitation","max":50,"min":30,"raw":"30.0~50.0mm","unit":"mm"}"#),
        (.pcp, "50.0mm 이상", .init(), #"{"form":"atLeast","kind":"precipitation","min":50,"raw":"50.0mm 이상","unit":"mm"}"#),
        (.sno, "5.0cm 이상", .init(), #"{"form":"atLeast","kind":"snow","min":5,"raw":"5.0cm 이상","unit":"cm"}"#),
        (.sno, "0.5cm 미만", .init(), #"{"form":"lessThan","kind":"snow","max":0.5,"min":0,"raw":"0.5cm 미만","unit":"cm"}"#),
        (.pcp, "2", extended, #"{"code":2,"en":"moderate rain","kind":"rainIntensity","ko":"보통 비","max":15,"min":3,"raw":"2","unit":"mm/h"}"#),
        (.sno, "1", extended, #"{"code":1,"en":"moderate snow","kind":"snowIntensity","ko":"보통 눈","max":1,"min":0,"raw":"1","unit":"cm/h"}"#),
        (.wsd, "3", extended, #"{"code":3,"en":"strong wind","kind":"windStrength","ko":"강한 바람","min":9,"raw":"3","unit":"m/s"}"#),
        (.vec, "241", .init(), #"{"compass":"WSW","en":"west-southwest","kind":"windDirection","ko":"서남서","raw":"241","unit":"deg","value":241}"#),
    ]

    @Test("Each kind's shape", arguments: shapes)
    func shape(_ category: ForecastCategory, _ raw: String, _ context: ForecastValue.Context, _ expected: String) throws {
        #expect(try json(ForecastValue(category: category, raw: raw, context: context)) == expected)
    }

    @Test("Every value of the recorded pages encodes, with its raw text")
    func recordedPagesEncode() throws {
        for name in recordedPages {
            for row in try recordedRows(name) {
                for value in row.values {
                    let object = try JSONSerialization.jsonObject(with: Data(try json(value).utf8)) as? [String: Any]
                    #expect(object?["raw"] as? String == value.raw)
                    #expect(object?["kind"] as? String == value.meaning.kind)
                }
            }
        }
    }
}

/// The recorded responses in `Fixtures/api/`.
let recordedPages = [
    "api/getVilageFcst_20221120_0500_nx60_ny120.json", "api/getUltraSrtFcst_20210328_1530_nx56_ny125.json",
    "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json",
]

/// The rows of a recorded response in `Fixtures/`.
func recordedRows(_ name: String) throws -> [ForecastRow] {
    var builder = ForecastRowBuilder()
    _ = try ForecastPageDecoder.decode(try Fixtures.bytes(name), into: &builder)
    return builder.rows()
}
