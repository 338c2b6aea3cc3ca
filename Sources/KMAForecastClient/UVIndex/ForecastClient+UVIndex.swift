import KMAForecast

extension ForecastClient {
    /// The UV index for an area from `LivingWthrIdxServiceV5/getUVIdxV5` (its own 활용신청): the
    /// newest 3-hourly issue time by the client's clock, falling back to older ones (up to 12
    /// hours) while KMA answers NO_DATA; through the same request path, cache and budget as the
    /// forecast. (``forecast(for:products:midTermDays:alerts:uvIndex:budget:)`` calls this alongside the
    /// products when asked.)
    ///
    /// ```swift
    /// let uv = await client.uvIndex(for: UVIndexArea(.place("서울 종로구"))!)
    /// uv.values.first?.index             // at uv.issuedAt + 0 h
    /// uv.isNotAppliedFor                 // the key lacks this service's 활용신청
    /// ```
    ///
    /// Never throws: a refused or failed service is an outcome with its ``UVIndexOutcome/failure``
    /// (``ForecastClientError/uvIndexApplicationHint`` says what to do for a refused key).
    public func uvIndex(for area: UVIndexArea, budget: RequestBudget? = nil) async -> UVIndexOutcome {
        let now = KSTDateTime(core.configuration.now())
        do throws(ForecastClientError) {
            // The recorded-client rule: a recording answers at a recorded issue time, or says what it holds.
            if let call = try core.overRecording(nil, asking: RecordedRunTransport.Asked(uvArea: area.areaNo)) {
                return await ForecastClient(core: call.core).uvIndex(for: area, budget: budget)
            }
        } catch {
            let next = UVIndexService.newestIssue(at: now).adding(seconds: 3 * 3600)
            return UVIndexOutcome(area: area, issuedAt: nil, values: [], fetchedAt: nil, fromCache: false, requests: 0, nextUpdateAt: next, failure: ForecastFailure(error))
        }
        let next = UVIndexService.newestIssue(at: now).adding(seconds: 3 * 3600)
        let result = await core.fetchIssued(UVIndexService(areaNo: area.areaNo), candidates: UVIndexService.candidates(at: now), budget: budget)
        switch result {
        case .success(let fetched):
            return UVIndexOutcome(
                area: area, issuedAt: fetched.value.issuedAt, values: fetched.value.values, fetchedAt: now,
                fromCache: fetched.fromCache, requests: fetched.requests, nextUpdateAt: next, failure: nil
            )
        case .failure(let error):
            return UVIndexOutcome(
                area: area, issuedAt: nil, values: [], fetchedAt: nil, fromCache: false, requests: error.attempts,
                nextUpdateAt: next, failure: ForecastFailure(error)
            )
        }
    }
}
