/// What a directory entry is (the `S_IFMT` bits of its mode), with the words a message uses.
package enum FileKind: Sendable, Hashable, CustomStringConvertible {
    case regular, folder, symbolicLink, characterDevice, blockDevice, fifo, socket
    /// A kind the C library does not name, or one that could not be read.
    case unknown

    /// The case's name (`folder`), a key for a message in another language.
    package var name: String {
        switch self {
        case .regular: "regular"
        case .folder: "folder"
        case .symbolicLink: "symbolicLink"
        case .characterDevice: "characterDevice"
        case .blockDevice: "blockDevice"
        case .fifo: "fifo"
        case .socket: "socket"
        case .unknown: "unknown"
        }
    }

    /// Whether a writer writes through it as a shell's `>` does (opened for writing, never
    /// created, renamed or replaced): a character device (`/dev/null`, a terminal) or a FIFO.
    package var isWrittenThrough: Bool { self == .characterDevice || self == .fifo }

    /// "a regular file", "a folder", "a block device (a disk)" …; "not a regular file" for
    /// ``unknown``.
    package var description: String {
        switch self {
        case .regular: "a regular file"
        case .folder: "a folder"
        case .blockDevice: "a block device (a disk)"
        case .socket: "a socket"
        case .symbolicLink: "a symbolic link"
        case .characterDevice: "a character device"
        case .fifo: "a FIFO"
        case .unknown: "not a regular file"
        }
    }
}
