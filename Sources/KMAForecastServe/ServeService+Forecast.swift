import Foundation
import KMAForecast
import KMAForecastClient
import KMAGrid
import KMAPlaces

extension ServeService {
    /// `GET /v1/forecast?place=…|lat=…&lon=…|nx=…&ny=…[&days=10][&lang=ko]`: the
    /// ``LocalForecast`` JSON, exactly as `kma-forecast --format json` writes it (the three
    /// products, the days to +10 with the mid-term forecast where the place has mid-term regions,
    /// the warnings in force, the UV index). One fetch per cell and run however many ask at once;
    /// served from the cache until ``LocalForecast/nextUpdate``.
    func forecast(_ query: [String: String]) async throws(ServeFailure) -> ServeResponse {
        try Self.allow(query, ["place", "lat", "lon", "nx", "ny", "days", "lang"])
        let location = try Self.location(query)
        var days: Int? = 10
        if let text = query["days"] {
            guard let number = Int(text), (0...11).contains(number) else {
                throw .badRequest("days=\(text) is not a whole number 0...11 (today and up to 10 days ahead; 0 for the short-term days only)")
            }
            days = number == 0 ? nil : number
        }
        // As the command line's default view: the mid-term days only where the place has regions.
        if (try? location.resolved())?.midTermRegions == nil { days = nil }
        let cell: GridCell
        do throws(ForecastClientError) {
            cell = try location.resolved().cell
        } catch {
            throw .upstream(error.description, korean: error.koreanDescription)
        }
        let client = self.client
        let runs = ForecastProduct.allCases.map { "\($0.rawValue)@\(client.newestBase(of: $0))" }.joined(separator: ",")
        let place = Self.locationKey(location)
        let variant = "d\(days ?? 0)"
        let outcome = await coalescer.value(
            key: "kma-serve:v1:forecast:\(place):\(variant):\(runs)",
            staleKey: "kma-serve:v1:stale:forecast:\(place):\(variant)",
            lock: "kma-serve:v1:lock:forecast:\(cell.nx),\(cell.ny):\(variant):\(runs)"
        ) { [days] in
            await self.fetchForecast(location, days: days)
        }
        return try await answer(outcome, staleKey: "kma-serve:v1:stale:forecast:\(place):\(variant)")
    }

    /// `GET /v1/alerts?place=…|lat=…&lon=…|nx=…&ny=…`: the weather warnings in force in the
    /// place's zone, as `kma-forecast alerts --format json` writes them, cached for the
    /// client's warnings freshness (``ClientConfiguration/warningsFreshFor``), coalesced per zone cell.
    func alerts(_ query: [String: String]) async throws(ServeFailure) -> ServeResponse {
        try Self.allow(query, ["place", "lat", "lon", "nx", "ny", "lang"])
        let location = try Self.location(query)
        let place = Self.locationKey(location)
        let client = self.client
        let outcome = await coalescer.value(
            key: "kma-serve:v1:alerts:\(place)", staleKey: "kma-serve:v1:stale:alerts:\(place)", lock: "kma-serve:v1:lock:alerts:\(place)"
        ) {
            let refusals = QuotaRefusals()
            let result = await QuotaRefusals.$current.withValue(refusals) { () async -> Result<ZoneWarnings, ForecastClientError> in
                do throws(ForecastClientError) {
                    return .success(try await client.warnings(for: location, bulletin: true))
                } catch {
                    return .failure(error)
                }
            }
            if refusals.any { return .quotaSpent }
            switch result {
            case .failure(let error):
                return .failed(.upstream(error.description, korean: error.koreanDescription))
            case .success(let found):
                guard let text = try? JSONTextEncoder.encode(found) else { return .failed(.unavailable("the warnings could not be written as JSON")) }
                let now = KSTDateTime.unixSeconds(of: client.configuration.now())
                let fresh = max(1, Int64(client.configuration.warningsFreshFor.components.seconds))
                let entry = ServedEntry(fetchedAt: now, nextUpdate: now + fresh, body: Array((text + "\n").utf8))
                return found.warnings.failure == nil ? .fresh(entry, timeToLive: .seconds(fresh)) : .once(entry)
            }
        }
        return try await answer(outcome, staleKey: "kma-serve:v1:stale:alerts:\(place)")
    }

