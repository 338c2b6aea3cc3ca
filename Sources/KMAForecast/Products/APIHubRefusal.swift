/// Recognises KMA API Hub's own JSON error bodies: small objects without a `response`, sent
/// with HTTP 401 or 403 (an invalid `authKey`, an API not applied for, "허용되지 않은 API").
///
/// No recording of them has been published, so the reading is tolerant: a status and a
/// message-like string are looked for in the object and in the objects directly inside it,
/// whatever the layout — `{"result":{"status":401,"message":"…"}}`,
/// `{"status":403,"msg":"…"}`, `{"error":"…"}`.
enum APIHubRefusal {
    /// Keys that can hold a status (a number 100...599, or such a number as a string).
    private static let statusKeys: Set<String> = ["status", "statuscode", "status_code", "code", "resultcode", "errorcode", "httpstatus"]
    /// Keys that can hold a message, best first.
    private static let messageKeys = ["message", "msg", "errmsg", "errormessage", "error_message", "resultmsg", "reason", "detail", "description", "error"]

    /// The refusal in a JSON object that has no `response`, or `nil` when it holds neither an
    /// error status (400...599) nor a message.
    ///
    /// - Parameters:
    ///   - bytes: The body, already known to be one valid JSON object.
    ///   - start: Where the object starts.
    static func find(in bytes: UnsafeRawBufferPointer, at start: Int) throws(ForecastResponseError) -> ForecastResponseError? {
        var status: Int?
        var message: (rank: Int, text: String)?
        func scan(_ reader: inout JSONReader, depth: Int) throws(ForecastResponseError) {
            try reader.forEachMember { (reader: inout JSONReader, key: JSONReader.StringSpan) throws(ForecastResponseError) in
                let name = (try? reader.string(key))?.lowercased() ?? ""
                switch try reader.peek() {
                case UInt8(ascii: "{") where depth == 0:
                    try scan(&reader, depth: 1)
                case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let text = try reader.scalarText(name)
                    if status == nil, statusKeys.contains(name), let number = Int(text.trimmingWhitespace()), (100...599).contains(number) {
                        status = number
                    } else if let rank = messageKeys.firstIndex(of: name), rank < (message?.rank ?? .max) {
                        let trimmed = text.trimmingWhitespace()
                        if !trimmed.isEmpty { message = (rank, trimmed) }
                    }
                default:
                    try reader.skipValue()
                }
            }
        }
        var reader = JSONReader(bytes, position: start)
        try scan(&reader, depth: 0)
        if let status, (200...299).contains(status) { return nil }
        guard message != nil || status.map({ $0 >= 400 }) == true else { return nil }
        return .apiHubRefusal(status: status, message: message?.text ?? "")
    }
}
