import KMAForecast
import KMAForecastClient

/// `kma_place_codes`: every code of one place, offline (the library's `PlaceCodesReport`).
extension MCPTools {
    static let placeCodesDescription = """
        Every code KMA knows a South Korean place by, offline: grid nx/ny, 10-digit region code and areaNo (UV index), \
        mid-term land region and temperature point (getMidLandFcst/getMidTa regId), land warning zone (특보구역), forecast office. \
        Takes a name (Korean or English, e.g. '제주시', 'Busan Haeundae-gu') or a region code. A former name or code (광주광역시 동구, \
        인천 중구; the 2026 map) gives its successor, named in 'replaced'.
        """
    static let placeCodesInput = """
        {"type":"object","additionalProperties":false,"required":["place"],"properties":{
        "place":{"type":"string","minLength":1,"description":"A place name or 10-digit region code."}}}
        """
    static let placeCodesOutput = schema("""
        {"type":"object","required":["name","regionCode","areaNo","edition","nx","ny"],"properties":{
        "name":{"type":"string"},"englishName":{"type":["string","null"]},"regionCode":{"type":"string"},"areaNo":{"type":"string"},
        "edition":{"type":"string"},"replaced":{"type":["object","null"]},"nx":{"type":"integer"},"ny":{"type":"integer"},
        "midTerm":{"type":["object","null"]},"warningZone":{"type":["object","null"]},"forecastOffice":{"type":["object","null"]},
        "parts":{"type":"array","items":{"type":"string"}}}}
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
