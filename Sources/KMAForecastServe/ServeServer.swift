@preconcurrency import Dispatch
import Foundation
import KMAForecastClient
import _KMASystem

/// The HTTP/1.1 server of `kma-forecast serve`, on POSIX sockets (no package): a thread per
/// connection (keep-alive, pipelining), every answer computed by ``ServeService`` over a
/// ``ServeCoordinator``.
///
/// ```swift
/// let server = ServeServer(configuration: configuration, log: ServeLog(format: .json) { line in … })
/// let client = try settings.forecastClient(clientConfiguration, wrapping: server.transport(around:))
/// let port = try server.start(client: client)
/// server.stopOnTerminationSignals()
/// await server.run()                  // returns after SIGTERM, once in-flight requests are answered
/// ```
///
/// **Limits.** A request head over ``ServeConfiguration/maximumHeaderBytes`` gets 431, a URL
/// over ``ServeConfiguration/maximumURLLength`` 414, a head not complete within
/// ``ServeConfiguration/requestTimeout`` of its first byte 408 (slow clients are cut off), a
/// connection idle for ``ServeConfiguration/idleTimeout`` is closed, and a connection beyond
/// ``ServeConfiguration/maximumConnections`` gets 503 and is closed. A head that is not HTTP
/// gets 400 with a JSON error.
///
/// **Draining.** ``stop()`` (SIGTERM, SIGINT) closes the listening socket, lets every request
/// in flight finish (its answer says `Connection: close`), closes idle connections, and then
/// ``run()`` returns — at the latest after ``ServeConfiguration/drainTimeout``.
public final class ServeServer: Sendable {
    /// The configuration.
    public let configuration: ServeConfiguration
    /// The counters (`/metrics`).
    public let metrics = ServeMetrics()
    let coordinator: any ServeCoordinator
    let fallback: FallbackCoordinator?
    let log: ServeLog
    let now: @Sendable () -> Date
    let monotonic: @Sendable () -> Duration

    struct State {
        var listener: Int32 = -1
        var port: UInt16 = 0
        var active = 0
        var draining = false
        var acceptClosed = false
        var service: ServeService?
    }

    let state = Locked(State())
    private let signalSources = Locked([DispatchSourceSignal]())

    /// A server.
    ///
    /// - Parameters:
    ///   - configuration: Where to listen, the quota, tokens, CORS and limits.
    ///   - coordinator: A coordinator shared with other instances (Redis), or `nil` for this
    ///     process's own (``LocalCoordinator``). A shared one that fails is stood in for by the
    ///     process's own until it answers again.
    ///   - log: Where the log lines go.
    ///   - now: The clock of the quota's KST day; give the client's (`--at` in tests).
    public init(
        configuration: ServeConfiguration, coordinator: (any ServeCoordinator)? = nil, log: ServeLog,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        let start = ContinuousClock.now
        let monotonic: @Sendable () -> Duration = { ContinuousClock.now - start }
        self.monotonic = monotonic
        let local = LocalCoordinator(clock: monotonic)
        if let coordinator {
            let fallback = FallbackCoordinator(shared: coordinator, local: local, metrics: metrics)
            self.fallback = fallback
            self.coordinator = fallback
        } else {
            fallback = nil
            self.coordinator = local
        }
        self.log = log
        self.now = now
    }

    /// The transport the server's client must send through (`ClientSettings.forecastClient(_:wrapping:)`):
    /// `base` behind the shared 30-per-second window and the daily quota.
    public func transport(around base: any HTTPTransport) -> any HTTPTransport {
        CoordinatedTransport(
            base: base, coordinator: coordinator, perSecond: configuration.kmaRequestsPerSecond,
            dailyQuota: configuration.dailyQuota, now: now, metrics: metrics
        )
    }

    /// The port listened on (after ``start(client:)``; the one the system picked for port 0).
    public var port: UInt16 { state.withLock { $0.port } }