    /// `GET /v1/places?q=…[&limit=5]`: suggestions from KMA's place table (``PlaceDirectory/suggestions(for:limit:)``):
    /// `[{"name":…,"regionCode":…,"nx":…,"ny":…,"latitude":…,"longitude":…}]`. No KMA call.
    func places(_ query: [String: String]) throws(ServeFailure) -> ServeResponse {
        try Self.allow(query, ["q", "limit", "lang"])
        guard let text = query["q"], !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .badRequest("give q=<the start of a place name>, e.g. q=해운대")
        }
        var limit = 5
        if let given = query["limit"] {
            guard let number = Int(given), (1...50).contains(number) else { throw .badRequest("limit=\(given) is not a whole number 1...50") }
            limit = number
        }
        let items = PlaceDirectory.kma.suggestions(for: text, limit: limit).map { place in
            var members = [
                ("name", JSONText.string(place.name)), ("regionCode", JSONText.string(place.regionCode)),
                ("nx", String(place.cell.nx)), ("ny", String(place.cell.ny)),
            ]
            if let point = place.coordinate {
                members += [("latitude", JSONText.number(point.latitude)), ("longitude", JSONText.number(point.longitude))]
            }
            if let english = place.englishName { members.append(("englishName", JSONText.string(english))) }
            return JSONText.object(members)
        }
        let body = Array(("[" + items.joined(separator: ",") + "]\n").utf8)
        let entry = ServedEntry(fetchedAt: 0, nextUpdate: 0, body: body)
        return ServeResponse(status: 200, headers: [
            ("Content-Type", "application/json; charset=utf-8"), ("ETag", entry.etag), ("Cache-Control", "public, max-age=86400"),
        ], body: body)
    }

    /// Fetches the forecast (under the cell's lock): fresh when every product was delivered,
    /// else for this request only; the quota's refusal, or KMA's failure.
    func fetchForecast(_ location: ForecastLocation, days: Int?) async -> Coalescer.Fetched {
        let client = self.client
        let refusals = QuotaRefusals()
        let result = await QuotaRefusals.$current.withValue(refusals) { () async -> Result<LocalForecast, ForecastClientError> in
            do throws(ForecastClientError) {
                return .success(try await client.forecast(for: location, midTermDays: days, alerts: true, uvIndex: true))
            } catch {
                return .failure(error)
            }
        }
        // A product's call refused: the forecast would have holes, so stale or 503. Only an
        // extra's (mid-term, warnings, UV): the forecast is served, for this request only.
        if !refusals.operations.isDisjoint(with: Self.knownOperations) { return .quotaSpent }
        switch result {
        case .failure(let error):
            log.event("kma-failed", [("message", error.description)])
            return .failed(.upstream(error.description, korean: error.koreanDescription))
        case .success(let forecast):
            guard let text = try? JSONTextEncoder.encode(forecast) else { return .failed(.unavailable("the forecast could not be written as JSON")) }
            let now = KSTDateTime.unixSeconds(of: client.configuration.now())
            let next = max(now + 1, forecast.nextUpdate?.unixSeconds ?? now + 600)
            let entry = ServedEntry(fetchedAt: now, nextUpdate: next, body: Array((text + "\n").utf8))
            // Every product delivered: cached until the next update (an extra refused by the
            // quota stays missing until then too: asking again would be refused the same).
            let complete = !forecast.products.contains { $0.status == .failed }
            return complete ? .fresh(entry, timeToLive: .seconds(next - now)) : .once(entry)
        }
    }

    /// The response of an outcome: the entry with its validators and freshness; past the quota
    /// the stale copy with its age, or 503 with `Retry-After` (the seconds to midnight KST).
    private func answer(_ outcome: Coalescer.Outcome, staleKey: String) async throws(ServeFailure) -> ServeResponse {
        let now = KSTDateTime.unixSeconds(of: self.now)
        switch outcome {
        case .hit(let entry), .fetched(.fresh(let entry, _)):
            return Self.ok(entry, now: now, stale: false, store: true)
        case .fetched(.once(let entry)):
            return Self.ok(entry, now: now, stale: false, store: false)
        case .fetched(.failed(let failure)):
            throw failure
        case .fetched(.quotaSpent):
            if let stale = await coalescer.stale(staleKey) {
                metrics.staleAnswer()
                return Self.ok(stale, now: now, stale: true, store: false)
            }
            let midnight = RequestRateLimiter.nextMidnightKST(after: self.now)
            throw .quotaSpent(seconds: max(1, Int(midnight.timeIntervalSince(self.now).rounded(.up))))
        }
    }

    /// 200 with the entry's tag, and freshness from its next update: `max-age` its lifetime,
    /// `Age` how long ago it was fetched. A stale one says so (`Warning: 110`, `max-age=0`).
    static func ok(_ entry: ServedEntry, now: Int64, stale: Bool, store: Bool) -> ServeResponse {
        let age = max(0, now - entry.fetchedAt)
        let control = stale ? "public, max-age=0, must-revalidate" : store ? "public, max-age=\(max(0, entry.nextUpdate - entry.fetchedAt))" : "no-store"
        var headers = [("Content-Type", "application/json; charset=utf-8"), ("ETag", entry.etag), ("Cache-Control", control), ("Age", String(age))]
        if stale { headers.append(("Warning", "110 - \"Response is Stale\"")) }
        return ServeResponse(status: 200, headers: headers, body: entry.body)
    }

    /// The one location of a query, read by the one parser (``LocationParser``): `place`, or
    /// `lat` and `lon`, or `nx` and `ny`.
    static func location(_ query: [String: String]) throws(ServeFailure) -> ForecastLocation {
        let forms = [query["place"] != nil, query["lat"] != nil || query["lon"] != nil, query["nx"] != nil || query["ny"] != nil]
        guard forms.filter({ $0 }).count == 1 else {
            throw .badRequest("give exactly one location: place=NAME, lat=LAT&lon=LON or nx=NX&ny=NY")
        }
        if forms[1], query["lat"] == nil || query["lon"] == nil { throw .badRequest("give both lat and lon") }
        if forms[2], query["nx"] == nil || query["ny"] == nil { throw .badRequest("give both nx and ny") }
        do throws(LocationInputError) {
            if let name = query["place"] { return .place(try LocationParser.place(named: name)) }
            if let latitude = query["lat"], let longitude = query["lon"] {
                return .coordinate(try LocationParser.coordinate(latitude: latitude, longitude: longitude, arguments: ("lat", "lon")).point)
            }
            return .cell(try LocationParser.cell(nx: query["nx"] ?? "", ny: query["ny"] ?? "", arguments: ("nx", "ny")))
        } catch {
            throw .location(error)
        }
    }

    /// A location's part of a cache key.
    static func locationKey(_ location: ForecastLocation) -> String {
        switch location {
        case .place(let place): "p\(place.regionCode)"
        case .coordinate(let point): "c\(point.latitude),\(point.longitude)"
        case .cell(let cell): "g\(cell.nx),\(cell.ny)"
        case .placeName(let name): "n\(name)"
        }
    }

    /// Refuses a parameter the route does not read, by name.
    static func allow(_ query: [String: String], _ names: Set<String>) throws(ServeFailure) {
        if let unknown = query.keys.sorted().first(where: { !names.contains($0) }) {
            throw .badRequest("unknown parameter '\(unknown)'; this endpoint reads \(names.sorted().joined(separator: ", "))")
        }
    }
}
