// swift-tools-version:6.0
//
// kma-forecast: a toolkit for the Korea Meteorological Administration (KMA, 기상청)
// short-term forecast open API. No package dependencies: only what ships with the toolchain.

import PackageDescription

let package = Package(
    name: "kma-forecast",
    // WeatherKit's floor: macOS 13, iOS 16 (tvOS 16, watchOS 9, visionOS 1 to match). The newest
    // APIs the code relies on are Swift's `Duration`/`ContinuousClock`/`Task.sleep(for:)` and
    // the string algorithms (`firstRange(of:)`), all macOS 13 / iOS 16. Shared state is guarded
    // by the package's own `Locked` (os_unfair_lock / pthread mutex), not `Mutex`, which needs
    // iOS 18; no value of a typed-throws function type is stored (its metadata needs a Swift 6
    // runtime). The closing note of issue 22 lists each API checked and its minimum version.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        // Everything an app needs, in one import: re-exports KMAGrid, KMAForecast,
        // KMAForecastText, KMAForecastClient, KMAPlaces and KMAForecastCharts.
        .library(name: "KMAForecastKit", targets: ["KMAForecastKit"]),
        // Projection only: lat/lon <-> KMA 5 km grid cells. Imports no Foundation.
        .library(name: "KMAGrid", targets: ["KMAGrid"]),
        // Base times, categories, values, the page decoder and the per-hour rows.
        .library(name: "KMAForecast", targets: ["KMAForecast"]),
        // The words and units to show a forecast: values as text in Korean or English, metric or
        // imperial. No Foundation.
        .library(name: "KMAForecastText", targets: ["KMAForecastText"]),
        // Fetching from KMA over HTTP: providers, keys, retries, paging, the on-disk cache.
        .library(name: "KMAForecastClient", targets: ["KMAForecastClient"]),
        // Korean place names -> KMA grid cells, from KMA's official table (embedded). No Foundation.
        .library(name: "KMAPlaces", targets: ["KMAPlaces"]),
        // Grid fields and whole runs as CF-1.10 NetCDF files (classic 64-bit offset, KMA's
        // Lambert conformal grid mapping), fetched and written in one call; re-exports KMAGrid,
        // KMAForecast and KMAForecastClient, so a data tool needs this one import. Not
        // re-exported by KMAForecastKit: an app that only shows forecasts does not pay for a
        // file format.
        .library(name: "KMAForecastNetCDF", targets: ["KMAForecastNetCDF"]),
        // Pictures of a forecast and of a grid field: the forecast as an SVG chart, a field as an
        // SVG or PNG map, the hours as a text chart for a terminal. No Foundation.
        .library(name: "KMAForecastCharts", targets: ["KMAForecastCharts"]),
        // The forecast as tools for AI agents: a Model Context Protocol server on standard
        // input/output (what `kma-forecast mcp` runs), for an app or another tool to serve.
        .library(name: "KMAForecastMCP", targets: ["KMAForecastMCP"]),
        // The forecast as an HTTP service for many apps: the backend that holds the key, caches
        // per grid cell, coalesces concurrent fetches and spends KMA's budget for everyone
        // (what `kma-forecast serve` runs), on POSIX sockets, over a `ServeCoordinator` that
        // one process (`LocalCoordinator`) or many instances share.
        .library(name: "KMAForecastServe", targets: ["KMAForecastServe"]),
        // The command-line tool.
        .executable(name: "kma-forecast", targets: ["kma-forecast"]),
    ],
    dependencies: [],
    targets: [
        .target(
            name: "KMAGrid",
            exclude: ["README.md"]
        ),
        .target(
            name: "KMAForecast",
            dependencies: ["KMAGrid"],
            exclude: ["README.md"]
        ),
        .target(
            name: "KMAForecastText",
            dependencies: ["KMAForecast"],
            exclude: ["README.md"]
        ),
        .target(
            name: "KMAForecastClient",
            // KMAPlaces: place names for `forecast(for: .place(…))`, and the mid-term region
            // codes of a place (the ten-day view). KMAForecastText: the one rule for text from
            // outside (`PrintableText`), in the messages of a places table.
            dependencies: ["KMAGrid", "KMAForecast", "KMAForecastText", "KMAPlaces", "_KMASystem"],
            exclude: ["README.md"],
            // The recorded KMA answers of the sample forecast (`LocalForecast.sample`,
            // `RecordedRunTransport.sample`, the CLI's first run without a key), compiled into
            // the library as byte arrays (`PackageResources`): an app or an installed binary
            // needs no bundle. Each file is a symbolic link to its one copy in `Fixtures/`,
            // where Fixtures/README.md gives its provenance.
            resources: [.embedInCode("Resources")]
        ),
        .target(
            name: "KMAPlaces",
            dependencies: ["KMAGrid"],
            exclude: ["README.md"]
        ),
        .target(
            name: "KMAForecastNetCDF",
            // KMAForecastClient: the whole-run fetch (`GridFieldClient.writeNetCDF`);
            // _KMASystem: the file writes.
            dependencies: ["KMAGrid", "KMAForecast", "KMAForecastClient", "_KMASystem"],
            exclude: ["README.md"]
        ),
        .target(
            name: "KMAForecastCharts",
            // KMAForecastClient: the chart draws the one forecast, `LocalForecast`; KMAGrid: the
            // field map's cells. No Foundation, no libc: pictures are strings and bytes.
            dependencies: ["KMAGrid", "KMAForecast", "KMAForecastText", "KMAForecastClient"],
            exclude: ["README.md"]
        ),
        .target(
            name: "KMAForecastKit",
            // KMAForecastCharts: a chart to share is an app's need (a widget's picture, a bot's
            // post), and it is small and Foundation-free, drawn from the `LocalForecast` the app
            // already has, so the one import brings it.
            // Not KMAForecastNetCDF: a file format is a data tool's need, not every app's; it is
            // its own product, one import more (`import KMAForecastNetCDF`).
            dependencies: ["KMAGrid", "KMAForecast", "KMAForecastText", "KMAForecastClient", "KMAPlaces", "KMAForecastCharts"]
        ),
        .target(
            name: "KMAForecastMCP",
            dependencies: ["KMAGrid", "KMAForecast", "KMAForecastText", "KMAForecastClient", "KMAPlaces", "_KMASystem"],
            exclude: ["README.md"],
            // The forecast tool's outputSchema: a symbolic link to Schemas/mcp-forecast.schema.json,
            // the one contract, compiled in as bytes (`PackageResources`), so it cannot drift.
            resources: [.embedInCode("Resources")]
        ),
        .target(
            name: "KMARedis",
            // What several `kma-forecast serve` instances share through Redis (cache, locks,
            // the 30/s budget, the daily quota), over a RESP client written here on POSIX
            // sockets. KMAForecast: the one rule for network text (`PrintableText`) in its
            // errors; _KMASystem: the lock and the C library's error text.
            dependencies: ["KMAForecast", "_KMASystem"],
            exclude: ["README.md"]
        ),
        .target(
            name: "KMAForecastServe",
            // _KMASystem: the one lock (`Locked`) and the C library's descriptors; KMARedis: the
            // coordinator many instances share (`--redis`).
            dependencies: ["KMAGrid", "KMAForecast", "KMAForecastText", "KMAForecastClient", "KMAPlaces", "KMARedis", "_KMASystem"],
            exclude: ["README.md"]
        ),
        .target(
            name: "KMAForecastCLI",
            dependencies: ["KMAGrid", "KMAForecast", "KMAForecastText", "KMAForecastClient", "KMAForecastCharts", "KMAForecastNetCDF", "KMAPlaces", "KMAForecastMCP", "KMAForecastServe", "_KMASystem"],
            exclude: ["README.md"]
        ),
        .executableTarget(
            name: "kma-forecast",
            dependencies: ["KMAForecastCLI"]
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["KMAGrid", "KMAForecast", "KMAForecastClient", "KMAForecastNetCDF", "KMAForecastCLI", "KMAForecastServe", "_KMATestSupport", "_KMASystem"],
            path: "Benchmarks",
            exclude: ["README.md"]
        ),
        // The README's app example as a program: cell for a coordinate, the merged forecast,
        // the next 24 hours, daily min/max, errors, and 50 places within a budget.
        .executableTarget(
            name: "ForecastExample",
            dependencies: ["KMAForecastKit"],
            path: "Examples/ForecastExample"
        ),
        // The README's NetCDF example as a program: a whole run of a few variables into one
        // CF NetCDF file through the public API only (`--base-url` for a stand-in API Hub;
        // KMAForecastNetCDFTests runs it against one).
        .executableTarget(
            name: "NetCDFExample",
            dependencies: ["KMAForecastNetCDF"],
            path: "Examples/NetCDFExample"
        ),

        // MARK: - Implementation details

        // The operating-system seam: the package's one import of the C library (file
        // descriptors, error numbers, its one lock `Locked`) and its one file writer
        // (`FileWriter`: --output, --chart, NetCDF and the cache). `package` access only.
        .target(
            name: "_KMASystem",
            exclude: ["README.md"]
        ),

        .target(
            name: "_KMATestSupport",
            // KMAForecastClient: RecordedRunPages, the routing the replay server shares with the
            // sample forecast's transport. Not the CLI: every test target links this.
            dependencies: ["KMAGrid", "KMAForecast", "KMAForecastClient", "_KMASystem"],
            exclude: ["README.md"]
        ),
        .target(
            name: "_KMAToolSupport",
            // `runTool`, the CLI run in-process, which the CLI's tests and the end-to-end tests
            // share: the one piece of test support that needs the CLI.
            dependencies: ["KMAForecastCLI"],
            exclude: ["README.md"]
        ),
        .testTarget(
            name: "KMAGridTests",
            dependencies: ["KMAGrid", "_KMATestSupport"]
        ),
        .testTarget(
            name: "KMAForecastTests",
            dependencies: ["KMAForecast", "_KMATestSupport"]
        ),
        .testTarget(
            name: "KMAForecastTextTests",
            // KMAForecastKit: KitReExportTests checks the words are reachable through the one import.
            dependencies: ["KMAForecastText", "KMAForecastKit", "_KMATestSupport"]
        ),
        .testTarget(
            name: "KMAForecastClientTests",
            // KMAForecastKit: AppAcceptanceTests uses the library as an app does, through the one import.
            dependencies: ["KMAForecastClient", "KMAForecastKit", "_KMATestSupport", "_KMASystem"]
        ),
        .testTarget(
            name: "KMAPlacesTests",
            dependencies: ["KMAPlaces", "_KMATestSupport"]
        ),
        .testTarget(
            name: "KMAForecastMCPTests",
            dependencies: ["KMAForecastMCP", "KMAForecast", "KMAForecastClient", "_KMATestSupport"]
        ),
        .testTarget(
            name: "_KMASystemTests",
            dependencies: ["_KMASystem", "_KMATestSupport"]
        ),
        .testTarget(
            name: "KMAForecastChartsTests",
            // KMAForecastKit: the charts are reachable through the one import.
            dependencies: ["KMAForecastCharts", "KMAForecastKit", "KMAForecast", "KMAForecastText", "KMAForecastClient", "_KMATestSupport"]
        ),
        .testTarget(
            name: "KMAForecastCLITests",
            // "kma-forecast": BuiltBinaryTests runs the executable of the same build as a process.
            dependencies: ["KMAForecastCLI", "KMAForecastCharts", "KMAForecastNetCDF", "KMAForecastMCP", "kma-forecast", "_KMATestSupport", "_KMAToolSupport", "_KMASystem"]
        ),
        .testTarget(
            name: "KMAForecastServeTests",
            // "kma-forecast": ServeProcessTests runs `kma-forecast serve` of the same build as a process.
            dependencies: ["KMAForecastServe", "KMARedis", "KMAForecastClient", "KMAForecast", "KMAGrid", "kma-forecast", "_KMATestSupport", "_KMAToolSupport", "_KMASystem"]
        ),
        .testTarget(
            name: "KMAForecastNetCDFTests",
            // "NetCDFExample": NetCDFExampleTests runs the example program of the same build
            // against a stand-in API Hub.
            dependencies: ["KMAForecastNetCDF", "KMAForecastClient", "NetCDFExample", "_KMATestSupport", "_KMASystem"]
        ),
        .testTarget(
            name: "KMARedisTests",
            // Runs its own redis-server (Debian's, on a free 127.0.0.1 port) and hostile
            // stand-ins; fails, saying to install it, when redis-server is missing.
            dependencies: ["KMARedis", "_KMATestSupport", "_KMASystem"]
        ),
        // The slow checks, end to end: the built binary as a process (its streams, exit statuses,
        // peak memory against gzip bombs, the MCP server over pipes), the files it writes read by
        // the tools people use (Python's jsonschema, the MCP SDK, netCDF4/xarray/pyproj/GDAL)
        // and the SVG chart rendered in headless Chromium. A test skips when its tool is missing,
        // except in CI (`CI=true`), where `.ci/run` installs them all.
        .testTarget(
            name: "KMAForecastEndToEndTests",
            // "kma-forecast": the executable of the same build, run as a process.
            dependencies: ["kma-forecast", "KMAGrid", "KMAForecast", "KMAForecastClient", "_KMATestSupport", "_KMAToolSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
