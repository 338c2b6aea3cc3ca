import KMAForecast

extension GridFieldNetCDF {
    /// The time axis of a daily extreme (TMN, TMX) in the file: its own dimension and
    /// coordinate (`time_tmn`, `time_tmx`), whose bounds (`time_tmn_bnds`) are the KST day of
    /// each valid time, so `cell_methods: "time_tmn: minimum"` says over what the minimum is
    /// taken. (The `time` axis's bounds are the hour before each valid time, the cell of the
    /// hourly sums; one axis cannot carry both.)
    ///
    /// The valid times are those of the file's at which the product has the variable (TMN at
    /// 06:00, TMX at 15:00); when none is (a file of one other valid time), all of them, with
    /// `_FillValue` where the variable has no field.
    struct DailyAxis: Sendable, Equatable {
        /// The variable: TMN or TMX.
        let variable: ForecastCategory
        /// The valid times, in order.
        let times: [KSTDateTime]

        /// The dimension and coordinate name: `time_tmn`, `time_tmx`.
        var name: String { "time_\(variable.code.lowercased())" }

        /// The daily axes of a file's variables, in the variables' order.
        static func axes(product: ForecastProduct, variables: [ForecastCategory], validTimes: [KSTDateTime]) -> [DailyAxis] {
            variables.filter(\.isDailyExtreme).map { variable in
                let own = validTimes.filter { product.gridHasVariable(variable, at: $0) }
                return DailyAxis(variable: variable, times: own.isEmpty ? validTimes : own)
            }
        }

        /// The KST day of a valid time, minutes since 1970 UTC: its 00:00 and the next day's.
        static func dayBounds(_ time: KSTDateTime) -> (Double, Double) {
            let kst = time.unixSeconds + 9 * 3_600
            let start = (kst - ((kst % 86_400) + 86_400) % 86_400) - 9 * 3_600
            return (Double(start / 60), Double((start + 86_400) / 60))
        }

        /// The coordinate and bounds variables of the axis, given its dimension's index and
        /// the bounds dimension's; the bounds variable has no attributes of its own (CF 7.1).
        func coordinateVariables(dimension: Int, bounds: Int, units: String) -> [NetCDFClassic.Variable] {
            typealias Attribute = NetCDFClassic.Attribute
            return [
                .init(name: name, dimensions: [dimension], type: .double, attributes: [
                    Attribute("standard_name", .text("time")),
                    Attribute("long_name", .text("valid time of \(variable.code) (KMA tmef); bounds: the KST day (00:00 to 24:00 KST), the period of the daily \(variable == .tmn ? "minimum" : "maximum")")),
                    Attribute("units", .text(units)),
                    Attribute("calendar", .text("standard")),
                    Attribute("bounds", .text(name + "_bnds")),
                ]),
                // No attributes: a boundary variable takes its coordinate's (CF 7.1; the IOOS
                // checker flags a units, calendar or long_name of its own).
                .init(name: name + "_bnds", dimensions: [dimension, bounds], type: .double, attributes: []),
            ]
        }
    }
}

extension ForecastCategory {
    /// Whether the variable is a daily extreme (TMN, TMX): written on its own time axis
    /// (``GridFieldNetCDF/DailyAxis``).
    var isDailyExtreme: Bool { self == .tmn || self == .tmx }
}
