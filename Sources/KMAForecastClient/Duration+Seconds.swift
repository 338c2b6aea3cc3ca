extension Duration {
    /// The duration in seconds, fractions included, e.g. `0.5` for `.milliseconds(500)`.
    ///
    /// Never traps, whatever the duration (`components` would, beyond `Int64.max` seconds):
    /// the division works on the whole attosecond count.
    var inSeconds: Double {
        self / .seconds(1)
    }
}
