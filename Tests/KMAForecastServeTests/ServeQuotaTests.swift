import Foundation
import KMAForecast
@testable import KMAForecastServe
import Testing
import _KMATestSupport

@Suite("serve: KMA's daily quota for everyone — past it, stale data with its age or 503, never a call to KMA")
struct ServeQuotaTests {
    @Test("Past --daily-quota: no more short-term calls reach KMA; a new cell gets 503 + Retry-After, a cached one its stale copy")
    func quotaIsShared() async throws {
        var configuration = ServeConfiguration()
        configuration.dailyQuota = 2
        let harness = try ServeHarness(configuration: configuration)
        #expect(try await harness.get("/v1/forecast?nx=60&ny=127&days=0").status == 200)
        #expect(try await harness.get("/v1/forecast?nx=61&ny=127&days=0").status == 200)
        let refused = try await harness.get("/v1/forecast?nx=62&ny=127&days=0")
        #expect(refused.status == 503)
        // 2026-11-21 14:50 KST: 9 h 10 min to midnight KST.
        #expect(refused.headers["retry-after"] == "33000")
        #expect(refused.text.contains("\"code\":\"quotaSpent\""))
        #expect(harness.kmaRequests("getVilageFcst") == 2)
        // Three hours on, a newer run is due for the first cell: stale, with its age.
        harness.clock.withLock { $0 += 3 * 3600 }
        let stale = try await harness.get("/v1/forecast?nx=60&ny=127&days=0")
        #expect(stale.status == 200)
        #expect(stale.headers["age"] == "10800")
        #expect(stale.headers["warning"]?.hasPrefix("110") == true)
        #expect(stale.headers["cache-control"]?.contains("max-age=0") == true)
        #expect(harness.kmaRequests("getVilageFcst") == 2)
        let metrics = try await harness.get("/metrics").text
        #expect(metrics.contains("kma_serve_budget_left{operation=\"getVilageFcst\"} 0"))
        #expect(metrics.contains("kma_serve_quota_refusals_total{operation=\"getVilageFcst\"}"))
        #expect(metrics.contains("kma_serve_stale_answers_total 1"))
    }

    @Test("The quota's day is KST's: at midnight KST the count starts again")
    func quotaResetsAtMidnightKST() async throws {
        var configuration = ServeConfiguration()
        configuration.dailyQuota = 2
        let harness = try ServeHarness(configuration: configuration)
        #expect(try await harness.get("/v1/forecast?nx=60&ny=127&days=0").status == 200)
        #expect(try await harness.get("/v1/forecast?nx=59&ny=127&days=0").status == 200)
        #expect(try await harness.get("/v1/forecast?nx=61&ny=127&days=0").status == 503)
        let before = harness.kmaRequests("getVilageFcst")
        harness.clock.withLock { $0 += 33_000 }  // 00:00 KST the next day
        // The quota is the new day's: KMA is asked again (the stand-in has no runs of that day,
        // so its fallbacks may spend the new day's 2 calls; the first goes out).
        _ = try await harness.get("/v1/forecast?nx=61&ny=127&days=0")
        #expect(harness.kmaRequests("getVilageFcst") > before)
        #expect(harness.kma.requests.contains { $0.operation == "getVilageFcst" && $0.parameters["base_date"] == "20261121" && $0.parameters["base_time"] == "2300" })
    }
}
