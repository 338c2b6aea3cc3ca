/// English notes of the command-line tool's help that need nothing from the libraries above
/// this one (the CLI's `CommandSpec` holds the rest); their Korean is ``KoreanHelp``'s. Kept
/// here so that both languages of a page live in one module.
package enum EnglishHelp {
    /// The notes and examples of `kma-forecast place`.
    package static let place = """
            Everything KMA's services know a place by, worked out offline from the embedded
            tables: the grid cell (nx, ny) of the short-term forecast; the 10-digit region code,
            and the areaNo of KMA's table (the UV index's key; for a region of the 2026 map, the
            row its cell comes from); the mid-term land region (getMidLandFcst) and temperature
            point (getMidTa); the land warning zone (특보구역), said approximate where KMA's
            zones split the place; the KMA office that forecasts for its province (unconfirmed).

            The map is KMA's grid table (edition 2510) with the changes since: 화성시's four 구
            (2026-02-01); 전남광주통합특별시, and 인천's 제물포구, 영종구, 서해구 and 검단구
            (2026-07-01). A former name or code (광주광역시 동구, 인천 중구, 2811000000) still
            works: it gives the place that replaced it and says so. A city the table has only as
            districts (수원시) is one place, with its city hall's cell and its 구 as parts.

            EXAMPLES:
              kma-forecast place 제주시
              kma-forecast place "Busan Haeundae-gu" --format json
              kma-forecast place 광주광역시 동구 --lang ko
            """

    /// The notes and examples of `kma-forecast field`.
    package static let field = """
            One request fetches the variable for all 149 × 253 cells (KMA API Hub: nph-dfs_shrt_grd,
            nph-dfs_vsrt_grd, nph-dfs_odam_grd). It needs an API Hub key (authKey) that has applied
            (활용신청) for that operation, from --service-key or KMA_SERVICE_KEY. The first call
            for a new run can take 15–45 s while API Hub makes the field; later calls are quick,
            and fields are cached exactly (product, run, valid time, variable).

            Variables: short-term TMP TMX TMN UUU VVV VEC WSD SKY PTY POP PCP SNO REH WAV;
            ultra-short T1H UUU VVV VEC WSD SKY LGT PTY RN1 REH; nowcast T1H UUU VVV VEC WSD PTY
            RN1 REH. Values are KMA's numbers in the variable's unit; cells without data (sea,
            outside the domain: -99 at KMA) are left out of the CSV and drawn grey.

            The run is the newest available at --at (default now); --valid picks the hour
            (default the run's first; TMN 06:00, TMX 15:00).

            Output:
              csv   'nx,ny,lat,lon,value', one line per cell with data (lat/lon: the cell's
                    centre), south to north, west to east.
              svg   a picture of the grid, north up, with a colour scale and legend.
              png   the same picture as PNG (the legend's numbers are in the SVG only).
              netcdf  a CF-1.10 NetCDF file (classic 64-bit offset, which every netCDF
                    reader, xarray and GDAL/QGIS open) with KMA's Lambert conformal grid
                    attached: x/y in metres, lat/lon of the cell centres, time, the run;
                    -99 (no data) is the _FillValue; SKY and PTY keep their codes with
                    flag_values/flag_meanings. Needs --output. Here --var takes several
                    codes (TMP,POP,PCP) or 'all', and --valid 'all' for every valid time
                    of the run: one file, time × y × x per variable, each field fetched
                    (at most --rate a second, --max-requests in all) and written as it
                    comes. Fields are cached: after a failure or Ctrl-C, the same command
                    asks only for what is missing. The file appears only when whole.
            With --input, each row of a places CSV (read as for the forecast's --input: lat,lon,
            nx,ny or place columns) is written back as given with a 'value' column added (empty
            where there is no data): every row from one request. A row of KMA's grid table
            (its lat,lon or its place name) gets KMA's cell; other points the formula's.

            EXAMPLES:
              kma-forecast field --var TMP > tmp.csv
              kma-forecast field --var POP --valid 2026-11-22T15:00 --format svg --output pop.svg
              kma-forecast field --var TMP --input Fixtures/grid/kma_grid_2510.csv > places.csv
              kma-forecast field --var TMP --format netcdf --output tmp.nc
              kma-forecast field --var TMP,POP,PCP --valid all --format netcdf --output run.nc
            """
}
