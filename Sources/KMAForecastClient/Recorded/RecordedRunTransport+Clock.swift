import Foundation
import KMAForecast
import KMAGrid

extension RecordedRunTransport {
    /// What a recording can answer for a location: the instant to ask at (a recorded run's own,
    /// unless the client's clock already gets recorded runs), the products and whether the
    /// mid-term days are recorded there, and the note that says it is a recording.
    struct Answerable: Sendable {
        /// The client's clock for the forecast.
        var instant: Date
        /// The products recorded for the cell at ``instant`` (as newest run or a fallback).
        var products: [ForecastProduct]
        /// Whether both mid-term answers are recorded for the place's regions at ``instant``.
        var midTerm: Bool
        /// What the forecast is: set on it, so that it never passes for a live one.
        var recording: LocalForecast.Recording
    }

    /// The recorded runs at a cell, with their products.
    func recordedRuns(at cell: GridCell) -> [(product: ForecastProduct, base: ForecastBase)] {
        runs.keys.compactMap { key in
            guard key.nx == cell.nx, key.ny == cell.ny,
                  let product = ForecastProduct.allCases.first(where: { $0.operation == key.operation }),
                  let base = try? ForecastBase(baseDate: key.baseDate, baseTime: key.baseTime) else { return nil }
            return (product, base)
        }
        .sorted { ($0.base, $0.product.operation) > ($1.base, $1.product.operation) }
    }

    /// The mid-term runs recorded for both of a place's regions (temperatures and land).
    func recordedMidTermIssues(_ regions: MidTermRegionCodes) -> [MidTermIssue] {
        let temperature = "getMidTa/" + regions.temperaturePointID + "/"
        let land = "getMidLandFcst/" + regions.landRegionID + "/"
        return midTerm.keys.compactMap { key -> MidTermIssue? in
            guard key.hasPrefix(temperature), let issue = MidTermIssue(tmFc: key.dropFirst(temperature.count)),
                  midTerm[land + issue.tmFc] != nil else { return nil }
            return issue
        }
        .sorted(by: >)
    }

    /// What this recording answers for a location, asked at `configured` with these products
    /// and (when `midTermDays`) the mid-term days: of the configured instant and each recorded
    /// run's availability, the instant that answers the most of what is asked (the configured
    /// one on a tie), so that a client over a recording answers whatever its clock says.
    ///
    /// - Returns: `nil` when nothing asked for is recorded there.
    func answerable(
        _ location: LocalForecast.Location, configured: Date, products: [ForecastProduct], midTermDays: Bool,
        schedule: (ForecastProduct) -> IssuanceSchedule, fallbackSteps: Int
    ) -> Answerable? {
        let runs = recordedRuns(at: location.cell).filter { products.contains($0.product) }
        let issues = midTermDays ? location.midTermRegions.map(recordedMidTermIssues) ?? [] : []
        func answers(at instant: Date) -> (products: [ForecastProduct], midTerm: Bool) {
            let now = KSTDateTime(instant)
            let answered = products.filter { product in
                var base = schedule(product).latestBase(at: now)
                for _ in 0...max(0, fallbackSteps) {
                    if runs.contains(where: { $0.product == product && $0.base == base }) { return true }
                    base = schedule(product).previousBase(before: base)
                }
                return false
            }
            let newest = MidTermIssue.newest(at: now)
            // An 18 run's client also asks the 06 run before it; a 06 run's falls back to the 18 run.
            return (answered, issues.contains(newest) || (newest.isMorningRun && issues.contains(newest.previous)))
        }
        let candidates = [configured] + runs.map { schedule($0.product).availableAt($0.base).date }
            + issues.map { $0.dateTime.adding(seconds: 600).date }
        var best: (instant: Date, products: [ForecastProduct], midTerm: Bool)?
        for instant in candidates {
            let found = answers(at: instant)
            let score = found.products.count + (found.midTerm ? 1 : 0)
            if score > 0, score > (best.map { $0.products.count + ($0.midTerm ? 1 : 0) } ?? 0) {
                best = (instant, found.products, found.midTerm)
            }
        }
        guard let best else { return nil }
        return Answerable(instant: best.instant, products: best.products, midTerm: best.midTerm, recording: recording(of: location, products: best.products, at: best.instant, schedule: schedule))
    }

    /// The note of a forecast answered from recordings: the bundled recording's own for the
    /// sample, else one naming the runs.
    private func recording(
        of location: LocalForecast.Location, products: [ForecastProduct], at instant: Date, schedule: (ForecastProduct) -> IssuanceSchedule
    ) -> LocalForecast.Recording {
        let cellRecordings = recordings.filter { $0.cell == location.cell }
        if let product = products.last, let sample = cellRecordings.first(where: { $0.product == product }) {
            return sample.recording
        }
        if products.isEmpty, let sample = recordings.first(where: { $0.product == nil }) {
            return sample.recording
        }
        let run = products.last.map { schedule($0).latestBase(at: KSTDateTime(instant)).dateTime }
        let at = SampleRecording.dateTime(KSTDateTime(instant))
        return LocalForecast.Recording(
            note: "Recorded: KMA answers replayed by a RecordedRunTransport, as asked at \(at) KST, for nx \(location.cell.nx), ny \(location.cell.ny); not a live forecast.",
            source: "RecordedRunTransport", run: run
        )
    }

    /// The note of a forecast answered from recordings with no product asked (the warnings or
    /// the UV index alone), at `instant`.
    func recordingNote(of location: LocalForecast.Location, at instant: Date) -> LocalForecast.Recording {
        recording(of: location, products: [], at: instant, schedule: { $0.schedule })
    }

    /// Whether a UV index answer is recorded for `areaNo` at one of the issue times a client
    /// asks at `now` (``UVIndexRequest/candidates(at:)``).
    func holdsUVIndex(areaNo: String, at now: KSTDateTime) -> Bool {
        UVIndexRequest.candidates(at: now).contains { uvIndex[areaNo + "/" + UVIndexDecoder.stamp($0)] != nil }
    }

    /// Why a recording cannot answer a location: what it holds instead.
    func notRecorded(_ location: LocalForecast.Location) -> ForecastClientError {
        let place = location.placeName.map { "\($0) " } ?? ""
        var held = Set(runs.keys.map { "nx \($0.nx), ny \($0.ny)" }).sorted()
        if held.isEmpty { held = ["no point forecast"] }
        return ForecastClientError(.invalidConfiguration(
            "its transport is a recording (RecordedRunTransport) with nothing recorded for \(place)(nx \(location.cell.nx), ny \(location.cell.ny)); "
                + "it holds \(held.joined(separator: "; ")). Ask for a recorded place (LocalForecast.sampleRecordings lists the bundled ones), "
                + "or use a client with a key and the network for live forecasts"
        ))
    }
}
