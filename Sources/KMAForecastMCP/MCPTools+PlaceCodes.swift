import KMAForecast
import KMAForecastClient

/// `kma_place_codes`: every code of one place, offline (the library's `PlaceCodesReport`).
extension MCPTools {
    static let placeCodesDescription = """
        A place's codes, offline: nx/ny, region code, areaNo, mid-term regIds, warning zone, forecast office. \
        Name (ko/en) or region code; a former one (2026 map) gives its successor.
        """
    static let placeCodesInput = """
        {"type":"object","additionalProperties":false,"required":["place"],"properties":{
        "place":{"type":"string","minLength":1,"description":"Name or region code."}}}
        """
    static let placeCodesOutput = schema("""
        {"type":"object","required":["name","regionCode","areaNo","nx","ny"],"properties":{
        "name":{"type":"string"},"regionCode":{"type":"string"},"areaNo":{"type":"string"},
        "nx":{"type":"integer"},"ny":{"type":"integer"}}}
        """)

    func placeCodes(_ input: MCPToolArguments) throws(MCPToolInputError) -> Outcome {
        try input.allow(["place"])
        guard let query = try input.string("place") else { throw MCPToolInputError(message: "'place' is required: a place name or region code, e.g. '제주시'") }
        let report: PlaceCodesReport
        do throws(LocationInputError) {
            report = try PlaceCodesReport(query: query)
        } catch {
            throw MCPToolArguments.inputError(error)
        }
        return Outcome(text: report.text(korean: false), structured: try? JSONValue.read(Array(report.json.utf8)), isError: false)
    }
}
