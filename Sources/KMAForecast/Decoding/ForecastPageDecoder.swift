/// Decodes KMA response pages — bytes in, items and rows out — in a single pass, without
/// `JSONSerialization`, `JSONDecoder`, or a `String` per item.
///
/// ```swift
/// var builder = ForecastRowBuilder()
/// for page in pages {
///     try page.withUnsafeBytes { _ = try ForecastPageDecoder.decode($0, into: &builder) }
/// }
/// guard builder.completeness.isComplete else { … }
/// let rows = builder.rows()
/// ```
///
/// Any of the three products, from the data.go.kr gateway or the KMA API Hub. It is a correct
/// JSON reader for what it accepts: any key order and whitespace, escapes and `\uXXXX` in
/// strings, numbers or strings for `nx`/`ny`, `items.item` as a list or a single object,
/// `items` as `""`, a missing `body`. Items in KMA's usual compact layout take a fast path that
/// checks every byte against the layout; anything else falls back to the general reader.
///
/// Errors are ``ForecastResponseError``: a `resultCode` other than `00`, the gateway's XML
/// envelope, an XML forecast (JSON is required), HTML, an empty body, malformed or truncated JSON
/// (with the byte offset), and the retired pre-2021 format. The header is checked before any
/// item is delivered, so an error page never yields rows.
public enum ForecastPageDecoder {
    /// Decodes a page into its facts and items.
    ///
    /// - Parameter bytes: The response body.
    /// - Returns: The page; `items` keeps the order KMA sent.
    /// - Throws: ``ForecastResponseError``.
    public static func decode(_ bytes: [UInt8]) throws(ForecastResponseError) -> ForecastPage {
        try withBytes(bytes) { (raw: UnsafeRawBufferPointer) throws(ForecastResponseError) -> ForecastPage in
            var walker = PageWalker(raw, sink: ArraySink())
            let info = try walker.run()
            return ForecastPage(info: info, items: walker.sink.items)
        }
    }

    /// Decodes a page and pivots its items straight into a row builder.
    ///
    /// The page is added whole or not at all: if it throws, `builder` is as it was before.
    ///
    /// - Parameters:
    ///   - bytes: The response body.
    ///   - builder: Receives the items and the page's facts.
    /// - Returns: The page's facts (also added to the builder).
    /// - Throws: ``ForecastResponseError``; an item that repeats one already in the builder is
    ///   ``ForecastResponseError/unexpectedShape(_:)``.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, into builder: inout ForecastRowBuilder
    ) throws(ForecastResponseError) -> PageInfo {
        // A fresh builder can be filled in place (nothing to restore on failure); a builder
        // that holds earlier pages keeps a checkpoint to go back to.
        let checkpoint: ForecastRowBuilder? = builder.itemCount == 0 && builder.pages.isEmpty ? nil : builder
        var sink = RowBuilderSink(builder: ForecastRowBuilder())
        swap(&sink.builder, &builder)
        var walker = PageWalker(bytes, sink: sink)
        sink = RowBuilderSink(builder: ForecastRowBuilder())
        do {
            let info = try walker.run()
            swap(&walker.sink.builder, &builder)
            builder.add(page: info)
            return info
        } catch {
            builder = checkpoint ?? ForecastRowBuilder()
            throw error
        }
    }

    /// Decodes a page and pivots it into a row builder; see ``decode(_:into:)-(UnsafeRawBufferPointer,_)``.
    public static func decode(_ bytes: [UInt8], into builder: inout ForecastRowBuilder) throws(ForecastResponseError) -> PageInfo {
        try withBytes(bytes) { (raw: UnsafeRawBufferPointer) throws(ForecastResponseError) -> PageInfo in
            try decode(raw, into: &builder)
        }
    }

    /// Decodes a page, handing each item to `body` as soon as it is read.
    ///
    /// Items are delivered only after the header has been checked, but a page can still fail
    /// after some items (malformed or truncated JSON later in the body): treat the items as
    /// provisional until this returns.
    ///
    /// - Returns: The page's facts.
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, each body: (ForecastItem) -> Void
    ) throws(ForecastResponseError) -> PageInfo {
        try withoutActuallyEscaping(body) { (escapable: @escaping (ForecastItem) -> Void) throws(ForecastResponseError) -> PageInfo in
            var walker = PageWalker(bytes, sink: ClosureSink(body: escapable))
            return try walker.run()
        }
    }

    /// Decodes a page and says how many of its items took the fast path (for tests).
    static func fastPathStatistics(_ bytes: [UInt8]) throws(ForecastResponseError) -> (items: Int, fastPath: Int) {
        try withBytes(bytes) { (raw: UnsafeRawBufferPointer) throws(ForecastResponseError) -> (items: Int, fastPath: Int) in
            var walker = PageWalker(raw, sink: ArraySink())
            let info = try walker.run()
            return (info.itemCount, walker.fastPathItemCount)
        }
    }

    static func withBytes<R>(
        _ bytes: [UInt8], _ body: (UnsafeRawBufferPointer) throws(ForecastResponseError) -> R
    ) throws(ForecastResponseError) -> R {
        let result: Result<R, ForecastResponseError> = bytes.withUnsafeBytes { raw in
            do throws(ForecastResponseError) { return .success(try body(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }
}
