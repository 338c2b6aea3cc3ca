/// One record of a response page: a single category's value for one grid cell and hour.
///
/// For the forecasts (`short-term`, `ultra-short`) the value is `fcstValue` at
/// `fcstDate`/`fcstTime`. For the `nowcast` the value is `obsrValue`, and the forecast date and
/// time are the observation's own `baseDate`/`baseTime`.
///
/// The value is kept exactly as KMA sent it (``value``); ``ForecastValue`` gives its meaning.
public struct ForecastItem: Hashable, Sendable {
    /// The run: `baseDate` and `baseTime`.
    public var base: ForecastBase
    /// The category, e.g. ``ForecastCategory/tmp``.
    public var category: ForecastCategory
    /// `fcstDate` as a number `YYYYMMDD` (the base date for a nowcast observation).
    public var forecastDate: Int
    /// `fcstTime` as a number `HHMM`, e.g. `600` for `0600` (the base time for a nowcast).
    public var forecastTime: Int
    /// Whether the value is an observation (`obsrValue`, nowcast) rather than a forecast.
    public var isObservation: Bool
    /// The grid column KMA echoed, normally 1...149.
    public var nx: Int
    /// The grid row KMA echoed, normally 1...253.
    public var ny: Int
    /// The value's text, stored without allocation when short.
    @usableFromInline internal var text: InlineText

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - base: The run.
    ///   - category: The category.
    ///   - forecastDate: `YYYYMMDD`.
    ///   - forecastTime: `HHMM` as a number, 0...2359.
    ///   - value: The value exactly as KMA sends it.
    ///   - isObservation: `true` for a nowcast `obsrValue`.
    ///   - nx: Grid column.
    ///   - ny: Grid row.
    public init(
        base: ForecastBase, category: ForecastCategory, forecastDate: Int, forecastTime: Int,
        value: String, isObservation: Bool = false, nx: Int, ny: Int
    ) {
        self.init(
            base: base, category: category, forecastDate: forecastDate, forecastTime: forecastTime,
            text: InlineText(value), isObservation: isObservation, nx: nx, ny: ny
        )
    }

    @inlinable
    internal init(
        base: ForecastBase, category: ForecastCategory, forecastDate: Int, forecastTime: Int,
        text: InlineText, isObservation: Bool, nx: Int, ny: Int
    ) {
        self.base = base
        self.category = category
        self.forecastDate = forecastDate
        self.forecastTime = forecastTime
        self.text = text
        self.isObservation = isObservation
        self.nx = nx
        self.ny = ny
    }

    /// The value exactly as KMA sent it, e.g. `"10"`, `"강수없음"`, `"30.0~50.0mm"`.
    public var value: String { text.string }

    /// `fcstDate` as KMA writes it: `YYYYMMDD`.
    public var forecastDateString: String { String(forecastDate) }

    /// `fcstTime` as KMA writes it: `HHMM`, zero-padded.
    public var forecastTimeString: String { forecastTime.zeroPadded(toWidth: 4) }
}

/// The facts of one response page besides its items: the header and the paging numbers.
public struct PageInfo: Hashable, Sendable {
    /// `resultCode` from the header (`00` for a page that decoded).
    public var resultCode: ResultCode
    /// `resultMsg` from the header, e.g. `NORMAL_SERVICE`.
    public var resultMessage: String
    /// `body.pageNo`, when present.
    public var pageNo: Int?
    /// `body.numOfRows`, when present.
    public var numOfRows: Int?
    /// `body.totalCount`, when present: the number of items in all pages together.
    public var totalCount: Int?
    /// The number of items this page held.
    public var itemCount: Int

    /// Creates page facts.
    public init(resultCode: ResultCode, resultMessage: String, pageNo: Int?, numOfRows: Int?, totalCount: Int?, itemCount: Int) {
        self.resultCode = resultCode
        self.resultMessage = resultMessage
        self.pageNo = pageNo
        self.numOfRows = numOfRows
        self.totalCount = totalCount
        self.itemCount = itemCount
    }
}

/// A decoded page: its facts and its items.
public struct ForecastPage: Hashable, Sendable {
    /// Header and paging numbers.
    public var info: PageInfo
    /// The items, in the order they were sent.
    public var items: [ForecastItem]

    /// Creates a page.
    public init(info: PageInfo, items: [ForecastItem]) {
        self.info = info
        self.items = items
    }
}
