// The package's one rule for network text, `PrintableText`, lives in KMAForecast (so that an
// app using the decoder alone has it, and the decoders' errors use it); it is re-exported here,
// where it was first, so `import KMAForecastText` still brings it and no call site changes.
@_exported import enum KMAForecast.PrintableText
