import KMAForecast

/// A page decoded into rows whose items are all for the requested cell and run (see
/// ``ClientCore/decode(_:for:)``).
struct CheckedPage: Sendable {
    /// The page's facts.
    var info: PageInfo
    /// The page's rows, labelled with the requested base; its facts added.
    var rows: ForecastRowBuilder
    /// The first item the page's rows refused (it repeats one of the page), reported when
    /// the page is added to its run's rows, after the run's label check.
    var rowError: RowBuilderError?
    /// The base KMA wrote on the items when it was not the requested one (HH00 for an
    /// ultra-short run asked as HH30); `nil` when the items carried the requested base.
    var baseLabel: ForecastBase?
    /// Whether the bytes contain the service key in some form (so the page must not be
    /// cached): scanned once, here.
    var echoesKey: Bool
}

/// One page as fetched: the request, the bytes (kept for the cache, and for the item stream),
/// the page as ``ClientCore/decode(_:for:)`` checked it, and the attempts it took.
struct FetchedPage: Sendable {
    var request: PageRequest
    var bytes: [UInt8]
    var checked: CheckedPage
    var attempts: Int

    /// The page's facts.
    var info: PageInfo { checked.info }
    /// The page's rows (``CheckedPage/rows``).
    var rows: ForecastRowBuilder { checked.rows }
    /// The first item the rows refused (``CheckedPage/rowError``).
    var rowError: RowBuilderError? { checked.rowError }
    /// The label KMA put on the items if not the requested base (``CheckedPage/baseLabel``).
    var baseLabel: ForecastBase? { checked.baseLabel }
    /// Whether ``bytes`` contain the service key (``CheckedPage/echoesKey``).
    var echoesKey: Bool { checked.echoesKey }
}
