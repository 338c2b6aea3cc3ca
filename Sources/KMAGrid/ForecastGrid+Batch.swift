/// Bulk conversion: many points at once, without an allocation per point.
///
/// The batch functions give exactly the cells that ``ForecastGrid/cell(for:)`` gives for
/// each point; a point that would throw gets `nil` (call the scalar function on it to learn
/// why).
extension ForecastGrid {
    /// Converts a buffer of points to cells.
    ///
    /// ```swift
    /// var cells = [GridCell?](repeating: nil, count: points.count)
    /// let failures = points.withUnsafeBufferPointer { input in
    ///     cells.withUnsafeMutableBufferPointer { grid.cells(for: input, into: $0) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - points: The points, in degrees.
    ///   - output: Receives one cell per point, `nil` where the scalar ``cell(for:)`` would
    ///     throw. Must have the same count as `points`.
    /// - Returns: The number of points that got `nil`.
    /// - Complexity: O(*n*), no allocation.
    public func cells(
        for points: UnsafeBufferPointer<GeoCoordinate>,
        into output: UnsafeMutableBufferPointer<GridCell?>
    ) -> Int {
        precondition(points.count == output.count, "the output buffer must have one slot per point")
        var failures = 0
        for index in points.indices {
            let point = points[index]
            let cell = try? cell(latitude: point.latitude, longitude: point.longitude)
            if cell == nil { failures += 1 }
            output[index] = cell
        }
        return failures
    }

    /// Converts an array of points to cells; see ``cells(for:into:)``.
    ///
    /// - Returns: One cell per point, `nil` where the scalar ``cell(for:)`` would throw.
    /// - Complexity: O(*n*), one allocation for the result.
    public func cells(for points: [GeoCoordinate]) -> [GridCell?] {
        [GridCell?](unsafeUninitializedCapacity: points.count) { buffer, initialized in
            buffer.initialize(repeating: nil)
            _ = points.withUnsafeBufferPointer { cells(for: $0, into: buffer) }
            initialized = points.count
        }
    }

    /// The centres of a buffer of cells.
    ///
    /// - Parameters:
    ///   - cells: The cells.
    ///   - output: Receives one coordinate per cell, in degrees. Same count as `cells`.
    /// - Complexity: O(*n*), no allocation.
    public func centers(
        of cells: UnsafeBufferPointer<GridCell>,
        into output: UnsafeMutableBufferPointer<GeoCoordinate>
    ) {
        precondition(cells.count == output.count, "the output buffer must have one slot per cell")
        for index in cells.indices {
            output[index] = center(of: cells[index])
        }
    }

    /// The centres of an array of cells; see ``centers(of:into:)``.
    ///
    /// - Complexity: O(*n*), one allocation for the result.
    public func centers(of cells: [GridCell]) -> [GeoCoordinate] {
        [GeoCoordinate](unsafeUninitializedCapacity: cells.count) { buffer, initialized in
            buffer.initialize(repeating: GeoCoordinate(latitude: 0, longitude: 0))
            cells.withUnsafeBufferPointer { centers(of: $0, into: buffer) }
            initialized = cells.count
        }
    }
}
