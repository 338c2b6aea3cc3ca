import Foundation
import KMAForecast
import KMAForecastText
import _KMASystem

/// A watcher's state on disk (`kma-forecast watch --state FILE`): JSON, written whole through
/// the package's one file writer (a temporary file beside it, synced, renamed over it), so a
/// crash leaves the old state or the new one, never half of each.
public enum WatchStateFile {
    /// The largest state file read: 16 MiB (a place's memory is a few kB).
    public static let maximumSize = 16 << 20

    /// Why a state file cannot be used.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// What is wrong, in English.
        public var reason: String
        /// The reason's key in the Korean table, and its values.
        var korean: (key: String, values: [String])

        /// A failure.
        init(path: String, reason: String, korean: (key: String, values: [String])) {
            self.path = path
            self.reason = reason
            self.korean = korean
        }

        public static func == (a: Failure, b: Failure) -> Bool { a.path == b.path && a.reason == b.reason }
        public func hash(into hasher: inout Hasher) { hasher.combine(path); hasher.combine(reason) }

        /// `cannot use the watch state file '…': …; what to do`.
        public var description: String {
            "cannot use the watch state file '\(PrintableText.excerpt(path))': \(reason). Move it away to start again from a baseline (nothing is sent on the first poll), or give another --state file."
        }

        /// ``description`` in Korean (`--lang ko`).
        public var koreanDescription: String {
            KoreanMessages.change("stateFile", korean: true, [PrintableText.excerpt(path), KoreanMessages.change(korean.key, korean: true, korean.values)])
        }
    }

    /// The state in `path`, or `nil` when there is no file there yet.
    ///
    /// - Throws: ``Failure`` when the file exists and is not a watcher's state (not a plain
    ///   file, unreadable, over ``maximumSize``, not JSON of this shape, a newer version).
    public static func load(_ path: String) throws(Failure) -> WatchState? {
        let fd: Int32
        switch SystemCalls.open(path, for: .readNotFollowing) {
        case .success(let opened): fd = opened
        case .failure(let error) where error.code == SystemCalls.noSuchFile: return nil
        case .failure(let error): throw Failure(path: path, reason: "it cannot be opened (\(error))", korean: ("stateUnreadable", ["\(error)"]))
        }
        defer { SystemCalls.closeDescriptor(fd) }
        guard let info = try? SystemCalls.status(of: fd).get(), info.kind == .regular else {
            throw Failure(path: path, reason: "it is not a plain file", korean: ("stateNotFile", []))
        }
        guard info.size <= Int64(maximumSize) else {
            throw Failure(path: path, reason: "it is larger than \(maximumSize) bytes", korean: ("stateTooLarge", ["\(maximumSize)"]))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count: Int
            switch chunk.withUnsafeMutableBytes({ SystemCalls.readSome(fd, into: $0) }) {
            case .success(let read): count = read
            case .failure(let error): throw Failure(path: path, reason: "it cannot be read (\(error))", korean: ("stateUnreadable", ["\(error)"]))
            }
            if count == 0 { break }
            guard bytes.count + count <= maximumSize else {
                throw Failure(path: path, reason: "it is larger than \(maximumSize) bytes", korean: ("stateTooLarge", ["\(maximumSize)"]))
            }
            bytes += chunk[0..<count]
        }
        let state: WatchState
        do {
            state = try JSONDecoder().decode(WatchState.self, from: Data(bytes))
        } catch {
            throw Failure(path: path, reason: "it is not a watcher's state (JSON of this version)", korean: ("stateNotState", []))
        }
        guard state.version == 1 else {
            throw Failure(path: path, reason: "it is of version \(state.version), this tool reads version 1", korean: ("stateVersion", ["\(state.version)"]))
        }
        return state
    }

    /// Writes the state to `path`, replacing what is there atomically (``FileWriter``).
    ///
    /// - Throws: ``Failure`` with the writer's reason.
    public static func save(_ state: WatchState, to path: String) throws(Failure) {
        let text: String
        do {
            text = try JSONTextEncoder.encode(state)
        } catch {
            throw Failure(path: path, reason: "it could not be encoded (\(error))", korean: ("stateNotState", []))
        }
        do throws(FileWriteError) {
            try FileWriter.write(Array((text + "\n").utf8), to: path)
        } catch {
            throw Failure(path: path, reason: "it was not written: \(error.reason)", korean: ("stateNotWritten", [error.reason]))
        }
    }
}
