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
