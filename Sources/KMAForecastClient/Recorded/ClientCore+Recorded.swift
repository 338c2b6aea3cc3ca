import Foundation
import KMAForecast
import KMAGrid

/// A call answered by a recording: the core pinned at the instant it answers, and what it answers.
struct RecordedCall: Sendable {
    /// The same recording and settings, its clock fixed at ``answerable``'s instant, no cache.
    var core: ClientCore
    /// The instant, the products and the mid-term days answered, and the note that says so.
    var answerable: RecordedRunTransport.Answerable
}

extension ClientCore {
    /// The recorded-client rule, the one path every fetching entry point of a client takes
    /// before it asks (the forecast, the batches, a run, the item stream, the mid-term days, the
    /// warnings, the UV index): over a ``RecordedRunTransport`` the call is asked at the instant
    /// the recording answers (``RecordedRunTransport/answering(_:configured:asked:schedule:fallbackSteps:)``),
    /// whatever the clock says, by a core that caches nothing; over any other transport, `nil`
    /// (ask as asked).
    ///
    /// The pinned core's transport is the same recording behind another type, so a call made
    /// through it is never pinned again.
    ///
    /// - Parameter location: The place asked about; `nil` for a call about none (the UV index
    ///   of an area, a station's outlook).
    /// - Throws: ``RecordedRunTransport/notRecorded(_:)`` when nothing asked is recorded for
    ///   the location: the message names what the recording holds.
    func overRecording(_ location: LocalForecast.Location?, asking asked: RecordedRunTransport.Asked) throws(ForecastClientError) -> RecordedCall? {
        guard let recording = transport as? RecordedRunTransport else { return nil }
        let answerable = try recording.answering(
            location, configured: configuration.now(), asked: asked, schedule: configuration.schedule, fallbackSteps: configuration.maxFallbackSteps
        )
        var pinned = configuration
        let instant = answerable.instant
        pinned.now = { instant }
        pinned.cache = .disabled
        var core = ClientCore(
            configuration: pinned, endpoint: endpoint, transport: PinnedRecording(recording: recording), cache: nil, sleep: sleep, random: random
        )
        core.midEndpoint = midEndpoint
        core.warningsEndpoint = warningsEndpoint
        core.uvEndpoint = uvEndpoint
        return RecordedCall(core: core, answerable: answerable)
    }
}

extension ForecastClient {
    /// A client over a core already made (a recording's pinned one, ``ClientCore/overRecording(_:asking:)``).
    init(core: ClientCore) {
        self.core = core
    }
}

/// A recording served at an instant already chosen (the client over it asks as any client does).
struct PinnedRecording: HTTPTransport {
    let recording: RecordedRunTransport

    func get(_ url: String, connectTimeout: Duration) async throws(TransportFailure) -> HTTPResponse {
        try await recording.get(url, connectTimeout: connectTimeout)
    }
}
