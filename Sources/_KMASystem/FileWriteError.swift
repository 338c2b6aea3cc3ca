/// A file the package was asked to write was not written (``FileWriter``): the path, and what
/// was found there or what the system said.
///
/// Its ``description`` is the message a person reads, `cannot write '<path>': <reason>`, each
/// reason saying what is at the path and what to do; a face that shows paths its own way
/// (escaping control characters) builds the message from ``path`` and ``reason``.
package struct FileWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path that was to be written, as the caller gave it.
    package var path: String
    /// What went wrong.
    package var problem: Problem

    package init(path: String, _ problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// What went wrong.
    package enum Problem: Sendable, Hashable {
        /// The path is empty.
        case emptyPath
        /// A symbolic link to something that is not written through (`nil`: to nothing that
        /// exists): links are not written through, nor replaced.
        case symbolicLink(to: FileKind?)
        /// Something that is not written: a folder, a block device, a socket.
        case notAFile(FileKind)
        /// A device or FIFO (`nowA`: what it is now) or a regular file (`nowA` is `nil`)
        /// was swapped for something else while it was being opened.
        case changedWhileOpening(nowA: FileKind?)
        /// A call failed: the system's reason.
        case system(SystemError)
    }

    /// Why, e.g. "No such file or directory", or "it is a folder; give a file name".
    package var reason: String {
        switch problem {
        case .emptyPath:
            "the output path is empty; give a file name"
        case .symbolicLink(let target):
            "it is a symbolic link (to \(target.map(\.description) ?? "nothing that exists")), and the tool does not write files through links; give the path of the file itself, or remove the link"
        case .notAFile(let kind):
            "it is \(kind); give a file name"
        case .changedWhileOpening(let kind?):
            "it changed while it was being opened (it is now \(kind)); try again"
        case .changedWhileOpening(nil):
            "it changed while it was being opened; try again"
        case .system(let error):
            error.description
        }
    }

    /// The reason as a key and its values, for a message in another language keyed by the
    /// case (KMAForecastText's `KoreanMessages`, keys `fileWrite.<case>` and `fileKind.<kind>`,
    /// an `errno` by its POSIX name, ``SystemCalls/errorName(_:)``, else its number).
    package var reasonKey: (key: String, values: [String]) {
        switch problem {
        case .emptyPath: ("fileWrite.emptyPath", [])
        case .symbolicLink(let target): ("fileWrite.symbolicLink", [target.map { "fileKind.\($0.name)" } ?? "fileKind.nothing"])
        case .notAFile(let kind): ("fileWrite.notAFile", ["fileKind.\(kind.name)"])
        case .changedWhileOpening(let kind?): ("fileWrite.changedTo", ["fileKind.\(kind.name)"])
        case .changedWhileOpening(nil): ("fileWrite.changed", [])
        case .system(let error): ("fileWrite.system", [SystemCalls.errorName(error.code) ?? String(error.code)])
        }
    }

    /// `cannot write '<path>': <reason>`.
    package var description: String { "cannot write '\(path)': \(reason)" }
}
