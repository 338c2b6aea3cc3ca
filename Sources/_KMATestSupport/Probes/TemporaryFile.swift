import Foundation

/// A file in a fresh temporary directory, removed by the caller with `removeTemporary`.
package func temporaryFile(named name: String, contents: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kma-forecast-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(contents.utf8).write(to: url)
    return url.path
}

/// Removes the directory that holds a temporary file.
package func removeTemporary(_ path: String) {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
}
