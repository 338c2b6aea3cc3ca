import KMAForecast
import KMAForecastText
import KMAGrid
import KMAPlaces

extension ForecastClientError {
    /// ``description`` in Korean (`--lang ko`), from the error's case: the sentences are
    /// KMAForecastText's table (`KoreanMessages`), filled with what the error holds. KMA's own
    /// words (`resultMsg`, the gateway's messages) are quoted as sent, redacted and escaped as
    /// ``description`` quotes them; a detail the table does not know is left out.
    package var koreanDescription: String { shown(koreanUnescaped) }

    private var koreanUnescaped: String {
        switch service {
        case .shortTerm:
            return koreanServiceNeutral
        case .midTerm:
            if case .noMidTermRegion = reason { return koreanServiceNeutral }
            let prefix = KoreanMessages.text("serviceFailed", service.koreanName)
            return prefix + (isAccessRefusal ? koreanRefusal + ". " + KoreanMessages.text("midTermApplicationHint") : koreanServiceNeutral)
        case .warnings:
            let prefix = KoreanMessages.text("serviceFailed", service.koreanName)
            if case .response(let error) = reason, case .resultCode(_, let message) = error, WarningDecoder.isQueryPeriodRefusal(error) {
                return prefix + KoreanMessages.text("warningsPeriod", ForecastResponseError.quote(message))
            }
            return prefix + (isAccessRefusal ? koreanRefusal + ". " + KoreanMessages.text("warningsApplicationHint") : koreanServiceNeutral)
        case .uvIndex:
            let prefix = KoreanMessages.text("serviceFailed", service.koreanName)
            return prefix + (isAccessRefusal ? koreanRefusal + ". " + KoreanMessages.text("uvIndexApplicationHint") : koreanServiceNeutral)
        }
    }

    /// What KMA said when it refused the key, in a clause.
    private var koreanRefusal: String {
        switch reason {
        case .forbidden: KoreanMessages.text("refusedForbidden")
        case .httpStatus(let code): KoreanMessages.text("refusedHTTP", String(code))
        case .response(.gateway(let code, let authMessage, _)):
            KoreanMessages.text("refusedGateway", code.rawValue, code.name ?? ForecastResponseError.quote(authMessage))
        case .response(.apiHubRefusal(let status, let message)):
            KoreanMessages.text("refusedAPIHub", status.map { " (status \($0))" } ?? "", message.isEmpty ? "" : ": \"\(ForecastResponseError.quote(message))\"")
        case .response(let error): KoreanMessages.text("refusedResultCode", error.resultCode?.description ?? "?")
        default: koreanServiceNeutral
        }
    }

