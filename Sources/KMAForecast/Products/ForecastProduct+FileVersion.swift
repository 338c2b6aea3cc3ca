extension ForecastProduct {
    /// The `ftype` of `getFcstVersion` for this product: `ODAM` (nowcast), `VSRT`
    /// (ultra-short), `SHRT` (short-term).
    public var fileType: String {
        switch self {
        case .nowcast: "ODAM"
        case .ultraShort: "VSRT"
        case .shortTerm: "SHRT"
        }
    }

    /// How often KMA regenerates a run's content under the same `base_time`, in seconds: 600
    /// for the nowcast and the ultra-short forecast, `nil` for the short-term forecast (not
    /// known to change after issue).
    ///
    /// KMA's guide: 초단기실황 "매시간 정시에 생성되고 10분마다 최신 정보로 업데이트"; 초단기예보
    /// "매시간 30분에 생성되고 10분마다 최신 정보로 업데이트(기온, 습도, 바람)".
    public var contentUpdateInterval: Int64? {
        switch self {
        case .nowcast, .ultraShort: 600
        case .shortTerm: nil
        }
    }

    /// The first of KMA's content updates strictly after `time`: the next multiple of
    /// ``contentUpdateInterval`` on the KST wall clock (HH:00, HH:10, HH:20 …). Content
    /// fetched at `time` is current until then. `nil` for the short-term forecast.
    ///
    /// ```swift
    /// // fetched 14:12:00 → 14:20:00; fetched 14:20:00 → 14:30:00; fetched 14:19:59 → 14:20:00
    /// ForecastProduct.nowcast.nextContentUpdate(after: fetched)
    /// ```
    public func nextContentUpdate(after time: KSTDateTime) -> KSTDateTime? {
        guard let interval = contentUpdateInterval else { return nil }
        return KSTDateTime(wallSeconds: (KSTDateTime.floorDivide(time.wallSeconds, interval) + 1) * interval)
    }
}
