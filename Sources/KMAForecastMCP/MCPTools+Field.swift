import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAForecastText

extension MCPTools {
    /// `kma_field_values`: one variable of one run for the whole grid (API Hub), read at the
    /// points asked for. Without a key, an error saying how to set one.
    func fieldValues(_ input: MCPToolArguments, progress: @escaping Progress) async throws(MCPToolInputError) -> Outcome {
        try input.allow(["variable", "product", "valid", "points"])
        let productText = try input.string("product") ?? ForecastProduct.shortTerm.rawValue
        guard let product = ForecastProduct(rawValue: productText) else {
            throw MCPToolInputError(message: "'product' must be short-term, ultra-short or nowcast, got '\(productText)'")
        }
        guard let code = try input.string("variable") else { throw MCPToolInputError(message: "'variable' is required, e.g. TMP") }
        guard let variable = product.gridVariables.first(where: { $0.code == code.uppercased() }) else {
            throw MCPToolInputError(message: "'\(code)' is not a variable of the \(product.rawValue) grid; it has \(product.gridVariables.map(\.code).joined(separator: " "))")
        }
        let validText = try input.string("valid")
        var valid: KSTDateTime?
        if let validText { valid = try MCPToolArguments.instant(validText, argument: "valid", example: Self.validExample) }
        let cells = Self.fieldCells(try input.strings("points", count: 1...200, example: #"["서울","35.16,129.16"]"#))
        let client: GridFieldClient
        do throws(SettingsError) {
            client = try service.settings.gridFieldClient(try service.configuration(gridOperation: product.gridOperation))
        } catch {
            if case .missingKey = error { return .error("\(error) \(MCPService.keyFix) For one place without a field, use kma_forecast.") }
            throw MCPService.inputError(error)
        }
        let field: GridField
        do throws(ForecastClientError) {
            progress(0, 1, "fetching \(variable.code) from KMA API Hub (a new run can take 15-45 s)")
            field = try await client.fetch(product, variable: variable, valid: valid, budget: service.budget)
        } catch {
            // A valid time the run does not have is the caller's to fix, not the key's.
            if case .invalidConfiguration(let why) = error.reason {
                let given = validText.map { "'valid' (\(PrintableText.escaped($0, maximumLength: 80))): " } ?? ""
                throw MCPToolInputError(message: given + why + ". Give 'valid' as an ISO 8601 hour of the run, e.g. \(Self.validExample), or leave it out for the run's first hour.")
            }
            return .error(Self.failureText(error) + (error.isAccessRefusal ? "" : " (The field needs an API Hub key with \(product.gridOperation) applied for.)"))
        }
        progress(1, 1, "done")
        return Self.fieldOutcome(field, variable: variable, product: product, cells: cells)
    }

    /// What a right `valid` looks like.
    static let validExample = "2026-11-21T15:00+09:00"

    /// A point of `kma_field_values`: the place or `lat,lon` asked for, its cell, or why none.
    typealias FieldPoint = (query: String, cell: GridCell?, error: String?)

    /// The cell of each point asked for (a location read as the many-places tools read it).
    static func fieldCells(_ queries: [String]) -> [FieldPoint] {
        var cells: [FieldPoint] = []
        for query in queries {
            do throws(MCPToolInputError) {
                let location = try MCPToolArguments.location(of: query, argument: "points")
                let resolved = try? location.resolved()
                cells.append((query, resolved?.cell, resolved == nil ? "not on KMA's grid" : nil))
            } catch {
                cells.append((query, nil, error.message))
            }
        }
        return cells
    }

    /// The field read at each point: a line and a structured entry per point.
    static func fieldOutcome(_ field: GridField, variable: ForecastCategory, product: ForecastProduct, cells: [FieldPoint]) -> Outcome {
        let values = field.values(at: cells.map { $0.cell ?? GridCell.all[0] })
        let unit = MCPFieldUnit(variable, product: product)
        var points: [JSONValue] = []
        var lines = ["\(variable.code) (\(variable.englishName), \(unit.words)) of the \(product.rawValue) run \(field.run.dateTime.iso8601), valid \(field.valid.iso8601):"]
        for (entry, value) in zip(cells, values) {
            var members: [(String, JSONValue)] = [("query", .string(entry.query))]
            if let cell = entry.cell {
                members += [("nx", .number(cell.nx)), ("ny", .number(cell.ny))]
                if let value {
                    members.append(("value", .number(value)))
                    lines.append("- \(entry.query) (nx \(cell.nx), ny \(cell.ny)): \(unit.text(value))")
                } else {
                    members.append(("error", .string("no data at this cell (sea or outside KMA's domain)")))
                    lines.append("- \(entry.query): no data at this cell")
                }
            } else {
                members.append(("error", .string(entry.error ?? "not found")))
                lines.append("- \(entry.query): \(entry.error ?? "not found")")
            }
            points.append(.object(members))
        }
        var structured: [(String, JSONValue)] = [("variable", .string(variable.code)), ("unit", .string(unit.unit))]
        if !unit.codes.isEmpty { structured.append(("codes", unit.codesJSON)) }
        structured += [
            ("product", .string(product.rawValue)),
            ("run", .string(field.run.dateTime.iso8601)), ("valid", .string(field.valid.iso8601)), ("points", .array(points)),
        ]
        return Outcome(text: lines.joined(separator: "\n"), structured: .object(structured), isError: false)
    }
}
