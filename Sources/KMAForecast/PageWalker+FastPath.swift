extension PageWalker {
    /// The fast path for one item in KMA's usual compact layout; returns `false` (with the
    /// reader untouched) for anything else, and the general path reads the item instead.
    ///
    /// Filled in by the optimised template matcher; see `ForecastPageDecoder`'s notes.
    @inline(__always)
    mutating func fastItem(_ reader: inout JSONReader) throws(ForecastResponseError) -> Bool {
        false
    }
}
