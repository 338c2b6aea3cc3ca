extension ClientCore {
    /// Another KMA service's root beside a configured one: `base` with its last path component
    /// replaced by `name` (`http://127.0.0.1:8080/1360000/VilageFcstInfoService_2.0` →
    /// `http://127.0.0.1:8080/1360000/LivingWthrIdxServiceV5`), so that requests never go to
    /// another host than the one configured (a proxy, a test server); a root with no path gets
    /// `/name` appended. `nil` when `base` is `nil` (then the provider's default applies).
    static func siblingServiceRoot(_ base: String?, named name: String) -> String? {
        guard var root = base?.trimmingASCIIWhitespace() else { return nil }
        while root.hasSuffix("/") { root.removeLast() }
        guard let slash = root.lastIndex(of: "/"), root[..<slash].contains("//"), root[..<slash].last != "/" else {
            return root + "/" + name
        }
        return root[...slash] + name
    }
}
