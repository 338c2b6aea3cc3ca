/// The answer to a lookup by name or code (``PlaceDirectory/lookup(_:)``): the place of the
/// current map, and the replaced place the query named, if any.
public struct PlaceLookup: Hashable, Sendable {
    /// The place of the current map (nothing replaced it).
    public var place: Place
    /// The place the query named, when the map has replaced it (`광주광역시 동구` for
    /// `전남광주통합특별시 동구`); `nil` when the query named ``place`` itself.
    public var replaced: Place?

    /// Creates an answer.
    public init(place: Place, replaced: Place?) {
        self.place = place
        self.replaced = replaced
    }
}
