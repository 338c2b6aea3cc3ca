#!/usr/bin/env python3
"""Checks kma-forecast's CF NetCDF files with the tools people use: netCDF4, xarray, pyproj and
GDAL (gdalinfo, gdallocationinfo). Driven by Tests/KMAForecastEndToEndTests/Python/FieldNetCDFToolsTests.swift,
which writes the files, the expected values and a manifest.

Usage: check-netcdf.py MANIFEST.json
The manifest names each run's file, its run and valid times (minutes since 1970 UTC), one
little-endian float64 file of expected values per variable (time x y x x, NaN where KMA has no
data), and points of KMA's grid table with the cell our grid conversion names and the continuous
grid position. Prints one line per check and `N passed, N failed`; exits 1 if any failed
(3 when a package is missing)."""
import json
import math
import subprocess
import sys

try:
    import netCDF4
    import numpy as np
    import pyproj
    import xarray as xr
except ImportError as error:
    print(f"a Python package is missing: {error} (pip install netCDF4 xarray pyproj dask)", file=sys.stderr)
    sys.exit(3)

ROWS, COLUMNS, SPACING = 253, 149, 5000.0
results = []


def check(name, condition, detail=""):
    results.append(bool(condition))
    print(f"{'ok  ' if condition else 'FAIL'} {name}{'' if condition else ': ' + str(detail)}")


def expected_values(run, variable):
    values = np.fromfile(run["expected"][variable], dtype="<f8")
    return values.reshape(len(run["time_minutes"]), ROWS, COLUMNS)


def check_netcdf4(run, variables):
    with netCDF4.Dataset(run["file"]) as ds:
        name = run["tmfc"]
        check(f"{name} netCDF4: classic 64-bit offset", ds.file_format == "NETCDF3_64BIT_OFFSET", ds.file_format)
        check(f"{name} netCDF4: time unlimited, y 253, x 149",
              ds.dimensions["time"].isunlimited() and len(ds.dimensions["y"]) == ROWS and len(ds.dimensions["x"]) == COLUMNS)
        check(f"{name} netCDF4: CF-1.10", ds.getncattr("Conventions") == "CF-1.10")
        check(f"{name} netCDF4: KOGL attribution", "출처: 기상청" in ds.getncattr("license"))
        check(f"{name} netCDF4: valid times", list(ds["time"][:]) == run["time_minutes"], ds["time"][:5])
        check(f"{name} netCDF4: run", float(ds["forecast_reference_time"][()]) == run["reference_minutes"])
        for variable in variables:
            data = ds[variable][:]
            got = np.ma.filled(data.astype("f8"), np.nan)
            want = expected_values(run, variable)
            check(f"{name} netCDF4: {variable} every value exactly", np.array_equal(got, want, equal_nan=True),
                  f"{np.sum(~((got == want) | (np.isnan(got) & np.isnan(want))))} differ")
            check(f"{name} netCDF4: {variable} grid_mapping", ds[variable].grid_mapping == "lambert_conformal_conic")


def check_xarray(run, variables):
    name = run["tmfc"]
    with xr.open_dataset(run["file"]) as ds:
        times = np.array(run["time_minutes"], dtype="i8").astype("datetime64[m]").astype("datetime64[ns]")
        check(f"{name} xarray: time decoded", np.array_equal(ds["time"].values, times), ds["time"].values[:3])
        check(f"{name} xarray: forecast_reference_time a coordinate",
              "forecast_reference_time" in ds.coords
              and ds["forecast_reference_time"].values == np.datetime64(run["reference_minutes"], "m").astype("datetime64[ns]"))
        check(f"{name} xarray: lat/lon coordinates", "lat" in ds.coords and "lon" in ds.coords)
        for variable in variables:
            check(f"{name} xarray: {variable} every value exactly",
                  np.array_equal(ds[variable].values, expected_values(run, variable), equal_nan=True))
        return ds["lambert_conformal_conic"].attrs, ds["x"].values, ds["y"].values, ds["lat"].values, ds["lon"].values


