import _KMASystem

/// Why the replay server could not start.
public enum ReplayServerError: Error, CustomStringConvertible {
    /// A socket call failed with this `errno`.
    case socket(String, Int32)
    /// A fixture the server needs could not be read.
    case fixture(String)

    /// What failed.
    public var description: String {
        switch self {
        case .socket(let call, let code): "replay server: \(call) failed with errno \(code)"
        case .fixture(let path): "replay server: cannot read Fixtures/\(path)"
        }
    }
}

extension ReplayServerError {
    /// A listening socket on 127.0.0.1 at a free port, for the stand-in servers
    /// (``ReplayServer``, ``SilentGateway``): the descriptor and the port, or why not.
    static func loopbackListener(backlog: Int32) throws(ReplayServerError) -> (fd: Int32, port: UInt16) {
        let fd = try SocketCalls.openStreamSocket().mapError { ReplayServerError.socket("socket", $0.code) }.get()
        SocketCalls.reuseAddress(fd)
        if let failure = SocketCalls.bindToLoopback(fd) ?? SocketCalls.listen(fd, backlog: backlog) {
            SystemCalls.closeDescriptor(fd)
            throw .socket("bind/listen", failure.code)
        }
        switch SocketCalls.boundPort(fd) {
        case .success(let port):
            return (fd, port)
        case .failure(let failure):
            SystemCalls.closeDescriptor(fd)
            throw .socket("getsockname", failure.code)
        }
    }
}
