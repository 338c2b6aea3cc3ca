/// Bulk conversion: many points at once, without an allocation per point.
///
/// The batch functions give exactly the cells that ``ForecastGrid/cell(for:)`` gives for
/// each point; a point that would throw gets `nil` (call the scalar function on it to learn
/// why).
///
/// They are vectorised: four points at a time through polynomial kernels (``ForwardKernel``,
/// ``InverseKernel``) instead of libm, several times faster than a loop over the scalar calls.
/// A forward answer is used only where it is proven equal to the scalar one; the few points
/// near a cell edge (within 0.5 mm), outside the kernel's box around the grid, or not finite
/// go through the scalar formula. Batch *centres* are not bit-identical to
/// ``ForecastGrid/center(of:)``: they agree within 1e-10 degrees (measured: 4e-14), and each
/// converts back to its own cell. See `Sources/KMAGrid/README.md` for the error bounds.
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
        var index = 0
        if let kernel = forwardKernel, let input = points.baseAddress, let cells = output.baseAddress {
            while index + 4 <= points.count {
                let latitude = SIMD4(input[index].latitude, input[index + 1].latitude, input[index + 2].latitude, input[index + 3].latitude)
                let longitude = SIMD4(input[index].longitude, input[index + 1].longitude, input[index + 2].longitude, input[index + 3].longitude)
                let fast = kernel.cells(latitude: latitude, longitude: longitude)
                if all(fast.decided) {
                    failures += Self.store(fast.cells[0], at: cells + index)
                    failures += Self.store(fast.cells[1], at: cells + index + 1)
                    failures += Self.store(fast.cells[2], at: cells + index + 2)
                    failures += Self.store(fast.cells[3], at: cells + index + 3)
                } else {
                    for lane in 0..<4 {
                        if fast.decided[lane] {
                            failures += Self.store(fast.cells[lane], at: cells + index + lane)
                        } else {
                            let cell = try? self.cell(for: input[index + lane])
                            if cell == nil { failures += 1 }
                            cells[index + lane] = cell
                        }
                    }
                }
                index += 4
            }
        }
        while index < points.count {
            let cell = try? cell(for: points[index])
            if cell == nil { failures += 1 }
            output[index] = cell
            index += 1
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
    /// Within 1e-10 degrees of ``center(of:)`` for each cell (not bit-identical: compare with a
    /// tolerance, not `==`).
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
        var index = 0
        if let kernel = inverseKernel, let input = cells.baseAddress, let centers = output.baseAddress {
            while index + 4 <= cells.count {
                let x = SIMD4(Double(input[index].nx), Double(input[index + 1].nx), Double(input[index + 2].nx), Double(input[index + 3].nx)) - 1
                let y = SIMD4(Double(input[index].ny), Double(input[index + 1].ny), Double(input[index + 2].ny), Double(input[index + 3].ny)) - 1
                let (latitude, longitude) = kernel.centers(x: x, y: y)
                for lane in 0..<4 {
                    centers[index + lane] = GeoCoordinate(latitude: latitude[lane], longitude: longitude[lane])
                }
                index += 4
            }
        }
        while index < cells.count {
            output[index] = center(of: cells[index])
            index += 1
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

extension ForecastGrid {
    /// Stores a decided kernel lane (`nx + 65536·ny`, or 0 for a cell outside the grid, where
    /// the scalar call would throw, the point being in the kernel's box); returns 1 for `nil`.
    @inline(__always)
    static func store(_ packed: Int64, at slot: UnsafeMutablePointer<GridCell?>) -> Int {
        if packed == 0 {
            slot.pointee = nil
            return 1
        }
        slot.pointee = GridCell(uncheckedNX: Int(packed & 0xFFFF), ny: Int(packed >> 16))
        return 0
    }

    /// The forward kernel for this grid's projection, or `nil` to use the scalar formula.
    var forwardKernel: ForwardKernel? {
        projection == ForwardKernel.kma.projection ? ForwardKernel.kma : nil
    }

    /// The inverse kernel for this grid's projection, or `nil` to use the scalar formula.
    var inverseKernel: InverseKernel? {
        projection == InverseKernel.kma.projection ? InverseKernel.kma : nil
    }
}
