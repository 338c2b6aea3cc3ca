/// `Encodable` values as JSON text, written with ``JSONText``'s rules: the package's one JSON
/// writer for typed documents (the CLI's and the MCP server's). The hand-built outputs (JSON Lines of `grid`, `forecast --input`, `base-time`,
/// the ten-day view) call ``JSONText`` directly with their keys in a fixed order; the typed
/// documents (`parse --format json`, `forecast --format json`) are `Encodable` and come
/// through here, so both share one escaping and one number format.
///
/// The document shape is what `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]`
/// wrote before (the tests compare the two on the CLI's documents):
/// - no spaces or newlines inside; each object's keys sorted (see ``keyOrder(_:_:)``);
/// - an optional left out by `encodeIfPresent` is absent, an explicit `encodeNil` is `null`;
/// - numbers and strings as ``JSONText/number(_:)`` and ``JSONText/string(_:)`` write them.
package enum JSONTextEncoder {
    /// `value` as one line of JSON text (no newline at the end).
    ///
    /// - Throws: Whatever `value.encode(to:)` throws.
    package static func encode(_ value: some Encodable) throws -> String {
        let root = Node()
        try value.encode(to: Writer(node: root, codingPath: []))
        var out = ""
        root.write(into: &out)
        return out
    }

    /// Whether object key `a` goes before `b`: by their UTF-8 bytes (so by code point), as
    /// `JSONEncoder`'s `.sortedKeys` orders them on Linux: `A` < `B` < `Z` < `_x` < `a`,
    /// and `a10` < `a9`.
    package static func keyOrder(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    // MARK: - The tree being written

    /// One JSON value while it is being encoded: containers hand out references to their
    /// children, as `Encoder` requires.
    final class Node {
        enum Content {
            case empty
            case text(String)
            case object([String: Node])
            case array([Node])
        }

        var content: Content = .empty

        func write(into out: inout String) {
            switch content {
            case .empty:
                // A value that encoded nothing: JSONEncoder writes an empty object.
                out += "{}"
            case .text(let text):
                out += text
            case .object(let members):
                out += "{"
                var first = true
                for key in members.keys.sorted(by: JSONTextEncoder.keyOrder) {
                    if !first { out += "," }
                    first = false
                    out += JSONText.string(key)
                    out += ":"
                    members[key]?.write(into: &out)
                }
                out += "}"
            case .array(let elements):
                out += "["
                for (index, element) in elements.enumerated() {
                    if index > 0 { out += "," }
                    element.write(into: &out)
                }
                out += "]"
            }
        }

        func child(_ key: String) -> Node {
            let node = Node()
            if case .object(var members) = content {
                content = .empty
                members[key] = node
                content = .object(members)
            } else {
                content = .object([key: node])
            }
            return node
        }

        func appended() -> Node {
            let node = Node()
            if case .array(var elements) = content {
                content = .empty
                elements.append(node)
                content = .array(elements)
            } else {
                content = .array([node])
            }
            return node
        }

        func makeObject() { if case .object = content {} else { content = .object([:]) } }
        func makeArray() { if case .array = content {} else { content = .array([]) } }
    }

    /// Scalars as JSON text.
    static func text(_ value: Bool) -> String { value ? "true" : "false" }
    static func text(_ value: some BinaryInteger) -> String { String(value) }


    struct Writer: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            node.makeObject()
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            node.makeArray()
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.content = .text("null") }
        mutating func encode(_ value: Bool) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode(_ value: String) throws { node.content = .text(JSONText.string(value)) }
        mutating func encode(_ value: Double) throws { node.content = .text(JSONText.number(value)) }
        mutating func encode(_ value: Float) throws { node.content = .text(JSONText.number(value)) }
        mutating func encode(_ value: Int) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode(_ value: Int8) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode(_ value: Int16) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode(_ value: Int32) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode(_ value: Int64) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode(_ value: UInt) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode(_ value: UInt8) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode(_ value: UInt16) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode(_ value: UInt32) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode(_ value: UInt64) throws { node.content = .text(JSONTextEncoder.text(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try value.encode(to: Writer(node: node, codingPath: codingPath))
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        private func single(_ key: Key) -> Single { Single(node: node.child(key.stringValue), codingPath: codingPath + [key]) }

        mutating func encodeNil(forKey key: Key) throws { var s = single(key); try s.encodeNil() }
        mutating func encode(_ value: Bool, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: Float, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { var s = single(key); try s.encode(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { var s = single(key); try s.encode(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            Writer(node: node.child(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Writer(node: node.child(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { Writer(node: node.child("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { Writer(node: node.child(key.stringValue), codingPath: codingPath + [key]) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int {
            if case .array(let elements) = node.content { return elements.count }
            return 0
        }

        private func single() -> Single { Single(node: node.appended(), codingPath: codingPath) }

        mutating func encodeNil() throws { var s = single(); try s.encodeNil() }
        mutating func encode(_ value: Bool) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: String) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: Double) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: Float) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: Int) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: Int8) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: Int16) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: Int32) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: Int64) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: UInt) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: UInt8) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: UInt16) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: UInt32) throws { var s = single(); try s.encode(value) }
        mutating func encode(_ value: UInt64) throws { var s = single(); try s.encode(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { var s = single(); try s.encode(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            Writer(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Writer(node: node.appended(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { Writer(node: node.appended(), codingPath: codingPath) }
    }
}
