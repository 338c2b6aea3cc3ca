// The executable is a thin shell: all logic lives in KMAForecastCLI, where tests run it
// in-process with injected arguments, environment, clock and output.
import KMAForecastCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let status = await KMAForecastTool.run(.process())
exit(status)
