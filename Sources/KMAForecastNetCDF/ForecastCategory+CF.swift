import KMAForecast

/// How a grid variable is described in a CF-convention NetCDF file (``GridFieldNetCDF``).
extension ForecastCategory {
    /// Whether the variable holds codes (SKY, PTY): stored as 16-bit integers (NetCDF `short`,
    /// `_FillValue` -99, which GDAL honours as no-data, so `gdalwarp` keeps the sea and the
    /// world outside the grid missing) with `flag_values` and `flag_meanings`, without
    /// `units`; every other variable is stored as doubles, exactly as decoded.
    var isCategorical: Bool { self == .sky || self == .pty }

    /// The unit in UDUNITS spelling (`degree_Celsius`, `percent`, `m s-1`, `degree`, `mm`, `cm`,
    /// `m`, `kA km-2`), `nil` for codes and undocumented variables.
    var udunits: String? {
        switch unit {
        case "°C": "degree_Celsius"
        case "%": "percent"
        case "m/s": "m s-1"
        case "deg": "degree"
        case "mm": "mm"
        case "cm": "cm"
        case "m": "m"
        case "kA/km²": "kA km-2"
        default: nil
        }
    }

    /// The CF standard name, where one fits (no standard name exists for a probability of
    /// precipitation, KMA's sky and precipitation-type codes or lightning).
    var cfStandardName: String? {
        switch self {
        case .tmp, .t1h, .tmn, .tmx: "air_temperature"
        case .uuu: "eastward_wind"
        case .vvv: "northward_wind"
        case .vec: "wind_from_direction"
        case .wsd: "wind_speed"
        case .reh: "relative_humidity"
        case .pcp, .rn1: "lwe_thickness_of_precipitation_amount"
        case .sno: "thickness_of_snowfall_amount"
        case .wav: "sea_surface_wave_significant_height"
        default: nil
        }
    }

    /// The CF cell method of the variable along its time axis (`cell_methods` is
    /// `<axis>: <method>`): over the hour before the valid time (the `time` axis's bounds,
    /// `time_bnds`) the amounts PCP, SNO and RN1 are sums (`sum`); the daily extremes TMN and
    /// TMX are the minimum and maximum of the KST day (`minimum`, `maximum`, on their own axes
    /// `time_tmn`, `time_tmx` whose bounds are the day); every other variable is a value at
    /// the valid time (`point`).
    var cfCellMethod: String {
        switch self {
        case .tmn: "minimum"
        case .tmx: "maximum"
        case .pcp, .sno, .rn1: "sum"
        default: "point"
        }
    }

    /// The codes and their meanings (CF `flag_values`, `flag_meanings`: words joined by `_`)
    /// of a categorical variable in a product; `nil` for other variables.
    func cfFlags(product: ForecastProduct) -> (values: [Int16], meanings: String)? {
        switch self {
        case .sky:
            return ([1, 3, 4], "clear mostly_cloudy overcast")
        case .pty where product == .shortTerm:
            return ([0, 1, 2, 3, 4], "none rain rain_and_snow snow shower")
        case .pty:
            return ([0, 1, 2, 3, 5, 6, 7], "none rain rain_and_snow snow drizzle drizzle_and_snow_flurries snow_flurries")
        default:
            return nil
        }
    }
}
