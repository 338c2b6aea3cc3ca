#!/usr/bin/env bash
# Checks `kma-forecast field` end to end against a stand-in API Hub on 127.0.0.1, and that its
# picture opens in a real browser and shows the field where the data put it:
#   1. serves Fixtures/apihub-grid/built_shrt_grd_TMP_tmfc2026112105_tmef2026112106.txt (a field
#      BUILT to the documented layout, not KMA data) for nph-dfs_shrt_grd, vars=TMP, from a
#      small Python server on a free port of 127.0.0.1;
#   2. runs the release binary: `field --var TMP --format csv` must print one line per cell with
#      data, each at the right cell with its value; then `--format svg`;
#   3. renders the SVG to PNG with headless Chromium (installed by Scripts/ensure-chromium.sh if
#      missing) and checks the PNG: its size, that it is not blank, that the pixel of every cell
#      with data has the colour of its value on the picture's scale (blue → red, as
#      FieldColorScale), every cell without data the no-data grey, Busan (98,76) the top of the
#      scale and Jeju (53,38) the bottom, and the legend's colour bar.
# Usage: Scripts/check-field-picture.sh [path/to/kma-forecast]   (default: .build/release/kma-forecast)
# Works in a fresh temporary directory, removed at the end unless KEEP_FIELD_PICTURE=1 (then
# its path is printed: field.csv, field.svg, field.png).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-.build/release/kma-forecast}
if [ ! -x "$binary" ]; then
    echo "check-field-picture: building $binary" >&2
    swift build -c release --product kma-forecast >&2
fi
Scripts/ensure-chromium.sh >&2
chromium=$(command -v chromium)

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT
fixture=Fixtures/apihub-grid/built_shrt_grd_TMP_tmfc2026112105_tmef2026112106.txt

# 1. The stand-in API Hub: the fixture for the right operation, run, hour and variable (with a
#    key), API Hub's error line for anything else.
python3 - "$fixture" "$work/port" "$work/requests.log" <<'PY' &
import http.server, sys, urllib.parse
body = open(sys.argv[1], "rb").read()
port_file, log_file = sys.argv[2], sys.argv[3]
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        with open(log_file, "a") as log:
            log.write(url.path + " " + " ".join(sorted(k for k in query)) + "\n")
        ok = (url.path == "/api/typ01/cgi-bin/url/nph-dfs_shrt_grd" and query.get("tmfc") == ["2026112105"]
              and query.get("tmef") == ["2026112106"] and query.get("vars") == ["TMP"] and query.get("authKey"))
        data = body if ok else b"# input variable error (-1)\n"
        self.send_response(200)
        self.send_header("Content-Type", "text/plain;charset=UTF-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
import os
os.rename(port_file + ".tmp", port_file)
server.serve_forever()
PY
server_pid=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.1; done
[ -s "$work/port" ] || { echo "check-field-picture: the stand-in server did not start" >&2; exit 1; }
root="http://127.0.0.1:$(cat "$work/port")/api/typ01/cgi-bin/url"

# 2. The tool, as a process: CSV, then the picture.
run() {
    KMA_SERVICE_KEY=check-field-picture-key "$binary" field --var TMP --at 2026-11-21T06:00+09:00 \
        --base-url "$root" --no-cache "$@"
}
run --format csv --output "$work/field.csv"
run --format svg --output "$work/field.svg"
grep -q "nph-dfs_shrt_grd authKey tmef tmfc vars" "$work/requests.log" \
    || { echo "check-field-picture: the tool did not ask for the field as expected:" >&2; cat "$work/requests.log" >&2; exit 1; }

# 3. Headless Chromium renders the SVG at its own size.
size=$(python3 -c 'import re,sys; m=re.search(r"<svg[^>]* width=\"(\d+)\" height=\"(\d+)\"", open(sys.argv[1]).read()); print(m.group(1)+","+m.group(2))' "$work/field.svg")
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --default-background-color=ffffffff --window-size="$size" --screenshot="$work/field.png" "file://$work/field.svg" \
    >"$work/chromium.log" 2>&1 || { cat "$work/chromium.log" >&2; exit 1; }
[ -s "$work/field.png" ] || { echo "check-field-picture: Chromium wrote no PNG" >&2; cat "$work/chromium.log" >&2; exit 1; }

python3 - "$fixture" "$work/field.csv" "$work/field.png" "$size" <<'PY'
import struct, sys, zlib

fixture, csv_path, png_path, size = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
failures = []

# The field as built: 37,697 numbers, row ny = 1 first, west to east.
values = [float(t) for t in open(fixture).read().replace("\n", ",").split(",") if t]
assert len(values) == 149 * 253, len(values)
def at(nx, ny):
    return values[(ny - 1) * 149 + nx - 1]
data = {(nx, ny): at(nx, ny) for ny in range(1, 254) for nx in range(1, 150) if at(nx, ny) != -99}

# The CSV: one line per cell with data, each at its cell.
lines = open(csv_path).read().splitlines()
if lines[0] != "nx,ny,lat,lon,value":
    failures.append("CSV header is %r" % lines[0])
seen = {}
for line in lines[1:]:
    nx, ny, lat, lon, value = line.split(",")
    seen[(int(nx), int(ny))] = float(value)
if seen != data:
    wrong = [c for c in set(seen) | set(data) if seen.get(c) != data.get(c)]
    failures.append("CSV: %d lines, %d cells with data, %d cells differ (e.g. %s)" % (len(lines) - 1, len(data), len(wrong), sorted(wrong)[:5]))
print("CSV: %d lines, one per cell with data, each at its cell with its value" % (len(lines) - 1) if not failures else "CSV: FAILED")

# The PNG (RFC 2083): chunks, inflate, unfilter.
png = open(png_path, "rb").read()
assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat, header = 8, b"", None
while pos < len(png):
    length, kind = struct.unpack(">I4s", png[pos:pos + 8])
    chunk = png[pos + 8:pos + 8 + length]
    if kind == b"IHDR": header = struct.unpack(">IIBBBBB", chunk)
    if kind == b"IDAT": idat += chunk
    pos += 12 + length
width, height, depth, color_type = header[0], header[1], header[2], header[3]
channels = {2: 3, 6: 4}[color_type]
assert depth == 8, depth
raw = zlib.decompress(idat)
stride = width * channels
rows, previous = [], bytearray(stride)
for y in range(height):
    kind = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - channels] if i >= channels else 0
        b = previous[i]
        c = previous[i - channels] if i >= channels else 0
        if kind == 1: line[i] = (line[i] + a) & 255
        elif kind == 2: line[i] = (line[i] + b) & 255
        elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line)
    previous = line
