#!/usr/bin/env bash
# Compiles every ```swift block of README.md as written, each as its own executable in a
# package that depends on this one by path and uses its public API only (no @testable, no
# `package` access), in release, as an app would. Nothing is run: the client example needs a
# key and a network. Usage: Scripts/check-readme-examples.sh [scratch-dir]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d)}"
rm -rf "$work/Sources"
mkdir -p "$work/Sources"
count=$(awk -v dir="$work/Sources" '
    /^```swift[[:space:]]*$/ { n++; inside = 1; system("mkdir -p " dir "/Example" n); next }
    /^```[[:space:]]*$/ && inside { inside = 0; next }
    inside { print > (dir "/Example" n "/main.swift") }
    END { print n + 0 }
' "$root/README.md")
[ "$count" -gt 0 ] || { echo "README.md has no swift examples" >&2; exit 1; }
# A path dependency's identity is its directory's name, lower-cased.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
targets=""
for n in $(seq 1 "$count"); do
    targets="$targets
        .executableTarget(name: \"Example$n\", dependencies: [
            .product(name: \"KMAGrid\", package: \"$identity\"), .product(name: \"KMAForecast\", package: \"$identity\"),
            .product(name: \"KMAForecastClient\", package: \"$identity\"), .product(name: \"KMAPlaces\", package: \"$identity\"),
            .product(name: \"KMAForecastKit\", package: \"$identity\"), .product(name: \"KMAForecastText\", package: \"$identity\"),
            .product(name: \"KMAForecastNetCDF\", package: \"$identity\"), .product(name: \"KMAForecastCharts\", package: \"$identity\"),
        ]),"
done
cat > "$work/Package.swift" <<PACKAGE
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "readme-examples",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(path: "$root")],
    targets: [$targets
    ],
    swiftLanguageModes: [.v6]
)
PACKAGE
echo "Compiling $count README examples as written (release) in $work"
swift build -c release --package-path "$work"
echo "$count README examples compile."
