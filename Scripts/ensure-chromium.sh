#!/usr/bin/env bash
# Makes sure headless Chromium is on PATH as `chromium`, for the tests that render the SVG
# chart in a real browser (Tests/KMAForecastEndToEndTests/Render/ForecastSVGChromiumTests.swift). Idempotent:
# does nothing when `chromium` is already there; otherwise installs Debian/Ubuntu's
# `chromium` package with apt-get (as root, or through sudo when available).
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
    echo "chromium: $(command -v chromium)"
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-chromium: chromium is not on PATH and apt-get is not available; install Chromium and put 'chromium' on PATH" >&2
    exit 1
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
        as_root=(sudo)
    else
        echo "ensure-chromium: installing chromium needs root (or sudo)" >&2
        exit 1
    fi
fi

export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q
"${as_root[@]}" apt-get install -y -q --no-install-recommends chromium

command -v chromium >/dev/null 2>&1 || { echo "ensure-chromium: chromium installed but not on PATH" >&2; exit 1; }
echo "chromium: $(command -v chromium)"
