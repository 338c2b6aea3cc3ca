import KMAForecast

/// What one product delivered for a place: its rows and run, or why it has none.
///
/// Its stored shape (``Codable``):
///
/// ```json
/// {"product":"short-term","status":"delivered",
///  "base":{"baseDate":"20261121","baseTime":"0500"},"newestBase":{"baseDate":"20261121","baseTime":"0500"},
///  "fallbackSteps":0,"fetchedAt":"2026-11-21T05:12:03+09:00","fromCache":false,"requests":1,
///  "nextRunAvailableAt":"2026-11-21T08:10:00+09:00","nextUpdateAt":"2026-11-21T08:10:00+09:00",
///  "rows":[…]}
/// ```
///
/// A failed product has `"status":"failed"`, no `base` and no rows, and a ``ForecastFailure``
/// (`"failure":{"service":"short-term","stage":"transport","kind":"timedOut","message":"…","isTransient":true}`).
/// `fileVersion` (KMA's `YYYYMMDDHHMMSS`) and `labelledBase` are there when known. Rows have
/// ``ForecastRow``'s shape. Everything is stored: a decoded outcome equals the one the client made.
public struct ProductOutcome: Hashable, Sendable, Codable {
    /// How the product fared.
    public enum Status: String, Hashable, Sendable, Codable {
        /// The newest run KMA should have published was delivered.
        case delivered
        /// An earlier run was delivered, because KMA had not published the newest yet.
        case fellBack
        /// Nothing was delivered; ``ProductOutcome/failure`` says why.
        case failed
    }

    /// The product.
    public var product: ForecastProduct
    /// The run delivered, or `nil` when the product failed.
    public var base: ForecastBase?
    /// The newest run KMA should have published at the time of the request.
    public var newestBase: ForecastBase
    /// How many runs back from ``newestBase`` the delivered run is (0 for the newest).
    public var fallbackSteps: Int
    /// The run's rows, one per forecast hour (empty when the product failed).
    public var rows: [ForecastRow]
    /// When the rows were fetched from KMA or last confirmed unchanged; `nil` when failed.
    public var fetchedAt: KSTDateTime?
    /// Whether the rows came from the on-disk cache without a request for the run.
    public var fromCache: Bool
    /// Requests made for this product (0 when served from the cache).
    public var requests: Int
    /// When the product's next run becomes available from KMA (its issuance schedule).
    public var nextRunAvailableAt: KSTDateTime
    /// When the product's content expires: KMA may first publish newer content for it then (the
    /// next run, or for the nowcast and the ultra-short forecast, which KMA updates every 10
    /// minutes under the same run, the next 10-minute mark after ``fetchedAt`` if that is
    /// sooner). The time to refresh; asking earlier gets the same content.
    public var nextUpdateAt: KSTDateTime
    /// KMA's version of the run's data file (`getFcstVersion`), when known.
    public var fileVersion: ForecastFileVersion?
    /// The base KMA wrote on the items when it was not ``base`` (an ultra-short run asked as
    /// HH30 and labelled HH00), else `nil`.
    public var labelledBase: ForecastBase?
    /// Why nothing was delivered, or `nil`.
    public var failure: ForecastFailure?

    /// How the product fared.
    public var status: Status {
        if failure != nil { return .failed }
        return fallbackSteps > 0 ? .fellBack : .delivered
    }

    /// An outcome from a delivered run.
    public init(run: ForecastRun, nextRunAvailableAt: KSTDateTime) {
        product = run.product
        base = run.base
        newestBase = run.newestBase
        fallbackSteps = run.fallbackSteps
        rows = run.rows
        fetchedAt = KSTDateTime(run.fetchedAt)
        fromCache = run.fromCache
        requests = run.requests
        self.nextRunAvailableAt = nextRunAvailableAt
        let fetched = KSTDateTime(run.fetchedAt)
        nextUpdateAt = min(nextRunAvailableAt, run.product.nextContentUpdate(after: fetched) ?? nextRunAvailableAt)
        fileVersion = run.fileVersion
        labelledBase = run.labelledBase
        failure = nil
    }

    /// An outcome from a failure.
    public init(product: ForecastProduct, error: ForecastClientError, newestBase: ForecastBase, nextRunAvailableAt: KSTDateTime) {
        self.product = product
        base = nil
        self.newestBase = newestBase
        fallbackSteps = 0
        rows = []
        fetchedAt = nil
        fromCache = false
        requests = error.attempts
        self.nextRunAvailableAt = nextRunAvailableAt
        nextUpdateAt = nextRunAvailableAt
        fileVersion = nil
        labelledBase = nil
        failure = ForecastFailure(error)
    }

    private enum CodingKeys: String, CodingKey {
        case product, status, base, newestBase, fallbackSteps, rows, fetchedAt, fromCache, requests
        case nextRunAvailableAt, nextUpdateAt, fileVersion, labelledBase, failure
    }

    /// Decodes the shape above (`status` is derived, so it is read only to check it).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        product = try container.decode(ForecastProduct.self, forKey: .product)
        base = try container.decodeIfPresent(ForecastBase.self, forKey: .base)
        newestBase = try container.decode(ForecastBase.self, forKey: .newestBase)
        fallbackSteps = try container.decode(Int.self, forKey: .fallbackSteps)
        rows = try container.decode([ForecastRow].self, forKey: .rows)
        fetchedAt = try container.decodeIfPresent(KSTDateTime.self, forKey: .fetchedAt)
        fromCache = try container.decode(Bool.self, forKey: .fromCache)
        requests = try container.decode(Int.self, forKey: .requests)
        nextRunAvailableAt = try container.decode(KSTDateTime.self, forKey: .nextRunAvailableAt)
        nextUpdateAt = try container.decode(KSTDateTime.self, forKey: .nextUpdateAt)
        fileVersion = try container.decodeIfPresent(ForecastFileVersion.self, forKey: .fileVersion)
        labelledBase = try container.decodeIfPresent(ForecastBase.self, forKey: .labelledBase)
        failure = try container.decodeIfPresent(ForecastFailure.self, forKey: .failure)
        guard (failure == nil) == (base != nil), fallbackSteps >= 0, requests >= 0 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath,
                debugDescription: "a product outcome has either a base (delivered) or a failure, and no negative counts"
            ))
        }
        if let stated = try container.decodeIfPresent(Status.self, forKey: .status), stated != status {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [CodingKeys.status],
                debugDescription: "status '\(stated.rawValue)' contradicts the outcome, which is '\(status.rawValue)'"
            ))
        }
    }

    /// Encodes the shape above.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(product, forKey: .product)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(base, forKey: .base)
        try container.encode(newestBase, forKey: .newestBase)
        try container.encode(fallbackSteps, forKey: .fallbackSteps)
        try container.encode(rows, forKey: .rows)
        try container.encodeIfPresent(fetchedAt, forKey: .fetchedAt)
        try container.encode(fromCache, forKey: .fromCache)
        try container.encode(requests, forKey: .requests)
        try container.encode(nextRunAvailableAt, forKey: .nextRunAvailableAt)
        try container.encode(nextUpdateAt, forKey: .nextUpdateAt)
        try container.encodeIfPresent(fileVersion, forKey: .fileVersion)
        try container.encodeIfPresent(labelledBase, forKey: .labelledBase)
        try container.encodeIfPresent(failure, forKey: .failure)
    }
}
