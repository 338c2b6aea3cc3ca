/// Finds files under the repository's top-level `Fixtures/` folder.
///
/// SwiftPM resources cannot reach outside a target, so fixtures are found relative to this
/// source file (`#filePath`), the way Mint's tests do: `Sources/_KMATestSupport/Scenarios/` → `../../../Fixtures`.
public enum Fixtures {
    /// The absolute path of the `Fixtures/` folder.
    public static let directory: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)  // Fixtures.swift, Scenarios, _KMATestSupport, Sources
        return components.joined(separator: "/") + "/Fixtures"
    }()

    /// The repository's top folder (the one that holds `Package.swift`, `Fixtures/`,
    /// `Schemas/`, `Scripts/` and the README), wherever a test file sits below `Tests/`.
    public static var repositoryRoot: String {
        String(directory.dropLast("/Fixtures".count))
    }

    /// The absolute path of a fixture, e.g. `path("grid/reference-points.tsv")`.
    public static func path(_ relativePath: String) -> String {
        directory + "/" + relativePath
    }
}

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Fixtures {
    /// The bytes of a fixture.
    public static func bytes(_ relativePath: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(relativePath))))
    }

    /// The text of a fixture, as UTF-8.
    public static func text(_ relativePath: String) throws -> String {
        String(decoding: try bytes(relativePath), as: UTF8.self)
    }

    /// The rows of KMA's official grid table (`grid/kma_grid_2510.csv`), header skipped.
    public static func officialGridTable() throws -> [OfficialGridRow] {
        // The table has CRLF line ends; split on Unicode scalars so "\r\n" is not one Character.
        try text("grid/kma_grid_2510.csv").unicodeScalars.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).dropFirst().map { scalars in
            let line = String(String.UnicodeScalarView(scalars))
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8, let nx = Int(fields[4]), let ny = Int(fields[5]),
                  let lon = Double(fields[6]), let lat = Double(fields[7]) else {
                throw FixtureError.malformed("grid/kma_grid_2510.csv", String(line))
            }
            return OfficialGridRow(regionCode: fields[0], level1: fields[1], level2: fields[2], level3: fields[3], nx: nx, ny: ny, latitude: lat, longitude: lon)
        }
    }
}

/// One row of KMA's official grid location table.
public struct OfficialGridRow: Sendable, Hashable {
    public var regionCode: String
    public var level1: String
    public var level2: String
    public var level3: String
    public var nx: Int
    public var ny: Int
    public var latitude: Double
    public var longitude: Double
}

/// A fixture file that is not what the test expects.
public enum FixtureError: Error, CustomStringConvertible {
    case malformed(String, String)
    public var description: String {
        switch self {
        case .malformed(let file, let line): "fixture \(file) has an unreadable line: \(line)"
        }
    }
}
