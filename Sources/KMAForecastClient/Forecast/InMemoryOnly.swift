/// A value a stored type keeps beside its stored shape: never encoded, and never part of its
/// equality or hash (two values that differ only here are equal), so that a value decoded from
/// its JSON still equals the one it was encoded from.
struct InMemoryOnly<Value: Sendable>: Hashable, Sendable {
    /// The value, when this instance was made in memory rather than decoded.
    var value: Value?

    /// Holds `value` (none by default).
    init(_ value: Value? = nil) { self.value = value }

    /// Always `true`: the value is not part of the holder's identity.
    static func == (lhs: Self, rhs: Self) -> Bool { true }

    /// Adds nothing to the hash.
    func hash(into hasher: inout Hasher) {}
}
