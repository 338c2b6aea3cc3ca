/// Reads `\n`-terminated lines and byte runs from a file's bytes.
struct LineReader {
    let bytes: [UInt8]
    private(set) var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    /// The next line without its `\n`; `nil` at the end or if no `\n` follows within 256 bytes.
    mutating func line() -> String? {
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), end - position < 256 { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\n") else { return nil }
        defer { position = end + 1 }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }

    /// The number on a `name <number>` line.
    mutating func number(after name: String) -> Int? {
        guard let line = line(), line.hasPrefix(name + " ") else { return nil }
        return Int(line.dropFirst(name.count + 1))
    }

    /// The next `count` bytes.
    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count <= bytes.count - position else { return nil }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }
}
