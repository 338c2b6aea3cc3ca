import Foundation
import KMAForecast

/// The service root, provider and key: turns a ``PageRequest`` (or a ``FileVersionRequest``)
/// into the URL to send and the URL to show.
///
/// The query string is built by hand, in the order of KMA's guide
/// (`serviceKey`/`authKey`, `pageNo`, `numOfRows`, `dataType`, `base_date`, `base_time`, `nx`,
/// `ny`), because `URLComponents` leaves `+` in a query unencoded and a server reads it as a
/// space. The key is encoded exactly once (``ServiceKey``); every other value is ASCII digits
/// or `JSON`.
struct Endpoint: Sendable {
    /// The service root without a trailing `/`, e.g.
    /// `https://apis.data.go.kr/1360000/VilageFcstInfoService_2.0`.
    let baseURL: String
    /// Which key parameter to use.
    let provider: ServiceProvider
    /// The key.
    let key: ServiceKey

    /// Checks the service root, so that a URL the transport cannot use is refused here, once,
    /// with a reason, rather than failing every request.
    ///
    /// - Throws: ``ForecastClientError/Reason/invalidBaseURL(_:)`` unless it is an `http` or
    ///   `https` URL with a host (a name, an IPv4 address, or a bracketed IPv6 address except
    ///   on Linux, where the URL loader cannot use one), an
    ///   optional port 1...65535, a path of URL characters (others percent-encoded), and no
    ///   query or fragment.
    init(baseURL: String, provider: ServiceProvider, key: ServiceKey) throws(ForecastClientError) {
        var root = baseURL.trimmingASCIIWhitespace()
        while root.hasSuffix("/") { root.removeLast() }
        func refuse(_ why: String) -> ForecastClientError {
            ForecastClientError(.invalidBaseURL("'\(key.redact(root))' \(why)"))
        }
        let lower = root.lowercased()
        let scheme = lower.hasPrefix("https://") ? "https://" : lower.hasPrefix("http://") ? "http://" : nil
        guard let scheme else { throw refuse("does not start with http:// or https://") }
        guard !root.contains("?"), !root.contains("#"), !root.contains(" ") else {
            throw refuse("must be the service root only, without a query, fragment or spaces (e.g. \(provider.defaultBaseURL))")
        }
        let afterScheme = root.dropFirst(scheme.count)
        let authority = afterScheme.prefix { $0 != "/" }
        let host: Substring
        let port: Substring?
        if authority.hasPrefix("[") {
            // An IPv6 literal, e.g. [::1]:8080.
            guard let close = authority.firstIndex(of: "]") else { throw refuse("has an IPv6 host without its closing ']'") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { throw refuse("has characters after its IPv6 host") }
            port = rest.isEmpty ? nil : rest.dropFirst()
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw refuse("has an IPv6 host that is not an IPv6 address")
            }
            #if canImport(FoundationNetworking)
            // Measured with Swift 6.3.1: corelibs fails every request to a bracketed IPv6 host
            // as a bad URL (URLError -1000) before connecting.
            throw refuse("has an IPv6 address as its host, which the URL loader on Linux cannot connect to; use a host name that resolves to it (e.g. localhost, or an entry in /etc/hosts) or an IPv4 address")
            #endif
        } else {
            host = authority.prefix { $0 != ":" }
            port = authority.count > host.count ? authority.dropFirst(host.count + 1) : nil
            guard !host.isEmpty else { throw refuse("has no host") }
            guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_") }) else {
                throw refuse("has a host with characters a host name cannot have (ASCII letters, digits, '-', '_' and '.'; write an international name in its xn-- form)")
            }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port),
                  (1...65_535).contains(number) else {
                throw refuse("has a port that is not a number from 1 to 65535")
            }
        }
        let path = afterScheme.dropFirst(authority.count)
        guard Self.isURLPath(path) else {
            throw refuse("has characters a URL path cannot have; percent-encode them (%XX)")
        }
        // The same check the transport makes, so no request can fail as a bad URL.
        guard URL(string: root + "/" + ForecastProduct.shortTerm.operation + "?pageNo=1") != nil else {
            throw refuse("is not a URL the URL loader accepts")
        }
        self.baseURL = root
        self.provider = provider
        self.key = key
    }

    /// Whether `path` holds only what RFC 3986 allows in a path: unreserved characters,
    /// sub-delimiters, `:`, `@`, `/`, and `%` followed by two hex digits.
    private static func isURLPath(_ path: Substring) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
        let bytes = Array(path.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, HexDigit.isHexDigit(bytes[index + 1]), HexDigit.isHexDigit(bytes[index + 2]) else { return false }
                index += 3
            } else {
                guard allowed.contains(bytes[index]) else { return false }
                index += 1
            }
        }
        return true
    }

    /// The URL to send, with the key percent-encoded once.
    func url(for request: PageRequest) -> String {
        url(for: request, keyText: key.percentEncoded)
    }

    /// The URL to show people: the same with the key replaced by `REDACTED`.
    func displayURL(for request: PageRequest) -> String {
        url(for: request, keyText: KeyRedaction.placeholder)
    }

    /// The `getFcstVersion` URL to send, with the key percent-encoded once.
    func url(for request: FileVersionRequest) -> String {
        url(for: request, keyText: key.percentEncoded)
    }

    /// The `getFcstVersion` URL to show people, with the key replaced by `REDACTED`.
    func displayURL(for request: FileVersionRequest) -> String {
        url(for: request, keyText: KeyRedaction.placeholder)
    }

    /// The service root's host, for messages such as "could not reach apis.data.go.kr".
    var host: String {
        let afterScheme = baseURL.drop { $0 != "/" }.drop { $0 == "/" }
        return String(afterScheme.prefix { $0 != "/" })
    }

    private func url(for request: PageRequest, keyText: String) -> String {
        "\(baseURL)/\(request.product.operation)?\(provider.keyParameter)=\(keyText)"
            + "&pageNo=\(request.pageNo)&numOfRows=\(request.numOfRows)&dataType=JSON"
            + "&base_date=\(request.base.baseDate)&base_time=\(request.base.baseTime)"
            + "&nx=\(request.cell.nx)&ny=\(request.cell.ny)"
    }

    /// `getFcstVersion` takes `ftype` and `basedatetime` instead of a base and a cell; the
    /// answer is one item, so one page of 10 rows.
    private func url(for request: FileVersionRequest, keyText: String) -> String {
        "\(baseURL)/\(FileVersionRequest.operation)?\(provider.keyParameter)=\(keyText)"
            + "&pageNo=1&numOfRows=10&dataType=JSON"
            + "&ftype=\(request.product.fileType)&basedatetime=\(request.baseDateTime)"
    }
}
