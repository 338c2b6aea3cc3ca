import Testing
@testable import KMAForecast
import _KMATestSupport

/// Answers with the right shape but wrong content: rows of a grid field shifted by a value, a
/// value no weather has, a day's low above its high, an outlook too long to read (issue 25,
/// items 7, 8 and 9).
@Suite("Implausible answers: misaligned grid rows, values outside the physical range, a low above its high, a long outlook")
struct ImplausibleAnswerTests {
    static let built: BuiltGridField = {
        guard let field = try? BuiltGridField.temperature() else { preconditionFailure("the official grid table fixture is readable") }
        return field
    }()

    static let run: ForecastBase = {
        guard let run = try? ForecastBase(baseDate: "20261121", baseTime: "0500") else { preconditionFailure("a valid base") }
        return run
    }()

    static func decode(_ body: [UInt8], variable: ForecastCategory = .tmp) throws(GridFieldError) -> GridField {
        try GridFieldDecoder.field(body, product: .shortTerm, variable: variable, run: run, valid: run.dateTime.adding(seconds: 3600))
    }

    static func failure(_ body: [UInt8], variable: ForecastCategory = .tmp) -> GridFieldError? {
        do throws(GridFieldError) {
            _ = try decode(body, variable: variable)
            return nil
        } catch {
            return error
        }
    }

    /// The built body's lines, with one value added at the end of line `extra` and the last
    /// value of line `short` removed (both counted from 0): the count stays right.
    static func shifted(extra: Int, short: Int, lineEnd: String = "\n") -> [UInt8] {
        var lines = String(decoding: built.body(), as: UTF8.self).split(separator: "\n").map(String.init)
        lines[extra] += ",7.00"
        lines[short] = String(lines[short][..<(lines[short].lastIndex(of: ",") ?? lines[short].endIndex)])
        return Array((lines.joined(separator: lineEnd) + lineEnd).utf8)
    }

    // Regression: accepted, every cell between the two shifted by one.
    @Test("An extra value early and one missing late: the row that does not end where it should is named", arguments: [
        (0, 2023, 1, 1, 21, 20),      // the issue's case: first line one long, the last line one short
        (17, 1500, 3, 18, 21, 20),    // row 3's second line
        (7, 2023, 1, 8, 10, 9),       // a row's last line (9 values) one long
    ])
    func misalignedRows(extra: Int, short: Int, ny: Int, line: Int, values: Int, expected: Int) {
        #expect(Self.failure(Self.shifted(extra: extra, short: short)) == .misalignedRow(ny: ny, line: line, values: values, expected: expected))
        #expect(Self.failure(Self.shifted(extra: extra, short: short, lineEnd: "\r\n")) == .misalignedRow(ny: ny, line: line, values: values, expected: expected))
        let error = Self.failure(Self.shifted(extra: extra, short: short))
        #expect(error?.description.hasPrefix("row ny \(ny) of the grid field does not end where KMA's layout puts it") == true, "\(String(describing: error))")
    }

    @Test("A comment line does not count as a line of the layout; other layouts are not held to it")
    func otherLayouts() throws {
        let commented = Self.built.body(header: ["# tmfc=2026112105 tmef=2026112106 vars=TMP"])
        #expect(try Self.decode(commented).rawValues == Self.built.rawValues)
        #expect(try Self.decode(Self.built.body(perLine: 149)).rawValues == Self.built.rawValues)
        #expect(try Self.decode(Self.built.body(perLine: 10)).rawValues == Self.built.rawValues)
    }

