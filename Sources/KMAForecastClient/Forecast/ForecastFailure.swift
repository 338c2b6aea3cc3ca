import Foundation

/// Why a product, the mid-term or the UV index service delivered nothing, as a stored value: what the
/// ``ForecastClientError`` said, with the few facts a program branches on. This is the one
/// shape a failure has in a ``LocalForecast``, in memory and in its JSON, so a saved forecast
/// decodes equal to the one the client returned.
///
/// Its `localizedDescription` is the error's message, which says what went wrong and what to
/// do, and never holds the service key.
///
/// Stored shape: `{"service":"short-term","stage":"transport","kind":"timedOut","message":"…","isTransient":true}`
/// with `resultCode` (KMA's, e.g. `"03"`) when KMA sent one.
public struct ForecastFailure: Error, Hashable, Sendable, Codable, LocalizedError, CustomStringConvertible {
    /// The service that failed: `short-term` (the three point products) or `mid-term`.
    public var service: ForecastClientError.Service
    /// ``ForecastClientError/Stage``'s raw value, e.g. `transport`, `KMA result code`.
    public var stage: String
    /// The kind of failure (the name of the ``ForecastClientError/Reason`` case, e.g. `noData`,
    /// `quotaExhausted`, `forbidden`, `timedOut`), for a program to branch on.
    public var kind: String
    /// What went wrong and what to do (``ForecastClientError/description``). Never holds the key.
    public var message: String
    /// KMA's result code when it sent one, e.g. `03` (NO_DATA), `22` (quota used up).
    public var resultCode: String?
    /// Whether trying again later may succeed (``ForecastClientError/isTransient``).
    public var isTransient: Bool
    /// Whether KMA refused the key for the service (``ForecastClientError/isAccessRefusal``):
    /// for the mid-term service, most often a key not applied for it (활용신청).
    public var isAccessRefusal: Bool
    /// The error it was made from, in memory only (neither encoded nor compared): for the
    /// message in another language (``koreanMessage``). Empty for a failure decoded from JSON.
    var origin = InMemoryOnly<ForecastClientError>()

    /// What an error says.
    public init(_ error: ForecastClientError) {
        service = error.service
        stage = error.stage.rawValue
        kind = Self.kind(of: error.reason)
        message = error.description
        resultCode = error.resultCode?.rawValue
        isTransient = error.isTransient
        isAccessRefusal = error.isAccessRefusal
        origin = InMemoryOnly(error)
    }

    /// The message.
    public var description: String { message }

    /// The message, for `localizedDescription`.
    public var errorDescription: String? { message }

    private enum CodingKeys: String, CodingKey { case service, stage, kind, message, resultCode, isTransient, isAccessRefusal }

    /// Decodes the shape (`isAccessRefusal` absent reads as `false`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let serviceText = try container.decode(String.self, forKey: .service)
        guard let service = ForecastClientError.Service(rawValue: serviceText) else {
            throw DecodingError.dataCorruptedError(forKey: .service, in: container, debugDescription: "service is one of short-term, mid-term, uv-index; got '\(serviceText)'")
        }
        self.service = service
        stage = try container.decode(String.self, forKey: .stage)
        kind = try container.decode(String.self, forKey: .kind)
        message = try container.decode(String.self, forKey: .message)
        resultCode = try container.decodeIfPresent(String.self, forKey: .resultCode)
        isTransient = try container.decode(Bool.self, forKey: .isTransient)
        isAccessRefusal = try container.decodeIfPresent(Bool.self, forKey: .isAccessRefusal) ?? false
    }

    /// Encodes the shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(service.rawValue, forKey: .service)
        try container.encode(stage, forKey: .stage)
        try container.encode(kind, forKey: .kind)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(resultCode, forKey: .resultCode)
        try container.encode(isTransient, forKey: .isTransient)
        if isAccessRefusal { try container.encode(true, forKey: .isAccessRefusal) }
    }

    /// The case name of a reason: `noData`, `timedOut` …
    static func kind(of reason: ForecastClientError.Reason) -> String {
        let text = String(describing: reason)
        return String(text.prefix { $0 != "(" })
    }
}
