import KMAForecast
import KMAForecastClient

extension ServeService {
    /// The operations `/metrics` reports the quota of, besides those called so far.
    static let knownOperations = ["getUltraSrtNcst", "getUltraSrtFcst", "getVilageFcst", "getFcstVersion"]

    /// `GET /healthz`: `{"status":"ok","coordinator":"local"|"shared"|"shared-down","draining":false}`;
    /// 503 while draining, so a load balancer stops sending.
    func health() async -> ServeResponse {
        let draining = draining()
        let coordinator = switch sharedUp() {
        case nil: "local"
        case true?: "shared"
        case false?: "shared-down (each instance answers from its own cache)"
        }
        let body = JSONText.object([
            ("status", JSONText.string(draining ? "draining" : "ok")), ("coordinator", JSONText.string(coordinator)),
            ("draining", draining ? "true" : "false"),
        ]) + "\n"
        var response = ServeResponse.json(draining ? 503 : 200, Array(body.utf8))
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// `GET /metrics`: the counters in Prometheus text, with the quota left today per operation.
    func metricsText() async -> ServeResponse {
        var left: [String: Int] = [:]
        if let quota = configuration.dailyQuota {
            let day = String(KSTDateTime(now).yyyymmdd)
            let operations = Set(Self.knownOperations).union(metrics.snapshot.kmaCalls.keys).union(metrics.snapshot.quotaRefusals.keys)
            for operation in operations {
                let used = (try? await coordinator.quotaUsed(operation: operation, day: day)) ?? 0
                left[operation] = max(0, quota - used)
            }
        }
        let text = metrics.prometheusText(budgetLeft: left, sharedCoordinatorUp: sharedUp() ?? true)
        return ServeResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8"), ("Cache-Control", "no-store")], body: Array(text.utf8))
    }
}
