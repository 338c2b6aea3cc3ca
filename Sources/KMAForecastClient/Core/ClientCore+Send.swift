import Foundation

extension ClientCore {
    /// One attempt, raced against the overall timeout (corelibs ignores
    /// `timeoutIntervalForResource`, so the client enforces it by cancelling the request).
    ///
    /// - Parameter departure: Called right before the request leaves, by the client's own
    ///   transport (``URLSessionTransport``); other transports do not call it.
    func send(_ url: String, departure: (@Sendable () -> Void)? = nil) async -> Result<HTTPResponse, ForecastClientError> {
        let transport = self.transport
        let connect = configuration.timeouts.connect
        let overall = configuration.timeouts.overall
        let outcome: Result<HTTPResponse, TransportFailure>? = await withTaskGroup(
            of: Result<HTTPResponse, TransportFailure>?.self
        ) { group in
            group.addTask {
                // Awaited before the result is built (see `Result.init(awaiting:)`).
                func get() async throws(TransportFailure) -> HTTPResponse {
                    if let departure, let own = transport as? URLSessionTransport {
                        return try await own.get(url, connectTimeout: connect, departure: departure)
                    }
                    return try await transport.get(url, connectTimeout: connect)
                }
                return await Result(awaiting: get)
            }
            group.addTask {
                try? await Task.sleep(for: overall)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if Task.isCancelled { return .failure(ForecastClientError(.cancelled)) }
        switch outcome {
        case nil:
            return .failure(ForecastClientError(.timedOut(seconds: overall.inSeconds)))
        case .success(let response)? where response.body.count > configuration.maximumResponseSize:
            // Any transport: ``URLSessionTransport`` itself stops reading at the limit.
            return .failure(ForecastClientError(.responseTooLarge(limit: configuration.maximumResponseSize)))
        case .success(let response)?:
            return .success(response)
        case .failure(let failure)?:
            return .failure(ForecastClientError(reason(for: failure)))
        }
    }

    private func reason(for failure: TransportFailure) -> ForecastClientError.Reason {
        switch failure {
        case .unreachable(let detail): .unreachable(host: endpoint.host, detail: detail)
        case .timedOut: .timedOut(seconds: max(1, configuration.timeouts.connect.inSeconds.rounded(.up)))
        case .connectionLost(let detail): .connectionLost(detail: detail)
        case .secureConnectionFailed: .secureConnectionFailed(host: endpoint.host)
        case .certificateRejected: .certificateRejected(host: endpoint.host)
        case .badURL: .invalidBaseURL("the URL loader refused the request URL built from it as malformed or unsupported; it should look like \(endpoint.provider.defaultBaseURL)")
        case .tooManyRedirects: .tooManyRedirects(host: endpoint.host)
        case .redirectedElsewhere(let location): .redirectedElsewhere(host: endpoint.host, location: endpoint.key.redact(location))
        case .responseTooLarge(let limit): .responseTooLarge(limit: limit)
        case .unparsableResponse(let detail): .unparsableResponse(host: endpoint.host, detail: detail)
        case .undecodableBody(let detail): .undecodableResponse(host: endpoint.host, detail: detail)
        case .cancelled: .cancelled
        case .other(let domain, let code): .transport(domain: domain, code: code)
        }
    }
}