    /// The case's sentence, without the service's name.
    var koreanServiceNeutral: String {
        let tries = KoreanMessages.tries(attempts)
        let root = ServiceProvider.dataGoKr.defaultBaseURL
        switch reason {
        case .invalidServiceKey(let why): return KoreanMessages.text("invalidServiceKey", KoreanMessages.colon(why))
        case .invalidBaseURL(let why): return KoreanMessages.text("invalidBaseURL", KoreanMessages.colon(why), root)
        case .invalidConfiguration(let why): return KoreanMessages.text("invalidConfiguration", KoreanMessages.colon(why))
        case .outsideGrid(let error): return Self.korean(error) + "."
        case .budgetExhausted(let limit): return KoreanMessages.text("budgetExhausted", String(limit))
        case .unknownPlace(let error): return Self.korean(error)
        case .noMidTermRegion(let cell): return KoreanMessages.text("noMidTermRegion", String(cell.nx), String(cell.ny))
        case .notRecorded(let place, let cell, let recorded):
            let list = recorded.isEmpty ? KoreanMessages.text("notRecordedNothing") : recorded.joined(separator: "; ")
            return KoreanMessages.text("notRecorded", place.map { "\($0) " } ?? "", String(cell.nx), String(cell.ny), list)
        case .quotaExhausted(let resetsAt): return KoreanMessages.text("quotaExhausted", KSTDateTime(resetsAt).iso8601)
        case .unreachable(let host, let detail): return KoreanMessages.text("unreachable", host, KoreanMessages.parenthesized(detail), tries)
        case .timedOut(let seconds):
            let limit = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
            return KoreanMessages.text("timedOut", tries, limit)
        case .sideServiceLate(let seconds):
            return KoreanMessages.text("sideServiceLate", seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds))
        case .connectionLost(let detail): return KoreanMessages.text("connectionLost", KoreanMessages.parenthesized(detail), tries)
        case .secureConnectionFailed(let host): return KoreanMessages.text("secureConnectionFailed", host, tries)
        case .certificateRejected(let host): return KoreanMessages.text("certificateRejected", host)
        case .tooManyRedirects(let host): return KoreanMessages.text("tooManyRedirects", host, root)
        case .redirectedElsewhere(let host, let location):
            return KoreanMessages.text("redirectedElsewhere", host, location.isEmpty ? KoreanMessages.text("redirectedNowhere") : location, root)
        case .responseTooLarge(let limit): return KoreanMessages.text("responseTooLarge", Self.koreanBytes(limit))
        case .undecodableResponse(let host, let detail): return KoreanMessages.text("undecodableResponse", host, KoreanMessages.parenthesized(detail))
        case .unparsableResponse(let host, let detail): return KoreanMessages.text("unparsableResponse", KoreanMessages.parenthesized(detail), host)
        case .transport(let domain, let code):
            let what = domain == Self.urlErrorDomain ? "URLError \(code)" : "\(domain) error \(code)"
            let unidentified = domain == Self.urlErrorDomain && code == -1
            return KoreanMessages.text(unidentified ? "transportUnidentified" : "transport", what, tries)
        case .cancelled: return KoreanMessages.text("cancelled")
        case .forbidden(let provider):
            return KoreanMessages.text("forbidden", KoreanMessages.text(provider == .apiHub ? "subscribeAPIHub" : "subscribeDataGoKr"))
        case .tooManyRequests: return KoreanMessages.text("tooManyRequests", tries)
        case .httpStatus(let code) where (500...599).contains(code): return KoreanMessages.text("httpServerError", String(code), tries)
        case .httpStatus(401): return KoreanMessages.text("httpUnauthorized")
        case .httpStatus(404): return KoreanMessages.text("httpNotFound", service.koreanName, service.defaultRoot)
        case .httpStatus(let code): return KoreanMessages.text("httpStatus", String(code))
        case .response(let error):
            let text = KoreanMessages.text(error)
            return error.isTransient && attempts > 1 ? KoreanMessages.text("failedAfter", text, String(attempts)) : text
        case .paging(let error): return KoreanMessages.text("paging", Self.korean(error))
        case .foreignItem(let expected, let found): return KoreanMessages.text("foreignItem", expected, found)
        case .rows(let error): return KoreanMessages.text("rows", KoreanMessages.text(error))
        case .mixedBaseLabels(let run, let labels):
            return KoreanMessages.text("mixedBaseLabels", run.description, labels.map(\.baseTime).joined(separator: ", "))
        case .noData(let product, let cell, let tried):
            return KoreanMessages.text("noData", String(cell.nx), String(cell.ny), product.koreanName, tried.map(\.description).joined(separator: ", "))
        case .emptyRun(let product, let cell, let tried, let empty):
            let others = tried.filter { !empty.contains($0) }
            let noData = others.isEmpty ? "" : KoreanMessages.text("emptyRunNoData", others.map(\.description).joined(separator: ", "))
            return KoreanMessages.text("emptyRun", product.koreanName, String(cell.nx), String(cell.ny), empty.map(\.description).joined(separator: ", "), noData)
        case .incompleteRun(let product, let base, let missing):
            return KoreanMessages.text("incompleteRun", product.koreanName, base.description, missing.map(\.code).joined(separator: ", "))
        case .midTermNoData(let operation, let regionID, let tried):
            return KoreanMessages.text("midTermNoData", regionID, operation, tried.joined(separator: ", "))
        case .field(let error):
            let text = KoreanMessages.text(error)
            return error.isTransient && attempts > 1 ? KoreanMessages.text("failedAfter", text, String(attempts)) : text
        case .waitRequested(let seconds, let maximumWait, let inner):
            var refusal = ForecastClientError(inner, service: service)
            refusal.attempts = attempts
            let most = maximumWait.inSeconds
            return KoreanMessages.text("waitRequested", refusal.koreanServiceNeutral, Self.koreanWait(seconds), most == most.rounded() ? String(Int(most)) : String(most))
        }
    }

    /// `8 MiB`, `512 KiB`, `100바이트`.
    private static func koreanBytes(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes)바이트"
    }

    /// `120초`, `7200초 (약 2시간)`.
    private static func koreanWait(_ seconds: Int) -> String {
        switch seconds {
        case ..<120: KoreanMessages.text("seconds", String(seconds))
        case ..<7_200: KoreanMessages.text("aboutMinutes", String(seconds), String(seconds / 60))
        case ..<172_800: KoreanMessages.text("aboutHours", String(seconds), String(seconds / 3_600))
        case ..<(2 * 31_557_600): KoreanMessages.text("aboutDays", String(seconds), String(seconds / 86_400))
        default: KoreanMessages.text("aboutYears", String(seconds), String(seconds / 31_557_600))
        }
    }

    /// A point or cell off the grid, in Korean.
    static func korean(_ error: GridError) -> String {
        switch error {
        case .latitudeOutOfRange(let value):
            value.isNaN ? KoreanMessages.text("latitudeNaN") : KoreanMessages.text("latitudeOutOfRange", "\(value)")
        case .longitudeOutOfRange(let value):
            value.isNaN ? KoreanMessages.text("longitudeNaN") : KoreanMessages.text("longitudeOutOfRange", "\(value)")
        case .outsideGrid(let point, let nx, let ny):
            KoreanMessages.text(
                "outsideGrid", "\(point.latitude)", "\(point.longitude)",
                nx.flatMap { nx in ny.map { KoreanMessages.text("outsideGridCell", String(nx), String($0)) } } ?? ""
            )
        case .nxOutOfRange(let nx): KoreanMessages.text("nxOutOfRange", String(nx))
        case .nyOutOfRange(let ny): KoreanMessages.text("nyOutOfRange", String(ny))
        case .gridCoordinateOutsideProjection(let position):
            KoreanMessages.text("gridCoordinateOutsideProjection", "\(position.x)", "\(position.y)")
        }
    }

    /// A place name that led to no place, or to several, in Korean (the candidates one a line,
    /// as the English lists them).
    static func korean(_ error: PlaceLookupError) -> String {
        switch error {
        case .notFound(let query, let suggestions):
            if query.allSatisfy({ !$0.isLetter && !$0.isNumber }) { return KoreanMessages.text("placeNameEmpty") }
            guard !suggestions.isEmpty else { return KoreanMessages.text("placeNotFound", query) }
            return KoreanMessages.text("placeNotFoundSuggestions", query, suggestions.map { "'\($0.name)'" }.joined(separator: ", "))
        case .ambiguous(let query, let candidates):
            let example = candidates.first.map { KoreanMessages.text("placeAmbiguousExample", $0.name) } ?? ""
            var text = KoreanMessages.text("placeAmbiguous", query, String(candidates.count), example)
            for candidate in candidates.prefix(12) { text += "\n  \(candidate)" }
            if candidates.count > 12 { text += "\n  " + KoreanMessages.text("placeMore", String(candidates.count - 12)) }
            return text
        }
    }

    /// Pages that do not add up, in Korean.
    static func korean(_ error: PagingError) -> String {
        switch error {
        case .emptyRun: KoreanMessages.text("pagingEmptyRun")
        case .missingTotalCount(let page): KoreanMessages.text("missingTotalCount", String(page))
        case .implausibleTotalCount(let total): KoreanMessages.text(total < 0 ? "negativeTotalCount" : "implausibleTotalCount", String(total))
        case .pageNumberMismatch(let requested, let received): KoreanMessages.text("pageNumberMismatch", String(requested), String(received))
        case .pageSizeMismatch(let requested, let received): KoreanMessages.text("pageSizeMismatch", String(requested), String(received))
        case .totalCountChanged(let page, let first, let now): KoreanMessages.text("totalCountChanged", String(page), String(now), String(first))
        case .itemCountMismatch(let page, let expected, let received, let total):
            KoreanMessages.text("itemCountMismatch", String(page), String(received), String(total), String(expected))
        case .unexpectedPage(let requested, let next): KoreanMessages.text("unexpectedPage", String(next), String(requested))
        case .incomplete(let received, let expected): KoreanMessages.text("incomplete", String(expected), String(received))
        }
    }
}
