import KMAForecast
import KMAGrid
import Testing
import _KMATestSupport

/// The grid-field body decoder against bodies built to the documented layout
/// (`BuiltGridField`: not KMA data; no field body has been recorded).
@Suite struct GridFieldDecoderTests {
    static let built: BuiltGridField = {
        guard let field = try? BuiltGridField.temperature() else { preconditionFailure("the official grid table fixture is readable") }
        return field
    }()

    static func cell(_ nx: Int, _ ny: Int) -> GridCell {
        guard let cell = try? GridCell(nx: nx, ny: ny) else { preconditionFailure("a valid test cell") }
        return cell
    }

    static let run: ForecastBase = {
        guard let run = try? ForecastBase(baseDate: "20261121", baseTime: "0500") else { preconditionFailure("a valid base") }
        return run
    }()

    static func decode(_ body: [UInt8]) throws(GridFieldError) -> GridField {
        try GridFieldDecoder.field(body, product: .shortTerm, variable: .tmp, run: run, valid: run.dateTime.adding(seconds: 3600))
    }

    static func failure(_ body: [UInt8]) -> GridFieldError? {
        do throws(GridFieldError) {
            _ = try decode(body)
            return nil
        } catch {
            return error
        }
    }

    @Test("the first row is ny 1 (south), west to east: the known values land at Busan (98,76) and Jeju (53,38)")
    func order() throws {
        let field = try Self.decode(Self.built.body())
        #expect(field[Self.cell(98, 76)] == 31.5)
        #expect(field[Self.cell(53, 38)] == -5.25)
        // A reader that started at the north, or ran east to west, or swapped nx and ny,
        // would put them elsewhere: nowhere else holds either value.
        #expect(field.rawValues.filter { $0 == 31.5 }.count == 1)
        #expect(field.rawValues.filter { $0 == -5.25 }.count == 1)
        #expect(field.rawValues[GridField.index(of: Self.cell(98, 76))] == 31.5)
        #expect(GridField.index(of: Self.cell(98, 76)) == 75 * 149 + 97)
        #expect(GridField.cell(at: 75 * 149 + 97) == Self.cell(98, 76))
        #expect(field.rawValues == Self.built.rawValues)
    }

    @Test("-99.00 is missing: nil from the subscript, kept in the raw numbers")
    func missing() throws {
        let field = try Self.decode(Self.built.body())
        let sea = Self.cell(1, 1)
        #expect(Self.built.hundredths[0] == nil)
        #expect(field[sea] == nil)
        #expect(field.rawValue(at: sea) == -99)
        #expect(field.valueCount == Self.built.hundredths.compactMap { $0 }.count)
        #expect(field.valueRange == -5.25...31.5)
        var seen = 0
        field.forEachValue { cell, value in
            seen += 1
            #expect(field[cell] == value)
        }
        #expect(seen == field.valueCount)
    }

    @Test("tolerant of separators, CRLF, trailing commas, other line lengths and # lines", arguments: [
        (",", "\n", 20, false, [String]()),
        (", ", "\n", 20, false, []),
        (" ", "\n", 20, false, []),
        (",", "\r\n", 20, false, []),
        (",", "\n", 20, true, []),
        (",", "\n", 149, false, []),
        (",", "\n", 20, false, ["# tmfc=2026112105 tmef=2026112106 vars=TMP", "  # indented comment"]),
    ])
    func variants(separator: String, lineEnd: String, perLine: Int, trailing: Bool, header: [String]) throws {
        let body = Self.built.body(separator: separator, lineEnd: lineEnd, perLine: perLine, trailingSeparator: trailing, header: header)
        #expect(try Self.decode(body).rawValues == Self.built.rawValues)
    }

    @Test("each number is the Double that Double(String) reads", arguments: [
        "0", "-0.00", "12.3", "-12.25", "+7", ".5", "-.5", "5.", "0.1", "0.29", "123456.789012", "99999999999999999.9",
        "0.3333333333333333333", "-99.00", "900.0",
    ])
    func numbers(token: String) throws {
        var text = Self.built.hundredths.map(BuiltGridField.text)
        text[0] = token
        let values = try GridFieldDecoder.values(Array(text.joined(separator: ",").utf8))
        let expected = try #require(Double(token))
        #expect(values[0].bitPattern == expected.bitPattern)
    }

    @Test("one value too few or too many is a wrong count")
    func wrongCounts() {
        var fewer = Self.built.hundredths.map(BuiltGridField.text)
        fewer.removeLast()
        #expect(Self.failure(Array((fewer.joined(separator: ",") + "\n").utf8)) == .wrongCount(found: 37_696, expected: 37_697))
        let more = Self.built.body() + Array("1.00\n".utf8)
        #expect(Self.failure(more) == .wrongCount(found: 37_698, expected: 37_697))
    }

