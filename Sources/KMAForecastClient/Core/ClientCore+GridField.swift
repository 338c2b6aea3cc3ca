import KMAForecast

/// Grid fields through the client's one request path (``ClientCore/retrying(_:shown:budget:sent:retried:interpret:)``):
/// the budget, retries with backoff, timeouts and events are those of every other request.
extension ClientCore {
    /// A field decoded from an answer, and the body it came from (kept for the cache).
    struct FetchedField: Sendable {
        var field: GridField
        var body: [UInt8]
    }

    /// The URL to send for a field: `<root>/<operation>?tmfc=…&tmef=…&vars=…&authKey=…`, the key
    /// percent-encoded once (API Hub's parameter, whatever the configured provider).
    func fieldURL(_ request: GridFieldRequest) -> String {
        fieldURL(request, keyText: endpoint.key.percentEncoded)
    }

    /// The same URL with the key replaced by `REDACTED`, for people.
    func displayFieldURL(_ request: GridFieldRequest) -> String {
        fieldURL(request, keyText: KeyRedaction.placeholder)
    }

    private func fieldURL(_ request: GridFieldRequest, keyText: String) -> String {
        var query = "tmfc=\(request.tmfc)"
        if request.product.gridHasValidTime { query += "&tmef=\(request.tmef)" }
        query += "&vars=\(request.variable.code)&authKey=\(keyText)"
        return "\(endpoint.baseURL)/\(request.product.gridOperation)?\(query)"
    }

    /// Fetches one field with retries.
    func fetchField(_ request: GridFieldRequest, budget: RequestBudget?) async -> Attempted<FetchedField> {
        let shown = displayFieldURL(request)
        return await retrying(
            fieldURL(request), shown: shown, budget: budget,
            sent: { attempt in .fieldRequestSent(request, attempt: attempt, url: shown) },
            retried: { attempt, delay, error in .fieldRetryScheduled(request, failedAttempt: attempt, delay: delay, error: error) },
            interpret: { response throws(ForecastClientError) in try interpretField(response, for: request) }
        )
    }

    /// The field in an answer: the status first (a 401 or 403 is read for API Hub's refusal,
    /// which says why), then the body (``GridFieldDecoder``); KMA's texts stripped of the key.
    func interpretField(_ response: HTTPResponse, for request: GridFieldRequest) throws(ForecastClientError) -> FetchedField {
        switch response.status {
        case 200...299: break
        case 401, 403:
            if case .refused(let refusal)? = fieldFailure(response.body) { throw ForecastClientError(.response(sanitized(refusal))) }
            throw ForecastClientError(response.status == 403 ? .forbidden(.apiHub) : .httpStatus(401))
        case 429: throw ForecastClientError(.tooManyRequests)
        default: throw ForecastClientError(.httpStatus(response.status))
        }
        let field = try decodeField(response.body, for: request)
        return FetchedField(field: field, body: response.body)
    }

    /// Decodes a body (from KMA or the cache) for a request; a field with no data at all is
    /// refused (``GridFieldError/allMissing(variable:)``).
    func decodeField(_ body: [UInt8], for request: GridFieldRequest) throws(ForecastClientError) -> GridField {
        let field: GridField
        do {
            field = try GridFieldDecoder.field(body, product: request.product, variable: request.variable, run: request.run, valid: request.valid)
        } catch {
            switch error {
            case .refused(let refusal): throw ForecastClientError(.response(sanitized(refusal)))
            case .serviceMessage(let message): throw ForecastClientError(.field(.serviceMessage(endpoint.key.redact(message))))
            case .invalidNumber(let line, let text): throw ForecastClientError(.field(.invalidNumber(line: line, text: endpoint.key.redact(text))))
            default: throw ForecastClientError(.field(error))
            }
        }
        guard field.valueCount > 0 else { throw ForecastClientError(.field(.allMissing(variable: request.variable.code))) }
        return field
    }

    private func fieldFailure(_ body: [UInt8]) -> GridFieldError? {
        do {
            _ = try GridFieldDecoder.values(body)
            return nil
        } catch {
            return error
        }
    }
}
