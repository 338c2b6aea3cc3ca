#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        let fd = socket(AF_INET, SocketOptions.stream, 0)
        guard fd >= 0 else { throw .socket("socket", errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else {
            let code = errno
            close(fd)
            throw .socket("bind", code)
        }
        port = UInt16(bigEndian: address.sin_port)
        socketDescriptor = fd
    }

    /// A data.go.kr-style service root on this port.
    public var baseURL: String { "http://127.0.0.1:\(port)/1360000/VilageFcstInfoService_2.0" }

    deinit { close(socketDescriptor) }
}
