/// A place that a query names, and how closely (``PlaceDirectory/search(_:)``).
public struct PlaceMatch: Hashable, Sendable {
    /// The place.
    public let place: Place
    /// How closely the query names it.
    public let quality: PlaceMatchQuality

    /// Creates a match.
    public init(place: Place, quality: PlaceMatchQuality) {
        self.place = place
        self.quality = quality
    }
}
