// The package's test support (the replay server, `runTool`, the scenarios) for every file of
// this target, so a test file that runs the tool needs no import of its own.
@_exported import _KMATestSupport
@_exported import _KMAToolSupport