def metres(lat1, lon1, lat2, lon2):
    """Great-circle distance on KMA's sphere, in metres (haversine)."""
    radius = 6371008.77
    p1, p2 = np.radians(lat1), np.radians(lat2)
    dp, dl = p2 - p1, np.radians(lon2 - lon1)
    h = np.sin(dp / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
    return 2 * radius * np.arcsin(np.sqrt(h))


def check_pyproj(mapping, x, y, lat, lon, points):
    crs = pyproj.CRS.from_cf(mapping)
    geodetic = crs.geodetic_crs
    to_geo = pyproj.Transformer.from_crs(crs, geodetic, always_xy=True)
    xx, yy = np.meshgrid(x, y)
    plon, plat = to_geo.transform(xx, yy)
    distance = metres(lat, lon, plat, plon)
    check("pyproj: CRS.from_cf is Lambert conformal conic 2SP on a sphere",
          "Lambert Conic Conformal (2SP)" in crs.to_wkt() and crs.ellipsoid.semi_major_metre == 6371008.77, crs.to_wkt()[:200])
    check(f"pyproj: the file's lat/lon are x/y transformed (largest gap {distance.max():.2e} m, within 1 m)", distance.max() < 1.0)
    to_grid = pyproj.Transformer.from_crs(geodetic, crs, always_xy=True)
    lons = np.array([p["lon"] for p in points])
    lats = np.array([p["lat"] for p in points])
    px, py = to_grid.transform(lons, lats)
    gx = np.array([p["gx"] for p in points]) * SPACING
    gy = np.array([p["gy"] for p in points]) * SPACING
    gap = np.hypot(px - gx, py - gy)
    check(f"pyproj: {len(points)} grid-table points land where our conversion puts them (largest gap {gap.max():.2e} m, within 1 m)",
          gap.max() < 1.0)
    nx = np.floor(px / SPACING + 0.5).astype(int) + 1
    ny = np.floor(py / SPACING + 0.5).astype(int) + 1
    ours = (nx == np.array([p["nx"] for p in points])) & (ny == np.array([p["ny"] for p in points]))
    check("pyproj: every grid-table point is in the cell our conversion names", ours.all(), f"{(~ours).sum()} differ")
    table = (nx == np.array([p["table_nx"] for p in points])) & (ny == np.array([p["table_ny"] for p in points]))
    # KMA moved about 45 representative points without recomputing nx/ny (KMA_SPEC.md §2).
    check(f"pyproj: {table.sum()} of {len(points)} points in KMA's own table cell (the rest are the table's known moved points)",
          len(points) - table.sum() <= 45)
    centre_x = (np.array([p["table_nx"] for p in points]) - 1) * SPACING
    centre_y = (np.array([p["table_ny"] for p in points]) - 1) * SPACING
    clon, clat = to_geo.transform(centre_x, centre_y)
    index = (np.array([p["table_ny"] for p in points]) - 1, np.array([p["table_nx"] for p in points]) - 1)
    check("pyproj: the centres of the table's cells are the file's lat/lon within 1 m",
          metres(lat[index], lon[index], clat, clon).max() < 1.0)


def check_gdal(run, variables, points):
    name = run["tmfc"]
    info = subprocess.run(["gdalinfo", f'NETCDF:"{run["file"]}":{variables[0]}'], capture_output=True, text=True)
    check(f"{name} gdalinfo: Lambert conformal conic, sphere 6371008.77 m, false origin 210/675 km",
          info.returncode == 0 and "Lambert Conic Conformal (2SP)" in info.stdout and "6371008.77" in info.stdout
          and 'PARAMETER["Easting at false origin",210000' in info.stdout and 'PARAMETER["Northing at false origin",675000' in info.stdout,
          info.stdout[:400] + info.stderr[:400])
    check(f"{name} gdalinfo: georeferenced: origin (-2500, 1262500), 5000 m pixels, north up",
          "Origin = (-2500.000000000000000,1262500.000000000000000)" in info.stdout
          and "Pixel Size = (5000.000000000000000,-5000.000000000000000)" in info.stdout)
    coordinates = "".join(f"{p['lon']} {p['lat']}\n" for p in points)
    count = len(run["time_minutes"])
    for variable in variables:
        want_all = expected_values(run, variable)
        for band in sorted({1, count // 2, count}):
            located = subprocess.run(
                ["gdallocationinfo", "-valonly", "-wgs84", "-b", str(band), f'NETCDF:"{run["file"]}":{variable}'],
                input=coordinates, capture_output=True, text=True)
            lines = located.stdout.split("\n")[:len(points)]
            wrong = 0
            for point, line in zip(points, lines):
                want = want_all[band - 1, point["ny"] - 1, point["nx"] - 1]
                got = float(line) if line.strip() else math.nan
                if not ((math.isnan(want) and got == -99) or got == want):
                    wrong += 1
            check(f"{name} gdallocationinfo -wgs84: {variable} band {band} at {len(points)} points is the value of the cell our conversion names",
                  located.returncode == 0 and len(lines) == len(points) and wrong == 0, f"{wrong} wrong; {located.stderr[:300]}")


def check_mfdataset(runs, variables):
    files = [run["file"] for run in runs]
    with xr.open_mfdataset(files, combine="nested", concat_dim="forecast_reference_time", data_vars="different",
                           coords="different", join="outer", compat="equals", combine_attrs="drop_conflicts") as ds:
        check("open_mfdataset: two runs, one dataset (forecast_reference_time x time x y x x)",
              ds.sizes["forecast_reference_time"] == len(runs) and ds[variables[0]].dims == ("forecast_reference_time", "time", "y", "x"),
              ds.sizes)
        check("open_mfdataset: one lat/lon, one x/y for all runs", ds["lat"].dims == ("y", "x") and ds["x"].dims == ("x",))
        for index, run in enumerate(runs):
            times = np.array(run["time_minutes"], dtype="i8").astype("datetime64[m]").astype("datetime64[ns]")
            for variable in variables:
                got = ds[variable].isel(forecast_reference_time=index).sel(time=times).values
                check(f"open_mfdataset: run {run['tmfc']} {variable} every value exactly",
                      np.array_equal(got, expected_values(run, variable), equal_nan=True))


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as handle:
        manifest = json.load(handle)
    variables = manifest["variables"]
    points = manifest["points"]
    for run in manifest["runs"]:
        check_netcdf4(run, variables)
        mapping, x, y, lat, lon = check_xarray(run, variables)
        check_gdal(run, variables, points)
    check_pyproj(mapping, x, y, lat, lon, points)
    check_mfdataset(manifest["runs"], variables)
    failed = results.count(False)
    print(f"{results.count(True)} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
