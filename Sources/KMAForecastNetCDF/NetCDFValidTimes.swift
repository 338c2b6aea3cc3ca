import KMAForecast

/// Which valid times of a run go into a NetCDF file (its `time` axis), for
/// ``GridFieldClient/writeNetCDF(_:variables:run:validTimes:to:budget:progress:)``.
///
/// ```swift
/// try await client.writeNetCDF(.shortTerm, variables: [.tmp], to: "now.nc")                       // .first
/// try await client.writeNetCDF(.shortTerm, variables: [.tmp, .pop], validTimes: .all, to: "run.nc")
/// ```
public enum NetCDFValidTimes: Hashable, Sendable {
    /// One valid time: the run's first that every variable has (with TMN 06:00, with TMX
    /// 15:00), else its first. For the nowcast, the run itself. One field per variable.
    case first
    /// One valid time of the run (a whole hour, KST); every variable must have a field then
    /// (TMN only at 06:00, TMX at 15:00), else the call throws
    /// ``NetCDFWriteError/invalidRequest(_:)`` before any request.
    case at(KSTDateTime)
    /// Every valid time of the run (short-term: hourly, then every third hour on the extended
    /// days, up to 75; ultra-short: 6; nowcast: 1). A variable without a field at a time (TMN
    /// outside 06:00, TMX outside 15:00) is not asked for and is `_FillValue` there.
    case all
}
