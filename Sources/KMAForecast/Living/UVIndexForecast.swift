/// One answer of KMA's UV index service (생활기상지수 자외선지수, `LivingWthrIdxServiceV5/getUVIdxV5`)
/// for one area: the issue time and a value every 3 hours after it.
///
/// The service writes `date` (`YYYYMMDDHH`, KST, the issue time) and `h0`, `h3`, … `h75`: the
/// index `N` hours after the issue time. Empty fields (the last hours, usually `h60`–`h75`) are
/// missing and left out. An hour's UV index is therefore on ``issuedAt`` + `N` hours.
public struct UVIndexForecast: Hashable, Sendable {
    /// One 3-hourly value.
    public struct Value: Hashable, Sendable {
        /// The hour the value is for (the issue time plus `hN`), KST.
        public var time: KSTDateTime
        /// The UV index, 0 and up (WHO's scale; KMA sends whole numbers).
        public var index: Int

        /// A value.
        public init(time: KSTDateTime, index: Int) {
            self.time = time
            self.index = index
        }

        /// WHO's category of the value.
        public var category: UVIndexCategory { UVIndexCategory(index: index) }
    }

    /// The area (`areaNo`, a 10-digit 행정구역코드), as the answer says; `""` when it does not.
    public var areaNo: String
    /// The issue time (`date`), KST, on the hour.
    public var issuedAt: KSTDateTime
    /// The values, in time order.
    public var values: [Value]

    /// An answer.
    public init(areaNo: String, issuedAt: KSTDateTime, values: [Value]) {
        self.areaNo = areaNo
        self.issuedAt = issuedAt
        self.values = values
    }

    /// The index at an hour, if the answer names it.
    public func index(at time: KSTDateTime) -> Int? {
        values.first { $0.time == time }?.index
    }
}
