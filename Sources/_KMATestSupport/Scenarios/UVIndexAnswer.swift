/// Answers of the UV index service (`LivingWthrIdxServiceV5/getUVIdxV5`) built to KMA's shape
/// for a stand-in gateway: one item for one area, its values at `h0`, `h3` … `h75` (an hour
/// past the list's end is empty, as KMA leaves the last ones). Built, not recorded: the
/// recorded answer is `Fixtures/living/`.
public enum UVIndexAnswer {
    /// The body for `areaNo` (10 digits) issued at `time` (`YYYYMMDDHH`, KST), `values[n]` at `h(3n)`.
    public static func body(areaNo: String, time: String, values: [Int]) -> [UInt8] {
        var fields = [#""code":"A07_2""#, #""areaNo":"\#(areaNo)""#, #""date":"\#(time)""#]
        for (n, hours) in stride(from: 0, through: 75, by: 3).enumerated() {
            fields.append(#""h\#(hours)":"\#(n < values.count ? String(values[n]) : "")""#)
        }
        return Array((#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":[{"#
            + fields.joined(separator: ",") + #"}]},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#).utf8)
    }
}
