// KMAForecastKit: the one import an app needs.
//
// - KMAGrid: latitude/longitude <-> KMA grid cells (no Foundation).
// - KMAForecast: base times, categories, values, rows, timelines, daily summaries, conditions.
// - KMAForecastText: values as words for people (Korean or English, metric or imperial).
// - KMAForecastClient: fetching over HTTP, the one-call `forecast(for:)`, the cache.
// - KMAPlaces: Korean place names -> cells, from KMA's official table (no Foundation).
// - KMAForecastCharts: the forecast as an SVG chart, a field as an SVG or PNG map, the hours as
//   a text chart (no Foundation).
// - Foundation: `Date`, `ProcessInfo`, `Measurement`, what the forecast's values are made of, so
//   that an app's first file needs this one import (the README's first example).

@_exported import Foundation
@_exported import KMAForecast
@_exported import KMAForecastCharts
@_exported import KMAForecastClient
@_exported import KMAForecastText
@_exported import KMAGrid
@_exported import KMAPlaces
