import KMAForecast

/// One request of KMA's warning service: `getPwnCd` (the zone events of a period, paged) or
/// `getPwnStatus` (the newest bulletin).
struct WarningsRequest: Hashable, Sendable {
    /// `getPwnCd`: the zone events issued from `fromTmFc` to `toTmFc` (KST dates).
    static let events = "getPwnCd"
    /// `getPwnStatus`: the bulletin of the warnings in force.
    static let status = "getPwnStatus"

    var operation: String
    /// The period's first and last KST dates (`YYYYMMDD`), for `getPwnCd`.
    var window: WarningsWindow?
    var pageNo: Int
    var numOfRows: Int
}

/// The period of zone events asked for: KST dates, at most 6 days back (KMA answers code 99 for more).
package struct WarningsWindow: Hashable, Sendable {
    /// The first date, `YYYYMMDD`.
    package var from: Int
    /// The last date (today), `YYYYMMDD`.
    package var to: Int

    /// The days KMA serves: today and the 6 days before it (KST).
    static let daysBack: Int64 = 6

    /// The window ending on the KST date of `now`.
    init(endingAt now: KSTDateTime) {
        to = now.yyyymmdd
        from = now.adding(seconds: -Self.daysBack * 86_400).yyyymmdd
    }

    /// `20260921-20260927`.
    var text: String { "\(from)-\(to)" }
}

extension Endpoint {
    /// The warning-service URL to send, with the key percent-encoded once.
    func url(for request: WarningsRequest) -> String {
        url(for: request, keyText: key.percentEncoded)
    }

    /// The warning-service URL to show people, with the key replaced by `REDACTED`.
    func displayURL(for request: WarningsRequest) -> String {
        url(for: request, keyText: KeyRedaction.placeholder)
    }

    private func url(for request: WarningsRequest, keyText: String) -> String {
        var url = "\(baseURL)/\(request.operation)?\(provider.keyParameter)=\(keyText)"
            + "&pageNo=\(request.pageNo)&numOfRows=\(request.numOfRows)&dataType=JSON"
        if let window = request.window { url += "&fromTmFc=\(window.from)&toTmFc=\(window.to)" }
        return url
    }
}
