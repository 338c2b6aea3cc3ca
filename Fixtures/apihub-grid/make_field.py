#!/usr/bin/env python3
"""Writes built_shrt_grd_TMP_tmfc2026112105_tmef2026112106.txt: a grid-field body BUILT to the
documented layout of KMA API Hub's nph-dfs_shrt_grd answers, from values we chose. NOT KMA data.

The same field as _KMATestSupport.BuiltGridField.temperature() (a test keeps the two equal):
- land = cells within 2 cells (Chebyshev) of a cell of KMA's grid table (../grid/kma_grid_2510.csv);
  every other cell is sea: -99.00;
- on land, in hundredths: 1800 + (76 - ny) * 5 + ((nx * 7 + ny * 3) % 11) * 10;
- Busan (98, 76) = 31.50 and Jeju (53, 38) = -5.25, the two cells where independent clients
  verified the order live;
- layout: 253 rows, first row ny = 1 (south), values west to east, 20 comma-separated values a
  line, each 149-value row on 8 lines, '\\n' line ends.
"""
import csv, os

here = os.path.dirname(os.path.abspath(__file__))
land = [[False] * 150 for _ in range(254)]
with open(os.path.join(here, "..", "grid", "kma_grid_2510.csv"), newline="", encoding="utf-8") as f:
    for row in csv.DictReader(f):
        nx, ny = int(row["nx"]), int(row["ny"])
        if not (1 <= nx <= 149 and 1 <= ny <= 253):
            continue
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                x, y = nx + dx, ny + dy
                if 1 <= x <= 149 and 1 <= y <= 253:
                    land[y][x] = True

def value(nx, ny):
    if (nx, ny) == (98, 76):
        return 3150
    if (nx, ny) == (53, 38):
        return -525
    if not land[ny][nx]:
        return None
    return 1800 + (76 - ny) * 5 + ((nx * 7 + ny * 3) % 11) * 10

def text(h):
    if h is None:
        return "-99.00"
    m = abs(h)
    return ("-" if h < 0 else "") + "%d.%02d" % (m // 100, m % 100)

lines = []
for ny in range(1, 254):
    row = [text(value(nx, ny)) for nx in range(1, 150)]
    for start in range(0, 149, 20):
        lines.append(",".join(row[start:start + 20]))
with open(os.path.join(here, "built_shrt_grd_TMP_tmfc2026112105_tmef2026112106.txt"), "w", newline="") as f:
    f.write("\n".join(lines) + "\n")
