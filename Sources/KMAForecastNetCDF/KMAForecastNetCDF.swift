// KMAForecastNetCDF: the one import a data tool needs to write KMA grid fields as CF NetCDF.
// It re-exports what its calls take and return, so `import KMAForecastNetCDF` alone gives
// `GridFieldClient`, `ClientConfiguration`, `ServiceKey` (KMAForecastClient), `ForecastProduct`,
// `ForecastCategory`, `ForecastBase`, `GridField` (KMAForecast) and `GridCell` (KMAGrid).

@_exported import KMAForecast
@_exported import KMAForecastClient
@_exported import KMAGrid
