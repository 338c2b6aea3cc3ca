#!/bin/sh
# Peak memory of the release kma-forecast against a 1 GB gzip bomb (plain and chunked) and a
# 300 MB chunked answer, next to the same binary answering a normal request: each case run 5
# times, the worst kept (issue 25, item 4). Fails when a case peaks 64 MB or more above idle.
#
#   Scripts/measure-memory.sh            # from the package root; builds release (with -enable-testing) first
#   KMA_MEMORY_RUNS=10 Scripts/measure-memory.sh
set -eu
cd "$(dirname "$0")/.."
export KMA_MEMORY_RUNS="${KMA_MEMORY_RUNS:-5}"
swift build -c release -Xswiftc -enable-testing --build-tests
swift test -c release -Xswiftc -enable-testing --skip-build --filter BoundedMemoryTests 2>&1 | grep -E "Peak RSS|MiB|✘|✔ Test run|error"