    /// Binds, listens and starts accepting on a thread of its own.
    ///
    /// - Parameter client: The forecast client, made with ``transport(around:)``.
    /// - Returns: The port.
    /// - Throws: ``ServeOptionError/cannotListen(_:reason:)``.
    @discardableResult
    public func start(client: ForecastClient) throws(ServeOptionError) -> UInt16 {
        let address = "\(configuration.host):\(configuration.port)"
        let fd: Int32
        switch SocketCalls.openStreamSocket() {
        case .success(let opened): fd = opened
        case .failure(let error): throw .cannotListen(address, reason: error.description)
        }
        SocketCalls.reuseAddress(fd)
        if let error = SocketCalls.bind(fd, toAddress: configuration.host, port: configuration.port) ?? SocketCalls.listen(fd, backlog: 1_024) {
            _ = SystemCalls.closeDescriptor(fd)
            throw .cannotListen(address, reason: error.description)
        }
        let port: UInt16
        switch SocketCalls.boundPort(fd) {
        case .success(let bound): port = bound
        case .failure(let error):
            _ = SystemCalls.closeDescriptor(fd)
            throw .cannotListen(address, reason: error.description)
        }
        SystemCalls.ignoreBrokenPipeSignal()
        let fallback = self.fallback
        let service = ServeService(
            configuration: configuration, client: client, coordinator: coordinator, metrics: metrics, log: log, monotonic: monotonic,
            sharedUp: { fallback?.isSharedUp }, draining: { [state] in state.withLock { $0.draining } }
        )
        state.withLock {
            $0.listener = fd
            $0.port = port
            $0.service = service
        }
        log.event("listening", [("address", "\(configuration.host):\(port)"), ("dailyQuota", configuration.dailyQuota.map(String.init) ?? "none"),
                                ("tokens", configuration.tokens == nil ? "off" : "on"), ("cors", configuration.corsOrigin ?? "off")])
        Thread.detachNewThread { [self] in acceptLoop(fd, service: service) }
        return port
    }

    /// Drains on SIGTERM and SIGINT (see the type's notes).
    public func stopOnTerminationSignals() {
        SocketCalls.ignoreTerminationSignals()
        let sources = SocketCalls.terminationSignals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in stop() }
            source.resume()
            return source
        }
        signalSources.withLock { $0 += sources }
    }

    /// Starts draining: no new connections; requests in flight finish.
    public func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.draining = true }
            return !state.draining
        }
        if first { log.event("draining", [("inFlight", String(state.withLock { $0.active }))]) }
    }

    /// Waits until the server has stopped (``stop()``) and drained.
    public func run() async {
        var drainStarted: Duration?
        while true {
            let (draining, closed, active) = state.withLock { ($0.draining, $0.acceptClosed, $0.active) }
            if draining {
                let started = drainStarted ?? monotonic()
                drainStarted = started
                if closed && active == 0 { break }
                if monotonic() - started > configuration.drainTimeout {
                    log.event("drain-timeout", [("inFlight", String(active))])
                    break
                }
            }
            try? await Task.sleep(for: .milliseconds(draining ? 20 : 100))
        }
        log.event("stopped", [])
    }

    private func acceptLoop(_ listener: Int32, service: ServeService) {
        while !state.withLock({ $0.draining }) {
            guard SocketCalls.waitReadable(listener, milliseconds: 100) else { continue }
            guard case .success(let (fd, peer)) = SocketCalls.acceptWithPeer(listener) else { continue }
            let admitted = state.withLock { state -> Bool in
                guard state.active < configuration.maximumConnections else { return false }
                state.active += 1
                return true
            }
            guard admitted else {
                let response = ServeResponse.failure(.unavailable("too many connections (\(configuration.maximumConnections))"))
                send(fd, response.serialized(head: false, keepAlive: false))
                _ = SystemCalls.closeDescriptor(fd)
                metrics.request(route: "connection", status: 503)
                continue
            }
            Thread.detachNewThread { [self] in
                ServeConnection(server: self, service: service, fd: fd, peer: peer).run()
                state.withLock { $0.active -= 1 }
            }
        }
        _ = SystemCalls.closeDescriptor(listener)
        state.withLock { $0.acceptClosed = true }
    }

    func send(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { SocketCalls.sendAll(fd, $0) }
    }
}
