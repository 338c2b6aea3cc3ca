import Testing
@testable import KMARedis

@Suite struct RedisURLTests {
    @Test func readsEveryPart() throws {
        let plain = try RedisURL("redis://127.0.0.1")
        #expect(plain.host == "127.0.0.1" && plain.port == 6379 && plain.database == 0 && plain.password == nil && plain.user == nil)
        let full = try RedisURL("redis://:s%40cr%2Fet@cache.internal:6380/3")
        #expect(full.host == "cache.internal" && full.port == 6380 && full.database == 3 && full.password == "s@cr/et" && full.user == nil)
        let acl = try RedisURL("redis://serve:pw@[::1]:7000")
        #expect(acl.host == "::1" && acl.port == 7000 && acl.user == "serve" && acl.password == "pw" && acl.endpoint == "[::1]:7000")
        let lone = try RedisURL("REDIS://pw@host/")
        #expect(lone.password == "pw" && lone.host == "host" && lone.database == 0)
        // An unescaped '/' or '@' in a password: the credentials end at the last '@'.
        let raw = try RedisURL("redis://:a/b@c@host:1/2")
        #expect(raw.password == "a/b@c" && raw.host == "host" && raw.port == 1 && raw.database == 2)
    }

    @Test(arguments: [
        ("127.0.0.1:6379", "it does not start with redis://"),
        ("http://host", "the scheme is 'http', not redis"),
        ("rediss://host", "rediss:// (TLS) is not supported"),
        ("redis://", "the host is empty"),
        ("redis://:pw@:6379", "the host is empty"),
        ("redis://host:0", "the port '0' is not a number from 1 to 65535"),
        ("redis://host:65536", "the port '65536' is not a number from 1 to 65535"),
        ("redis://host:+1", "the port '+1' is not a number from 1 to 65535"),
        ("redis://host:x", "the port 'x' is not a number from 1 to 65535"),
        ("redis://host/db", "the database 'db' is not a number from 0 to 65535"),
        ("redis://host/-1", "the database '-1' is not a number from 0 to 65535"),
        ("redis://host?timeout=1", "it has a query or fragment"),
        ("redis://[::1:6379", "the IPv6 address has no closing ']'"),
        ("redis://:p%zzw@host", "the password has a '%' not followed by two hexadecimal digits"),
        ("redis://ho st", "the host holds spaces"),
    ])
    func refusesWhatItCannotRead(_ text: String, _ reason: String) {
        do {
            _ = try RedisURL(text)
            Issue.record("\(text) was read")
        } catch {
            guard case .invalidURL(let why) = error.problem else { Issue.record("\(error)"); return }
            #expect(why.hasPrefix(reason), "\(why)")
            #expect(error.description.contains("redis://[[user]:password@]host[:port][/db]"))
            #expect(!error.koreanDescription.isEmpty)
        }
    }

    /// The password is never shown: not in the URL's description, nor in an error about it.
    @Test func neverShowsThePassword() throws {
        let url = try RedisURL("redis://serve:Very%53ecret@host:1/2")
        #expect(url.description == "redis://serve:***@host:1/2")
        #expect(!"\(url)".contains("Secret") && !"\(url)".contains("Very"))
        for text in ["redis://:VerySecret@host:99999", "redis://:VerySecret@host/x", "redis://:VerySecret%@host"] {
            do {
                _ = try RedisURL(text)
                Issue.record("\(text) was read")
            } catch {
                #expect(!error.description.contains("VerySecret") && !error.koreanDescription.contains("VerySecret"), "\(error)")
            }
        }
    }
}
