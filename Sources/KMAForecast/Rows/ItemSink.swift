/// Where the decoder delivers items: the row builder, an array, or a caller's closure.
///
/// Generic so the decoder is specialised for each sink and the hot loop makes direct calls.
/// Items arrive as fields, so the row builder never has to assemble a ``ForecastItem``.
protocol ItemSink {
    /// Takes one item; `key` is the item's packed row key (see `ForecastRowBuilder`).
    mutating func accept(
        base: ForecastBase, category: ForecastCategory, forecastDate: Int, forecastTime: Int,
        text: InlineText, isObservation: Bool, nx: Int, ny: Int, key: UInt64
    ) throws(ForecastResponseError)
}

/// Pivots straight into a row builder.
struct RowBuilderSink: ItemSink {
    var builder: ForecastRowBuilder

    @inline(__always)
    mutating func accept(
        base: ForecastBase, category: ForecastCategory, forecastDate: Int, forecastTime: Int,
        text: InlineText, isObservation: Bool, nx: Int, ny: Int, key: UInt64
    ) throws(ForecastResponseError) {
        do {
            try builder.add(
                base: base, category: category, forecastDate: forecastDate, forecastTime: forecastTime,
                text: text, isObservation: isObservation, nx: nx, ny: ny, key: key
            )
        } catch {
            throw .unexpectedShape(error.description)
        }
    }
}

/// Collects items in order.
struct ArraySink: ItemSink {
    var items: [ForecastItem] = []

    @inline(__always)
    mutating func accept(
        base: ForecastBase, category: ForecastCategory, forecastDate: Int, forecastTime: Int,
        text: InlineText, isObservation: Bool, nx: Int, ny: Int, key: UInt64
    ) throws(ForecastResponseError) {
        items.append(ForecastItem(
            base: base, category: category, forecastDate: forecastDate, forecastTime: forecastTime,
            text: text, isObservation: isObservation, nx: nx, ny: ny
        ))
    }
}

/// Hands each item to a closure.
struct ClosureSink: ItemSink {
    let body: (ForecastItem) -> Void

    @inline(__always)
    mutating func accept(
        base: ForecastBase, category: ForecastCategory, forecastDate: Int, forecastTime: Int,
        text: InlineText, isObservation: Bool, nx: Int, ny: Int, key: UInt64
    ) throws(ForecastResponseError) {
        body(ForecastItem(
            base: base, category: category, forecastDate: forecastDate, forecastTime: forecastTime,
            text: text, isObservation: isObservation, nx: nx, ny: ny
        ))
    }
}
