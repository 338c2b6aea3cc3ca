import KMARedis

extension RedisOptions {
    /// The tests' options where a timeout is not what is tested: minutes long, so that no
    /// verdict depends on how busy the machine is (a test that tests a timeout sets its own,
    /// fired by a server that never answers).
    static let forTests = RedisOptions(connectTimeout: .seconds(180), commandTimeout: .seconds(180))
}
