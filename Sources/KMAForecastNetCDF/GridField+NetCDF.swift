import KMAForecast

/// One field you already have, as a NetCDF file of its own.
extension GridField {
    /// Writes this field alone as a CF-1.10 NetCDF file (``GridFieldNetCDF``: one variable,
    /// one valid time), which appears at `path` only when whole.
    ///
    /// ```swift
    /// let field = try await client.fetch(.shortTerm, variable: .tmp)
    /// try field.writeNetCDF(to: "tmp.nc")
    /// ```
    ///
    /// - Parameters:
    ///   - path: The file to write (replaced if it exists).
    ///   - source: The `source` attribute; `nil` for `KMA API Hub <operation>`.
    /// - Throws: ``NetCDFWriteError/file(_:)``, or ``NetCDFWriteError/notACode(variable:value:cellIndex:valid:)``
    ///   for a SKY or PTY field holding a number that is not a code.
    public func writeNetCDF(to path: String, source: String? = nil) throws(NetCDFWriteError) {
        let file = try GridFieldNetCDF(path: path, product: product, run: run, variables: [variable], validTimes: [valid], source: source)
        try file.write(self)
        try file.finish()
    }
}
