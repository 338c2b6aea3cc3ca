import Foundation
import KMAForecast
import KMAGrid

extension ForecastClient {
    /// A client for SwiftUI previews, tests and demos: the bundled recordings
    /// (``RecordedRunTransport/sample``), no key, no network, no cache. One line gives a whole
    /// forecast with no failures, marked as a recording (``LocalForecast/recording``):
    ///
    /// ```swift
    /// let forecast = try await ForecastClient.preview.forecast(for: .place("수원시 권선구"), midTermDays: 10)
    /// ```
    ///
    /// It answers the places ``LocalForecast/sampleRecordings`` lists (경기도 수원시 권선구: the
    /// short-term run of 2022-11-20 05:00 KST; nx 56, ny 125: the nowcast and ultra-short
    /// forecast of 2021-03-28; 서울: the mid-term run of 2026-10-04 06:00 KST, asked with
    /// `products: []`), each at its own recorded instant, and refuses any other place, and a
    /// place whose asked products are none recorded (서울 종로구: its region's mid-term days are,
    /// its hours are not), with ``ForecastClientError/Reason/notRecorded(place:cell:recorded:)``
    /// naming the recorded places: never a forecast of no hours and no failures.
    public static let preview: ForecastClient = {
        do {
            let configuration = ClientConfiguration(serviceKey: try ServiceKey("PREVIEW"), cache: .disabled)
            return try ForecastClient(configuration: configuration, transport: RecordedRunTransport.sample)
        } catch {
            // A constant configuration over a constant transport: a failure is a bug in this file.
            preconditionFailure("the preview client could not be made: \(error)")
        }
    }()

    /// The forecast of a client over a recording: asked at the instant the recording answers
    /// (``RecordedRunTransport/answerable(_:configured:products:midTermDays:schedule:fallbackSteps:)``),
    /// for what is recorded there, without a cache, and marked as a recording. The warnings are
    /// asked as asked (a recording without zone events for the time answers "none in force");
    /// the UV index only when the recording holds an answer for the place's area at one of the
    /// issue times a client would ask at that instant, so that a preview lists no failure for
    /// what was never recorded. With no product asked, the client's own clock is kept.
    func recordedForecast(
        _ recording: RecordedRunTransport, for location: ForecastLocation, products: [ForecastProduct], midTermDays: Int?,
        alerts: Bool, uvIndex: Bool, budget: RequestBudget?
    ) async throws(ForecastClientError) -> LocalForecast {
        let resolved = try location.resolved()
        let uvArea = uvIndex ? UVIndexArea(location)?.areaNo : nil
        let asked = RecordedRunTransport.Asked(products: Self.canonical(products), midTerm: midTermDays != nil, warnings: alerts, uvArea: uvArea)
        guard let call = try core.overRecording(resolved, asking: asked) else {
            // Only a client over a recording comes here.
            throw ForecastClientError(.invalidConfiguration("a recorded forecast was asked of a client whose transport is not a recording"))
        }
        let answerable = call.answerable
        let askUV = uvArea.map { recording.holdsUVIndex(areaNo: $0, at: KSTDateTime(answerable.instant)) } == true
        var forecast = try await ForecastClient(core: call.core).forecast(
            for: location, products: answerable.products, midTermDays: answerable.midTerm ? midTermDays : nil,
            alerts: alerts, uvIndex: askUV, budget: budget
        )
        forecast.recording = answerable.recording
        return forecast
    }
}
