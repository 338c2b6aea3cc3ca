import KMAForecast

extension MCPServer {
    /// `tools/call`: checks the name and arguments, then runs the tool as a task of its own
    /// (registered under the text of its id, so `notifications/cancelled` can stop it); the
    /// reply is sent only if the call was not cancelled meanwhile. Past
    /// ``maximumCallsInFlight`` calls the call is refused at once (-31001, with the limit and
    /// what to do); after the end of input it gets ``endOfInputGrace`` to finish.
    func call(id: JSONValue, params: JSONValue, era: MCPEra) {
        guard let name = params["name"]?.stringValue else {
            sendError(id: id, code: .invalidParams, message: "Invalid params: tools/call needs \"name\", one of \(MCPTools.names.joined(separator: ", "))")
            return
        }
        guard MCPTools.names.contains(name) else {
            sendError(id: id, code: .invalidParams, message: "Invalid params: unknown tool '\(name)'; the tools are \(MCPTools.names.joined(separator: ", "))")
            return
        }
        let arguments = params["arguments"] ?? .object([])
        guard arguments.isObject || arguments == .null else {
            sendError(id: id, code: .invalidParams, message: "Invalid params: \"arguments\" must be an object")
            return
        }
        let key = id.text
        enum Registration { case registered(Duration?), duplicate, busy }
        let registration = state.withLock { state -> Registration in
            guard state.calls[key] == nil else { return .duplicate }
            guard state.calls.count < Self.maximumCallsInFlight else { return .busy }
            state.calls[key] = Call(task: nil, id: id, era: era)
            return .registered(state.endOfInput ?? nil)
        }
        let grace: Duration?
        switch registration {
        case .duplicate:
            sendError(id: id, code: .invalidRequest, message: "Invalid Request: a call with id \(key) is still in flight; use a new id")
            return
        case .busy:
            sendBusy(id: id)
            return
        case .registered(let limit):
            grace = limit
        }
        let progress = progressReporter(key: key, token: params["_meta"]?["progressToken"])
        let server = self
        let tools = self.tools
        let task = Task {
            let outcome = await tools.call(name, arguments: arguments.isObject ? arguments : .object([]), progress: progress)
            guard !Task.isCancelled else { return }
            // Reply only if the call was not cancelled (or stopped) meanwhile.
            let call = server.claim(key)
            guard let call else { return }
            call.deadline?.cancel()
            server.sendResult(id: id, MCPResults.call(outcome, era: era))
            server.callEnded()
        }
        let cancelledMeanwhile = state.withLock { state -> Bool in
            guard state.calls[key] != nil else { return true }
            state.calls[key]?.task = task
            return false
        }
        if cancelledMeanwhile {
            task.cancel()
        } else if let grace {
            startDeadline(key, after: grace)
        }
    }

    /// Refuses a call past ``maximumCallsInFlight``: the limit, and what to do (-31001).
    private func sendBusy(id: JSONValue) {
        sendError(
            id: id, code: .tooManyCallsInFlight,
            message: "Too many calls in flight: this server runs at most \(Self.maximumCallsInFlight) tools/call requests at once and \(Self.maximumCallsInFlight) are running; wait for one of their replies (or cancel one with notifications/cancelled), then send this call again",
            data: .object([("maximumCallsInFlight", .number(Self.maximumCallsInFlight))])
        )
    }

    /// Sends `notifications/progress` for the call `key` while it is in flight, when the
    /// client gave a progress token (a string or a number); else does nothing.
    private func progressReporter(key: String, token: JSONValue?) -> MCPTools.Progress {
        let progressToken: JSONValue? = {
            switch token {
            case let token? where token.stringValue != nil || token.doubleValue != nil: token
            default: nil
            }
        }()
        let server = self
        return { @Sendable done, total, message in
            guard let progressToken, server.isInFlight(key) else { return }
            server.send(MCPResults.progress(token: progressToken, done: done, total: total, message: message).text)
        }
    }

    private func isInFlight(_ key: String) -> Bool { state.withLock { $0.calls[key] != nil } }
}
