/// A JSON value as a tree, as the MCP server reads and writes it (``read(_:maximumDepth:)``,
/// ``text``): objects keep their members' order (so
/// a reply's keys come out as written), numbers keep the text they were read as (so a request
/// `id` of `1.0` or `12345678901234567890` is echoed byte for byte).
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, as JSON text (`3`, `-1.5e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in order; a key given twice keeps its last value on lookup.
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool { a.text == b.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// A number from a `Double` (``JSONText/number(_:)-(Double)``'s form).
    package static func number(_ value: Double) -> JSONValue { .number(JSONText.number(value)) }
    /// A number from an `Int`.
    package static func number(_ value: Int) -> JSONValue { .number(String(value)) }

    /// The member `key` of an object (its last occurrence), else `nil`.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    package var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    package var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    package var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    package var objectValue: [(String, JSONValue)]? { if case .object(let o) = self { o } else { nil } }
    package var isObject: Bool { objectValue != nil }

    /// The number as a `Double`, when this is a number.
    package var doubleValue: Double? { if case .number(let text) = self { Double(text) } else { nil } }

    /// The number as an `Int`, when it is a whole number in range (`3`, `3.0`, `3e0`).
    package var intValue: Int? {
        guard let value = doubleValue, value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }

    /// Compact JSON text: no spaces, no newlines (one stdio message a line).
    package var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    package func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let text): out += JSONText.string(text)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += JSONText.string(member.0)
                out += ":"
                member.1.write(into: &out)
            }
            out += "}"
        }
    }

    /// This object with `key` set (replaced in place, or appended).
    package func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = self else { return self }
        if let index = members.lastIndex(where: { $0.0 == key }) {
            members[index].1 = value
        } else {
            members.append((key, value))
        }
        return .object(members)
    }

    /// This object without `key`.
    package func removing(_ key: String) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { $0.0 != key })
    }
}