def pixel(x, y):
    return tuple(rows[y][x * channels:x * channels + 3])

expected_w, expected_h = (int(v) for v in size.split(","))
if (width, height) != (expected_w, expected_h):
    failures.append("PNG is %dx%d, expected %dx%d" % (width, height, expected_w, expected_h))
colours = {pixel(x, y) for y in range(0, height, 3) for x in range(0, width, 3)}
non_white = sum(1 for y in range(0, height, 3) for x in range(0, width, 3) if pixel(x, y) != (255, 255, 255))
if len(colours) < 50 or non_white < (width // 3) * (height // 3) // 2:
    failures.append("PNG looks blank: %d colours, %d non-white samples" % (len(colours), non_white))

# The scale of FieldColorScale: five stops, linear in sRGB, rounded.
stops = [(49, 54, 149), (69, 170, 209), (116, 196, 118), (254, 224, 80), (215, 48, 39)]
missing = (226, 232, 240)
low, high = min(data.values()), max(data.values())
def colour(v):
    s = min(1, max(0, (v - low) / (high - low))) * 4
    i = min(3, int(s)); t = s - i
    return tuple(int(a + (b - a) * t + 0.5) for a, b in zip(stops[i], stops[i + 1]))  # Swift's .rounded(), values >= 0
def close(p, q, tolerance=3):
    return all(abs(a - b) <= tolerance for a, b in zip(p, q))
def centre(nx, ny):
    return 10 + (nx - 1) * 3 + 1, 50 + (253 - ny) * 3 + 1

bad_land = [(c, pixel(*centre(*c)), colour(v)) for c, v in data.items() if not close(pixel(*centre(*c)), colour(v))]
sea = [(nx, ny) for ny in range(1, 254) for nx in range(1, 150) if (nx, ny) not in data]
bad_sea = [c for c in sea if not close(pixel(*centre(*c)), missing)]
if bad_land:
    failures.append("%d of %d cells with data have another colour than their value's, e.g. %s" % (len(bad_land), len(data), bad_land[:3]))
if bad_sea:
    failures.append("%d of %d cells without data are not the no-data grey, e.g. %s" % (len(bad_sea), len(sea), bad_sea[:3]))
for name, cell, end in (("Busan", (98, 76), stops[-1]), ("Jeju", (53, 38), stops[0])):
    p = pixel(*centre(*cell))
    print("%s %s: value %s, pixel %s, expected %s" % (name, cell, data[cell], p, end))
    if not close(p, end):
        failures.append("%s's pixel is %s, not %s" % (name, p, end))
bar_x = 10 + 149 * 3 + 24 + 12
for label, y, end in (("top", 70 + 2, stops[-1]), ("bottom", 70 + 297, stops[0])):  # FieldPicture.barTop, barHeight
    if not close(pixel(bar_x, y), end, 6):
        failures.append("legend bar %s is %s, not %s" % (label, pixel(bar_x, y), end))

print("PNG %dx%d: %d colours; %d cells with data and %d without checked" % (width, height, len(colours), len(data), len(sea)))
if failures:
    print("check-field-picture: FAILED\n  " + "\n  ".join(failures), file=sys.stderr)
    sys.exit(1)
print("check-field-picture: the picture opens in Chromium and shows the field where the data put it")
PY
if [ "${KEEP_FIELD_PICTURE:-}" = 1 ]; then echo "check-field-picture: files kept in $work"; else rm -rf "$work"; fi