    @Test("a body cut inside a line is truncated, and worth retrying")
    func truncated() {
        let body = Self.built.body()
        let error = Self.failure(Array(body.prefix(body.count / 2)))
        guard case .truncated(let read, 37_697)? = error else {
            Issue.record("expected truncated, got \(String(describing: error))")
            return
        }
        #expect(read > 0 && read < 37_697)
        #expect(error?.isTransient == true)
    }

    @Test("API Hub's error line with HTTP 200 is a service message")
    func errorLine() {
        let error = Self.failure(Array("# input variable error (-1)\n".utf8))
        #expect(error == .serviceMessage("input variable error (-1)"))
        #expect(error?.isTransient == false)
        #expect(error?.description.contains("input variable error (-1)") == true)
    }

    @Test("API Hub's 403 JSON (활용신청) is a refusal, with KMA's message")
    func refusal() throws {
        let body = try Fixtures.bytes("api/hand_made_apihub_403_not_applied.json")
        let error = Self.failure(body)
        guard case .refused(.apiHubRefusal(let status, let message))? = error else {
            Issue.record("expected an API Hub refusal, got \(String(describing: error))")
            return
        }
        #expect(status == 403)
        #expect(message.contains("활용신청"))
    }

    @Test("an HTML page is refused as HTML")
    func html() throws {
        let error = Self.failure(try Fixtures.bytes("api/hand_made_html_502.html"))
        guard case .refused(.html)? = error else {
            Issue.record("expected HTML, got \(String(describing: error))")
            return
        }
    }

    @Test("a token that is not a number names its line", arguments: ["abc", "1.2.3", "1e5", "-", "12a", "NaN"])
    func invalidNumber(token: String) {
        var text = Self.built.body()
        // Line 9 starts the second row; replace its first number.
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var line9 = Array(lines[8])
        let comma = line9.firstIndex(of: UInt8(ascii: ",")) ?? line9.endIndex
        line9.replaceSubrange(0..<comma, with: Array(token.utf8))
        var rebuilt = lines.map(Array.init)
        rebuilt[8] = line9
        text = Array(rebuilt.joined(separator: [UInt8(ascii: "\n")]))
        #expect(Self.failure(text) == .invalidNumber(line: 9, text: token))
    }

    @Test("an empty body is empty")
    func empty() {
        #expect(Self.failure([]) == .empty)
        #expect(Self.failure(Array(" \n\r\n".utf8)) == .empty)
    }

    @Test("sampling many cells and coordinates is the value at each cell")
    func sampling() throws {
        let field = try Self.decode(Self.built.body())
        let rows = try Fixtures.officialGridTable()
        let cells = rows.compactMap { try? GridCell(nx: $0.nx, ny: $0.ny) }
        #expect(cells.count == 3_834)
        let values = field.values(at: cells)
        #expect(values.count == 3_834)
        for (cell, value) in zip(cells, values) {
            #expect(value == Self.built.hundredths[BuiltGridField.index(nx: cell.nx, ny: cell.ny)].map { Double($0) / 100 })
        }
        let points = rows.map { GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
        let byFormula = ForecastGrid.kma.cells(for: points)
        let sampled = field.values(at: points)
        for (cell, value) in zip(byFormula, sampled) {
            #expect(value == cell.flatMap { field[$0] })
        }
    }
}

@Suite struct BuiltGridFieldFixtureTests {
    @Test("the fixture body (made by Fixtures/apihub-grid/make_field.py) is BuiltGridField.temperature(), byte for byte")
    func fixtureMatchesGenerator() throws {
        let file = try Fixtures.bytes("apihub-grid/built_shrt_grd_TMP_tmfc2026112105_tmef2026112106.txt")
        #expect(file == (try BuiltGridField.temperature()).body())
        #expect(file.split(separator: UInt8(ascii: "\n")).count == 253 * 8)
    }
}

@Suite struct GridFieldNumberTests {
    @Test("random tokens of every shape, in every position of a line, read as Double(String) reads them")
    func randomTokens() throws {
        var random = SplitMix64(seed: 12)
        var tokens: [String] = []
        for _ in 0..<GridField.count {
            var token = random.next() % 4 == 0 ? "-" : ""
            let integer = Int(random.next() % 5)   // 0 to 4 integer digits
            for _ in 0..<integer { token += String(random.next() % 10) }
            let decimals = Int(random.next() % 5)  // no point, or 0 to 3 decimals
            if decimals > 0 {
                token += "."
                for _ in 0..<(decimals - 1) { token += String(random.next() % 10) }
            }
            if integer == 0 && decimals <= 1 { token += "7" }
            tokens.append(token)
        }
        var body = ""
        for start in stride(from: 0, to: tokens.count, by: 20) {
            body += tokens[start..<min(start + 20, tokens.count)].joined(separator: random.next() % 2 == 0 ? "," : ", ") + "\n"
        }
        let values = try GridFieldDecoder.values(Array(body.utf8))
        for (token, value) in zip(tokens, values) {
            let expected = try #require(Double(token), "token \(token)")
            #expect(value.bitPattern == expected.bitPattern, "token \(token)")
        }
    }
}
