import KMAForecast

extension GridFieldNetCDF {
    /// A code variable's status flag (`SKY_status`): 1 where the code KMA sent is not one of
    /// the variable's `flag_values` (kept as sent), 0 elsewhere (a documented code, or no data).
    static func statusVariable(_ variable: ForecastCategory) -> NetCDFClassic.Variable {
        typealias Attribute = NetCDFClassic.Attribute
        return .init(name: variable.code + "_status", dimensions: [0, 1, 2], type: .byte, attributes: [
            Attribute("standard_name", .text("status_flag")),
            Attribute("long_name", .text("whether \(variable.code) holds a code KMA does not document (kept as sent)")),
            Attribute("flag_values", .bytes([0, 1])),
            Attribute("flag_meanings", .text("documented_code_or_no_data undocumented_code")),
            Attribute("coordinates", .text("forecast_reference_time lat lon")),
            Attribute("grid_mapping", .text(gridMappingName)),
        ])
    }

    /// The index of a code variable's status flag (`<code>_status`): after every data variable,
    /// in the code variables' order.
    func statusIndex(of index: Int) -> Int {
        Self.firstData + 2 * dailyAxes.count + variables.count + variables[..<index].filter(\.isCategorical).count
    }
}
