/// One request as the ``ReplayServer`` received it.
public struct RecordedRequest: Sendable, Hashable {
    /// `GET`.
    public var method: String
    /// The path, e.g. `/1360000/VilageFcstInfoService_2.0/getVilageFcst`.
    public var path: String
    /// The query string exactly as sent (still percent-encoded).
    public var rawQuery: String
    /// The query parameters decoded the way a servlet container decodes them (`%XX` and `+`
    /// as a space); the last value wins.
    public var parameters: [String: String]
    /// The parameter names in the order sent.
    public var parameterNames: [String]
    /// The request headers, names in lower case.
    public var headers: [String: String]

    /// The last path component: the operation.
    public var operation: String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }
}
