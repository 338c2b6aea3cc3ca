/// The environment variables the package reads: the one documented list (the top-level
/// README's table of environment variables lists exactly these, and a test compares them).
///
/// The client settings (``ClientSettings``) are read by the command line and the MCP server
/// alike; a flag given on the command line wins over its variable. An empty variable counts as
/// unset (``value(in:)``).
package enum EnvironmentVariable: String, CaseIterable, Sendable {
    /// The KMA service key (data.go.kr, either the encoded or the decoded form; or an API Hub
    /// `authKey`). Flag: `--service-key`. Without it the forecast view shows the bundled sample.
    case serviceKey = "KMA_SERVICE_KEY"
    /// `data.go.kr` (the default) or `apihub` (apihub.kma.go.kr). Flag: `--provider`.
    case provider = "KMA_PROVIDER"
    /// The short-term service root to which the operation name is appended (default: the
    /// provider's). Flag: `--base-url`.
    case baseURL = "KMA_BASE_URL"
    /// The mid-term service root (default: the provider's). Flag: `--mid-base-url`.
    case midBaseURL = "KMA_MID_BASE_URL"
    /// The weather warning service root (default: the short-term root's host with
    /// `WthrWrnInfoService`, else the provider's). Flag: `--warnings-base-url`.
    case warningsBaseURL = "KMA_WARNINGS_BASE_URL"
    /// The living-weather index service root, for the UV index (default: the `--base-url` host
    /// with `LivingWthrIdxServiceV5`, else the provider's). Flag: `--uv-base-url`.
    case uvBaseURL = "KMA_UV_BASE_URL"
    /// The API Hub grid-field service root (default: ``GridFieldOptions/defaultBaseURL``).
    /// Flag: `field --base-url`.
    case fieldBaseURL = "KMA_FIELD_BASE_URL"
    /// The most requests to send, a whole number 0 or more (a development key allows 10,000 a
    /// day); unset: no limit. Flag: `--max-requests`.
    case maxRequests = "KMA_MAX_REQUESTS"
    /// How long the command line, the MCP server and serve wait for the side services (the
    /// warnings, the UV index, the mid-term days) once the forecast is in: whole seconds
    /// 1...86400 (default 5); then the forecast is shown with a note.
    case sideServiceDeadline = "KMA_SIDE_SERVICE_DEADLINE"
    /// Where to cache runs and fields (default: `$XDG_CACHE_HOME/kma-forecast`, else
    /// `~/.cache/kma-forecast`). Flags: `--cache-dir`, `--no-cache`.
    case cacheDirectory = "KMA_CACHE_DIR"
    /// The base of the default cache folder, when an absolute path.
    case xdgCacheHome = "XDG_CACHE_HOME"
    /// The home folder: the default cache folder is `$HOME/.cache/kma-forecast` without
    /// `XDG_CACHE_HOME`.
    case home = "HOME"
    /// Set and not empty: no colours on a terminal.
    case noColor = "NO_COLOR"
    /// `dumb`: no colours.
    case term = "TERM"
    /// The width of the text views, in columns (20 or more), before the terminal's own.
    case columns = "COLUMNS"
    /// The locale: `ko…` shows Korean words (before `LC_MESSAGES` and `LANG`); `…UTF-8` allows
    /// Unicode glyphs (before `LC_CTYPE` and `LANG`). Flag: `--lang`.
    case lcAll = "LC_ALL"
    /// The language of messages, when `LC_ALL` is unset.
    case lcMessages = "LC_MESSAGES"
    /// The character set, when `LC_ALL` is unset.
    case lcCType = "LC_CTYPE"
    /// The locale, when the `LC_` variables are unset.
    case lang = "LANG"

    /// The variable's value in an environment; `nil` when unset or empty.
    package func value(in environment: [String: String]) -> String? {
        guard let value = environment[rawValue], !value.isEmpty else { return nil }
        return value
    }
}
