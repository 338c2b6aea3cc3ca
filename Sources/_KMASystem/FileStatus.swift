/// What `stat(2)` says of a file, in Swift types (``SystemCalls/status(of:in:followingLinks:)``).
package struct FileStatus: Sendable, Hashable {
    /// What it is.
    package var kind: FileKind
    /// The permission bits, `0o0000...0o7777` (set-id and sticky bits included).
    package var permissions: UInt32
    /// The owner's user id and the group id.
    package var owner: UInt32
    package var group: UInt32
    /// The device and inode numbers: together, which file it is.
    package var device: UInt64
    package var inode: UInt64
    /// The length in bytes (≥ 0 for a regular file).
    package var size: Int64
    /// The last modification, Unix seconds.
    package var modified: Int64

    package init(kind: FileKind, permissions: UInt32, owner: UInt32, group: UInt32, device: UInt64, inode: UInt64, size: Int64, modified: Int64) {
        self.kind = kind
        self.permissions = permissions
        self.owner = owner
        self.group = group
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }

    /// Whether `other` describes the same file (same device and inode).
    package func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}
