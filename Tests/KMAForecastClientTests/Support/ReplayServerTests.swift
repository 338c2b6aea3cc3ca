import Testing
@testable import KMAForecastClient
import _KMATestSupport

@Suite("ReplayServer: the test server itself")
struct ReplayServerTests {
    /// Whether a GET to the port is refused (nothing listening) rather than answered.
    static func refused(_ port: UInt16) async -> Bool {
        do throws(TransportFailure) {
            _ = try await URLSessionTransport().get("http://127.0.0.1:\(port)/x", connectTimeout: .seconds(5))
            return false
        } catch {
            return error == .unreachable(detail: "the connection was refused")
        }
    }

    @Test("A server that is let go stops listening, without stop()")
    func releasedServerStops() async throws {
        // Regression: the accept thread held the server, so its deinit never ran and a server
        // without stop() listened (and held a thread and a descriptor) until the process ended.
        var server: ReplayServer? = try shortTermServer()
        let port = try #require(server).port
        #expect(await !Self.refused(port))
        server = nil
        var stopped = false
        for _ in 0..<500 where !stopped {
            stopped = await Self.refused(port)
            if !stopped { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(stopped)
    }

    @Test("stop() stops listening, and may be called twice")
    func stopTwice() async throws {
        let server = try shortTermServer()
        server.stop()
        server.stop()
        var stopped = false
        for _ in 0..<500 where !stopped {
            stopped = await Self.refused(server.port)
            if !stopped { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(stopped)
    }
}

@Suite("ReplayServer: getFcstVersion")
struct ReplayServerVersionTests {
    /// The body of a GET to the server.
    static func body(_ server: ReplayServer, _ query: String) async throws -> String {
        let response = try await URLSessionTransport().get(server.baseURL + "/getFcstVersion?" + query, connectTimeout: .seconds(5))
        return String(decoding: response.body, as: UTF8.self)
    }

    @Test("A recorded run's default version, a version set and changed, a list, and errors as KMA sends them")
    func versions() async throws {
        let server = try ReplayServer(runs: [try RecordedRun(.nowcast, fixture: "api/getUltraSrtNcst_20210328_1400_nx56_ny125.json")], expectedKey: testKey)
        defer { server.stop() }
        let key = "serviceKey=\(testKeyEncoded)&pageNo=1&numOfRows=10&dataType=JSON"
        #expect(try await Self.body(server, key + "&ftype=ODAM&basedatetime=202103281400")
            == #"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL_SERVICE"},"body":{"dataType":"JSON","items":{"item":{"filetype":"ODAM","version":"20210328140000"}},"pageNo":1,"numOfRows":10,"totalCount":1}}}"#)
        server.setVersion("20210328141017", ftype: "ODAM", baseDateTime: "202103281400", asList: true)
        #expect(try await Self.body(server, key + "&ftype=ODAM&basedatetime=202103281400").contains(#""item":[{"filetype":"ODAM","version":"20210328141017"}]"#))
        server.setVersion(nil, ftype: "ODAM", baseDateTime: "202103281400")
        #expect(try await Self.body(server, key + "&ftype=ODAM&basedatetime=202103281400").contains(#""version":"20210328140000""#))
        // Another product or run: NO_DATA; a bad ftype: 10; no ftype: 11; a wrong key: the gateway's 30.
        #expect(try await Self.body(server, key + "&ftype=VSRT&basedatetime=202103281400").contains(#""resultCode":"03""#))
        #expect(try await Self.body(server, key + "&ftype=ODAM&basedatetime=202103281300").contains(#""resultCode":"03""#))
        #expect(try await Self.body(server, key + "&ftype=XXXX&basedatetime=202103281400").contains(#""resultCode":"10""#))
        #expect(try await Self.body(server, key + "&basedatetime=202103281400").contains(#""resultCode":"11""#))
        #expect(try await Self.body(server, "serviceKey=x&ftype=ODAM&basedatetime=202103281400").contains("<returnReasonCode>30</returnReasonCode>"))
        #expect(server.requests.allSatisfy { $0.operation == "getFcstVersion" } && server.requests.count == 8)
    }
}
