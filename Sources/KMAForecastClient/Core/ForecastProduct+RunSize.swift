import KMAForecast

extension ForecastProduct {
    /// The most items a run of one cell can plausibly hold; a `totalCount` above it is refused
    /// on page 1, before a second request (a gateway claiming 1,000,000 items once cost 1,000
    /// requests and 443 MB, 10% of a development key's daily quota).
    ///
    /// Four times what KMA sends (KMA_SPEC §3–4): the nowcast has 8 observations; the
    /// ultra-short forecast 10 categories × 6 hours = 60; the short-term forecast about 12
    /// categories an hour to D+3 (3-hourly on the extended days to D+4) plus TMN/TMX, about
    /// 800–1,000 items.
    var plausibleItemLimit: Int {
        switch self {
        case .nowcast: 32
        case .ultraShort: 240
        case .shortTerm: 4_000
        }
    }
}
