import KMAForecast
import KMAGrid

/// One recorded KMA answer bundled with the library, for previews, tests and the command
/// line's first run without a key (``RecordedRunTransport/sample``, ``LocalForecast/sample``).
///
/// The bundle holds what public recordings exist: a short-term run for 경기도 수원시 권선구
/// (nx 60, ny 120) issued 2022-11-20 05:00 KST; a nowcast and an ultra-short forecast for nx 56,
/// ny 125 (인천광역시 부평구) from 2021-03-28; and the mid-term answers for 서울 (temperature point
/// 11B10101, land region 11B00000) of the run 2026-10-04 06:00 KST. Each is real, with its real
/// date: nothing is shifted or filled in.
public struct SampleRecording: Hashable, Sendable {
    /// The product recorded; `nil` for the mid-term service.
    public var product: ForecastProduct?
    /// Where to ask for it (``ForecastClient/forecast(for:products:midTermDays:alerts:uvIndex:budget:)``).
    public var location: ForecastLocation
    /// The recording's place, as people write it.
    public var placeName: String
    /// The grid cell of the recorded run (for the mid-term answers, the place's cell).
    public var cell: GridCell
    /// The run: its base (or the mid-term `tmFc`), KST.
    public var run: KSTDateTime
    /// When KMA made the run available: the instant to ask at (a client's ``ClientConfiguration/now``).
    public var availableAt: KSTDateTime
    /// Who recorded the answers, where.
    public var source: String

    /// What the recording is, in one line: `a recorded KMA short-term forecast (단기예보), run
    /// 2022-11-20 05:00 KST, for 경기도 수원시 권선구 (nx 60, ny 120)`.
    public var description: String {
        let what = product.map { "\($0.englishName) (\($0.koreanName))" } ?? "mid-term forecast (중기예보)"
        return "a recorded KMA \(what), run \(Self.dateTime(run)) KST, for \(placeName) (nx \(cell.nx), ny \(cell.ny))"
    }

    /// The ``LocalForecast/Recording`` of a forecast made from this recording.
    public var recording: LocalForecast.Recording {
        LocalForecast.Recording(note: "Sample: " + description + "; not a live forecast.", source: source, run: run)
    }

    /// `2022-11-20 05:00`.
    static func dateTime(_ at: KSTDateTime) -> String {
        let text = at.iso8601
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }
}
