/// The English help of `kma-forecast serve`, kept beside the server it describes (the CLI lays
/// it out; the Korean is `KoreanHelp`'s `serve` entries).
package enum ServeHelp {
    /// One line.
    package static let abstract = "Serve the forecast over HTTP to many apps: one key, one cache per grid cell, KMA's limits for everyone."

    /// Usage lines without `kma-forecast`.
    package static let usage = ["serve [--listen 127.0.0.1:8080] [--daily-quota <n>] [--tokens <file>] [--cors <origin>] [--log-format json|text] [--redis <url>]"]

    /// The serve options: name, value placeholder, help, allowed values.
    package static let options: [(name: String, value: String, help: String, allowed: [String]?)] = [
        ("listen", "host:port", "Where to listen: an IPv4 address and a port (default 127.0.0.1:8080; 0.0.0.0:8080 for every interface; port 0 picks a free one, logged).", nil),
        ("daily-quota", "n", "KMA calls per operation per day (KST), shared by every client; past it, stale answers with their age, or 503 with Retry-After (a development key: 10000).", nil),
        ("tokens", "file", "Require a bearer token: a file of SHA-256 hashes, one a line, optionally followed by a client name (printf %s TOKEN | sha256sum).", nil),
        ("cors", "origin", "Allow browsers of this origin (https://app.example, or *); default: no CORS headers.", nil),
        ("redis", "url", "Share the cache, the coalescing, the 30/s budget and the daily quota with other instances through Redis (redis://[:password@]host:port[/db]); Redis down: each instance falls back to its own, said in /healthz and /metrics.", nil),
        ("log-format", "format", "Log lines on standard error as text (default) or json (JSON Lines).", ServeLog.Format.allCases.map(\.rawValue)),
    ]

    /// The forecast command's options the server reads too (the key, the service roots, the
    /// cache, the pace, the instant).
    package static let clientOptions: Set<String> = ["service-key", "provider", "base-url", "mid-base-url", "uv-base-url", "cache-dir", "rate", "at"]

    /// Notes and examples.
    package static let discussion = """
        The backend a weather app needs, so that the app ships no key: it holds the key, answers
        GET /v1/forecast?place=NAME | lat=LAT&lon=LON | nx=NX&ny=NY [&days=0...11] [&lang=ko] with the
        LocalForecast JSON of 'kma-forecast --format json' (schema: Schemas/local-forecast.schema.json),
        /v1/alerts (the same location parameters; the JSON of 'alerts --format json'), /v1/places?q=NAME
        (suggestions from KMA's place table), /healthz and /metrics (Prometheus text).

        Any number of concurrent requests for one cell and run cost one KMA fetch; an answer is
        cached until KMA's schedule says a newer one exists (Cache-Control max-age, ETag and
        If-None-Match, gzip when asked). Requests to KMA are paced at --rate per operation (30/s,
        KMA's limit) and counted against --daily-quota, for all clients together.

        Requests with a bearer token only with --tokens; each client is limited to 50 requests a
        second (burst 100, then 429 with Retry-After). SIGTERM or Ctrl-C: the requests in flight are
        answered, then the server exits 0. The key is never in an answer, a header, a log line or
        /metrics.

        EXAMPLES:
          KMA_SERVICE_KEY=... kma-forecast serve --listen 0.0.0.0:8080 --daily-quota 10000
          curl 'http://127.0.0.1:8080/v1/forecast?place=%ED%95%B4%EC%9A%B4%EB%8C%80%EA%B5%AC'
          kma-forecast serve --tokens tokens.txt --cors https://app.example --log-format json
        """
}
