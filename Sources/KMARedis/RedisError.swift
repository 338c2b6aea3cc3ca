import KMAForecast
import _KMASystem

/// A Redis operation that failed: the server it was for (`host:port`, never a password) and
/// what went wrong. Its ``description`` says what to do; ``isUnavailable`` tells a caller that
/// falls back to its own cache when Redis is down (a server's `/healthz`) the outages from the
/// misuses.
///
/// Messages never hold a stored value, a password or a command's arguments: a reply that was
/// not what a command expects is named by its kind ("a bulk string"), and what the server said
/// in an error reply is quoted by the package's one rule for network text
/// (`PrintableText.excerpt`: control characters escaped, cut to 300 characters).
public struct RedisError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server, `host:port` (IPv6 hosts in brackets); empty for a URL that did not parse.
    public var endpoint: String
    /// What went wrong.
    public var problem: Problem

    /// An error for `endpoint`.
    public init(endpoint: String, _ problem: Problem) {
        self.endpoint = endpoint
        self.problem = problem
    }

    /// What went wrong.
    public enum Problem: Sendable, Hashable {
        /// The Redis URL is not one this client reads: why.
        case invalidURL(String)
        /// An argument a method was given is out of its range: which, and why.
        case invalidArgument(String)
        /// The host name did not resolve: the resolver's words.
        case unresolvedHost(String)
        /// The connection failed: the `errno` (`ECONNREFUSED`: nothing listens there).
        case connectFailed(code: Int32)
        /// The connection was not made within the connect timeout.
        case connectTimedOut
        /// The server closed the connection before its reply had all arrived (it stopped,
        /// restarted, or dropped the client).
        case closedByServer
        /// The reply did not arrive within the command timeout (a server that hangs, or a
        /// network that dropped the packets).
        case replyTimedOut
        /// Sending or receiving failed: the `errno` (`ECONNRESET`, `EPIPE` …).
        case transferFailed(code: Int32)
        /// The server sent bytes that are not a Redis reply within the limits.
        case protocolViolation(RESPProtocolError)
        /// The server refused the password (or needs one): its words.
        case authenticationFailed(String)
        /// The server answered a command with an error reply: the command's name and the
        /// server's words.
        case serverError(command: String, message: String)
        /// The server answered a command with a reply of a kind the command never gives:
        /// the command's name and the kind received ("a bulk string").
        case unexpectedReply(command: String, kind: String)
        /// A value too long to store: its length and the longest the client reads back
        /// (``RESPLimits/maximumBulkLength``), in bytes.
        case valueTooLong(length: Int, limit: Int)
    }

    /// Whether Redis could not be reached or did not answer in time (down, restarting,
    /// unreachable, hanging, or not Redis): what a caller that falls back to its own cache
    /// acts on. `false` for a misuse (a bad URL or argument, a refused password, a value too
    /// long) and for a server's error reply.
    public var isUnavailable: Bool {
        switch problem {
        case .unresolvedHost, .connectFailed, .connectTimedOut, .closedByServer, .replyTimedOut, .transferFailed, .protocolViolation:
            true
        case .invalidURL, .invalidArgument, .authenticationFailed, .serverError, .unexpectedReply, .valueTooLong:
            false
        }
    }

    /// What went wrong, where, and what to do.
    public var description: String {
        let at = "Redis at \(endpoint)"
        switch problem {
        case .invalidURL(let why):
            return "The Redis URL is not valid: \(why). Write it as redis://[[user]:password@]host[:port][/db], e.g. redis://127.0.0.1:6379/0."
        case .invalidArgument(let why):
            return "Invalid argument for Redis: \(why)."
        case .unresolvedHost(let why):
            return "\(at): the host name does not resolve (\(PrintableText.excerpt(why))); check the host in the Redis URL."
        case .connectFailed(let code):
            return "\(at): cannot connect (\(SystemCalls.errorText(code))); check that redis-server runs there and the URL's host and port."
        case .connectTimedOut:
            return "\(at): the connection was not made within the connect timeout; check the host, the port and any firewall between."
        case .closedByServer:
            return "\(at): the server closed the connection before it answered (it stopped or restarted); the next call connects again."
        case .replyTimedOut:
            return "\(at): no reply within the command timeout; the server is overloaded, paused or unreachable. The next call connects again."
        case .transferFailed(let code):
            return "\(at): the connection failed (\(SystemCalls.errorText(code))); the next call connects again."
        case .protocolViolation(let error):
            return "\(at) does not speak Redis's protocol: \(error); check that the URL points to a Redis server. The connection was closed."
        case .authenticationFailed(let message):
            return "\(at) refused to authenticate: \"\(PrintableText.excerpt(message))\"; check the password (and user) in the Redis URL."
        case .serverError(let command, let message):
            return "\(at) answered \(command) with an error: \"\(PrintableText.excerpt(message))\"."
        case .unexpectedReply(let command, let kind):
            return "\(at) answered \(command) with \(kind), which that command never gives; check that the URL points to a Redis server."
        case .valueTooLong(let length, let limit):
            return "A value of \(length) bytes is over the \(limit) bytes the Redis client reads back; store less, or raise RESPLimits.maximumBulkLength."
        }
    }
}