    // Regression: TMP 899.99 everywhere was a field (only |v| >= 900 is missing).
    @Test("A value outside the variable's physical range is refused, naming it and its cell", arguments: [
        (ForecastCategory.tmp, "899.99", false), (.tmp, "-60.01", false), (.tmp, "60.00", true), (.tmp, "-60.00", true),
        (.pop, "101.00", false), (.pop, "100.00", true), (.reh, "-1.00", false), (.wsd, "100.50", false), (.wsd, "0.00", true),
        (.sky, "5.00", false), (.pty, "8.00", false), (.vec, "361.00", false), (.uuu, "-100.00", true),
        (ForecastCategory("ZZZ"), "899.99", true),
    ])
    func physicalRange(variable: ForecastCategory, token: String, accepted: Bool) throws {
        let body = Array(Self.built.hundredths.map { _ in token }.joined(separator: ",").utf8)
        let error = Self.failure(body, variable: variable)
        if accepted {
            #expect(error == nil, "\(variable.code) \(token): \(String(describing: error))")
        } else {
            let range = try #require(variable.physicalRange)
            #expect(error == .implausibleValue(variable: variable.code, value: try #require(Double(token)), nx: 1, ny: 1, range: range))
            #expect(error?.description.contains("has \(GridFieldError.plain(try #require(Double(token)))) at nx 1, ny 1, outside \(variable.code)'s physical range") == true,
                    "\(String(describing: error))")
        }
    }

    @Test("Missing marks are not values: -99 and |v| >= 900 pass the range check")
    func missingMarks() throws {
        var tokens = Self.built.hundredths.map(BuiltGridField.text)
        tokens[0] = "900.00"
        tokens[1] = "-999.00"
        tokens[2] = "-99.00"
        let field = try Self.decode(Array(tokens.joined(separator: ",").utf8))
        #expect(field.rawValues[0] == 900 && field.rawValues[1] == -999)
    }

    @Test("The physical ranges of the documented variables, defined once")
    func ranges() {
        #expect(ForecastCategory.tmp.physicalRange == -60...60 && ForecastCategory.tmn.physicalRange == -60...60 && ForecastCategory.tmx.physicalRange == -60...60)
        #expect(ForecastCategory.pop.physicalRange == 0...100 && ForecastCategory.reh.physicalRange == 0...100 && ForecastCategory.wsd.physicalRange == 0...100)
        for category in ForecastCategory.documented { #expect(category.physicalRange != nil, "\(category.code)") }
        #expect(ForecastCategory("ZZZ").physicalRange == nil)
    }

    // Regression: `taMin4=40, taMax4=-40` was shown as `40° / -40°`.
    @Test("A mid-term day whose low is above its high is refused, naming both")
    func lowAboveHigh() throws {
        let body = try Fixtures.text("midterm/getMidTa_11B10101_202610040600.json")
            .replacingOccurrences(of: #""taMin4":10"#, with: #""taMin4":40"#).replacingOccurrences(of: #""taMax4":25"#, with: #""taMax4":-40"#)
        let error = #expect(throws: ForecastResponseError.self) {
            try MidTermDecoder.temperatures(Array(body.utf8), issue: MidTermIssue(tmFc: "202610040600")!)
        }
        #expect(error == .unexpectedShape("taMin4 is 40 °C, above taMax4 -40 °C: a day's low cannot be above its high"))
        // Equal low and high is a plausible day.
        let equal = try Fixtures.text("midterm/getMidTa_11B10101_202610040600.json").replacingOccurrences(of: #""taMax4":25"#, with: #""taMax4":10"#)
        #expect(try MidTermDecoder.temperatures(Array(equal.utf8), issue: MidTermIssue(tmFc: "202610040600")!).day(4)?.maximum == 10)
    }

    static func outlookBody(_ text: String, station: String = "109") -> [UInt8] {
        let escaped = text.replacingOccurrences(of: "\n", with: "\\n")
        return Array(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"items":{"item":[{"stnId":"\#(station)","wfSv":"\#(escaped)"}]}}}}"#.utf8)
    }

    // Regression: a 200,000-line wfSv was returned whole.
    @Test("An outlook is cut to 60 lines and 4,000 characters, saying how many lines were cut")
    func outlookCut() throws {
        let many = try MidTermDecoder.outlookText(Self.outlookBody((1...200_000).map { "line \($0)" }.joined(separator: "\n")))
        #expect(many.stationID == "109" && many.cutLines == 199_940)
        #expect(many.text?.split(separator: "\n").count == 60 && many.text?.hasSuffix("line 60… (cut: 199940 more lines)") == true)
        let oneLong = try MidTermDecoder.outlookText(Self.outlookBody(String(repeating: "가", count: 1_000_000)))
        #expect(oneLong.text?.count == 4_000 + "… (cut: 1 more line)".count && oneLong.cutLines == 1)
        let longSecond = try MidTermDecoder.outlookText(Self.outlookBody("첫 줄\n" + String(repeating: "b", count: 5_000) + "\n셋째 줄"))
        #expect(longSecond.text?.hasSuffix(String(repeating: "b", count: 3_996) + "… (cut: 2 more lines)") == true, "\(String(describing: longSecond.text?.suffix(40)))")
        let exact = (1...60).map { "line \($0)" }.joined(separator: "\n")
        #expect(try MidTermDecoder.outlookText(Self.outlookBody(exact)) == MidTermOutlookText(stationID: "109", text: exact))
        #expect(try MidTermDecoder.outlookText(Self.outlookBody(exact)).cutLines == 0)
        #expect(try MidTermDecoder.outlook(Self.outlookBody("짧은 전망")) == "짧은 전망")
    }
}
