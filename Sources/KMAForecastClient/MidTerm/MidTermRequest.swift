import KMAForecast

/// The operations of KMA's mid-term service (`MidFcstInfoService`).
public enum MidTermOperation: String, CaseIterable, Hashable, Sendable {
    /// `getMidTa`: daily low and high by temperature point (`regId` such as `11B10101`).
    case temperatures = "getMidTa"
    /// `getMidLandFcst`: weather phrase and chance of rain by land region (`regId` such as `11B00000`).
    case landForecast = "getMidLandFcst"
    /// `getMidFcst`: the forecaster's outlook text by station (`stnId` such as `109`).
    case outlook = "getMidFcst"

    /// The operation name, the last path component of the request URL.
    public var name: String { rawValue }

    /// The query parameter that names the region: `regId`, or `stnId` for `getMidFcst`.
    var regionParameter: String { self == .outlook ? "stnId" : "regId" }
}

/// One mid-term request: an operation, a region code and a run. The answer is one item, so
/// one page of 10 rows.
struct MidTermRequest: Hashable, Sendable {
    var operation: MidTermOperation
    /// `regId` (or `stnId`): 8 capital letters and digits, or digits. Checked by ``isValidRegionID(_:)``.
    var regionID: String
    var issue: MidTermIssue

    /// Whether a region code can go into a URL as it is: 1–16 ASCII capital letters and digits.
    static func isValidRegionID(_ id: String) -> Bool {
        (1...16).contains(id.utf8.count) && id.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) }
    }
}

extension Endpoint {
    /// The mid-term URL to send, with the key percent-encoded once.
    func url(for request: MidTermRequest) -> String {
        url(for: request, keyText: key.percentEncoded)
    }

    /// The mid-term URL to show people, with the key replaced by `REDACTED`.
    func displayURL(for request: MidTermRequest) -> String {
        url(for: request, keyText: KeyRedaction.placeholder)
    }

    private func url(for request: MidTermRequest, keyText: String) -> String {
        "\(baseURL)/\(request.operation.name)?\(provider.keyParameter)=\(keyText)"
            + "&pageNo=1&numOfRows=10&dataType=JSON"
            + "&\(request.operation.regionParameter)=\(request.regionID)&tmFc=\(request.issue.tmFc)"
    }
}
