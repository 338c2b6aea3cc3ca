import _KMASystem

/// A port on 127.0.0.1 where nothing listens, reserved for as long as this object lives: a
/// socket is bound to it but never listens, so connections are refused, and no other server
/// of a concurrently running test can take the port (as it could the port of a stopped
/// ``ReplayServer``).
public final class RefusingPort: Sendable {
    /// The port.
    public let port: UInt16
    private let socketDescriptor: Int32

    /// Reserves a free port.
    public init() throws(ReplayServerError) {
        let fd = try SocketCalls.openStreamSocket().mapError { ReplayServerError.socket("socket", $0.code) }.get()
        let bound = SocketCalls.bindToLoopback(fd).map { Result<UInt16, SystemError>.failure($0) } ?? SocketCalls.boundPort(fd)
        switch bound {
        case .success(let port):
            self.port = port
        case .failure(let failure):
            SystemCalls.closeDescriptor(fd)
            throw .socket("bind", failure.code)
        }
        socketDescriptor = fd
    }

    /// A data.go.kr-style service root on this port.
    public var baseURL: String { "http://127.0.0.1:\(port)/1360000/VilageFcstInfoService_2.0" }

    deinit { SystemCalls.closeDescriptor(socketDescriptor) }
}
