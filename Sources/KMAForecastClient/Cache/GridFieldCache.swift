import KMAForecast

/// The on-disk cache of grid fields, beside the runs of ``ForecastCache`` (same directory,
/// same rules): one file per product, run, valid time and variable, holding KMA's body byte
/// for byte.
///
/// ```
/// <directory>/apihub-grid/<product>/<tmfc>/<variable>-<tmef>.field
/// ~/.cache/kma-forecast/apihub-grid/short-term/2026112105/TMP-2026112115.field
/// ~/.cache/kma-forecast/apihub-grid/nowcast/202611211410/T1H.field
/// ```
///
/// **Exact.** A field is the answer for one `tmfc`, `tmef` and `vars`, and a run is not known
/// to change once made (the 10-minute products have a run every 10 minutes, each its own
/// `tmfc`), so a stored field is served for that key with no request and no lifetime. Only a
/// field that decoded whole, with at least one cell of data, is stored.
///
/// **Format, version 1.** A text header, then the body:
///
/// ```
/// kma-forecast-field 1
/// root https://apihub.kma.go.kr/api/typ01/cgi-bin/url
/// product short-term
/// variable TMP
/// tmfc 2026112105
/// tmef 2026112115
/// body 262345 9a0c55e3f1b2c4d7
///
/// <the body, 262345 bytes>
/// ```
///
/// `root` is the service root it came from: a field from a test server or a proxy is never
/// served for another root. The body's length and 64-bit FNV-1a checksum are checked on every
/// read; a file that is corrupt, cut short, for another key, or not a whole field is ignored
/// and replaced by the next fetch. Files are trusted as ``ForecastCache``'s are (a plain file
/// of at most 16 MiB owned by the user, writable by nobody else, in such a directory), written
/// atomically by the package's one file writer (``CacheFolder/store(_:as:)``: a temporary file
/// with a random name, then `rename(2)`, not synced: a torn body fails its checksum), 0600 in directories 0700. The key is never
/// stored: a body that contains it is not written.
///
/// **Pruning.** A whole short-term run is about 1,000 fields of about 260 KB, so storing a
/// field removes the folders of that product's runs more than three days older than its run
/// (KMA serves no older runs), temporary files left in them included, and temporary files of
/// interrupted writes older than an hour from every other run's folder; so does the first fetch of
/// a run in a process, served from the cache or not (``tidy(_:)``). Every folder is checked
/// first and worked on by descriptor (``CacheFolder``): a run folder that is a symbolic link
/// (`2020010105 -> /elsewhere`), belongs to another user or can be written by others is left
/// alone, with a warning, and nothing it points to is touched.
struct GridFieldCache: Sendable {
    /// The cache's root directory (``ForecastCache/directory``).
    let directory: String
    /// The service root fields come from.
    let root: String

    static let formatLine = "kma-forecast-field 1"

    /// The folders of a product's runs below the root: `apihub-grid`, the product.
    func productFolders(_ product: ForecastProduct) -> [String] {
        ["apihub-grid", product.rawValue]
    }

    /// The folder of a run.
    func runDirectory(_ request: GridFieldRequest) -> String {
        "\(directory)/apihub-grid/\(request.product.rawValue)/\(request.tmfc)"
    }

    /// The file name of a field in its run's folder.
    func name(_ request: GridFieldRequest) -> String {
        (request.product.gridHasValidTime ? "\(request.variable.code)-\(request.tmef)" : request.variable.code) + ".field"
    }

    /// The file of a field.
    func path(_ request: GridFieldRequest) -> String {
        "\(runDirectory(request))/\(name(request))"
    }

    /// The header lines a file for `request` must start with.
    private func header(_ request: GridFieldRequest) -> [String] {
        [
            Self.formatLine, "root \(root)", "product \(request.product.rawValue)", "variable \(request.variable.code)",
            "tmfc \(request.tmfc)", "tmef \(request.product.gridHasValidTime ? request.tmef : "-")",
        ]
    }

    /// The stored body for a request, if there is a usable one.
    func body(for request: GridFieldRequest) -> [UInt8]? {
        let bytes: [UInt8]
        do {
            let folder = try CacheFolder.at(root: directory, productFolders(request.product) + [request.tmfc], create: false)
            guard let read = folder.contents(name(request)) else { return nil }
            bytes = read
        } catch {
            return nil
        }
        var reader = LineReader(bytes: bytes)
        for line in header(request) where reader.line() != line { return nil }
        guard let line = reader.line(), line.hasPrefix("body ") else { return nil }
        let parts = line.split(separator: " ")
        guard parts.count == 3, let count = Int(parts[1]), count > 0, reader.line() == "",
              let body = reader.bytes(count), reader.atEnd, ForecastCache.checksum(body) == parts[2] else { return nil }
        return body
    }

    /// Stores a body atomically, then prunes (``prune(_:before:)``) and removes stale temporary
    /// files from the run's folder (``CacheFolder/removeStaleTemporaries(now:names:)``).
    ///
    /// - Returns: The product's folders that pruning left alone (links, folders of another
    ///   user …), each with why.
    /// - Throws: ``CacheFailure`` naming the path and the system's reason, or the cache folder
    ///   that failed its check (``CacheFolder``): nothing is written then.
    @discardableResult
    func store(_ body: [UInt8], for request: GridFieldRequest) throws(CacheFailure) -> [CacheFailure] {
        let product = try CacheFolder.at(root: directory, productFolders(request.product), create: true)
        let run = try product.subfolder(request.tmfc, create: true)
        var text = header(request).joined(separator: "\n") + "\n"
        text += "body \(body.count) \(ForecastCache.checksum(body))\n\n"
        try run.store(Array(text.utf8) + body, as: name(request))
        run.removeStaleTemporaries(now: CacheFileSystem.now())
        return prune(product, before: request)
    }

    /// Removes the product's run folders more than three days older than the request's run,
    /// and the stale temporary files (``CacheFolder/removeStaleTemporaries(now:names:)``) of every
    /// other run's folder, from the checked product folder, never following a link: a run folder that is a link,
    /// belongs to another user or can be written by others is left alone, and so is
    /// everything it holds or points to.
    ///
    /// - Returns: The folders left alone, each with why.
    func prune(_ product: borrowing CacheFolder, before request: GridFieldRequest) -> [CacheFailure] {
        let cutoff = ForecastBase(request.run.dateTime.adding(seconds: -3 * 86_400))
        let oldest = cutoff.baseDate + cutoff.baseTime
        let now = CacheFileSystem.now()
        var leftAlone: [CacheFailure] = []
        let names = product.names()
        product.removeStaleTemporaries(now: now, names: names)
        for name in names {
            guard FixedWidthDigits.value(name.utf8, count: 10) != nil || FixedWidthDigits.value(name.utf8, count: 12) != nil else { continue }
            let minute = name.count == 10 ? name + "00" : name
            guard minute < oldest else {
                // A kept run's folder: the temporary files of interrupted writes go now, not
                // when the folder is three days old (a folder that fails its check is left).
                do throws(CacheFailure) {
                    try product.subfolder(name, create: false).removeStaleTemporaries(now: now)
                } catch {}
                continue
            }
            if let failure = product.removeFolder(name) { leftAlone.append(failure) }
        }
        return leftAlone
    }

    /// Tidies a run's folder without storing anything: removes its stale temporary files and
    /// prunes the product's old runs (``prune(_:before:)``), as storing does. The client calls
    /// it on the first fetch of each run (served from the cache or not), so a temporary file
    /// left by an interrupted write goes on the next run, not only when another field of that
    /// run is stored.
    ///
    /// - Returns: The product's folders that pruning left alone, each with why; none when
    ///   the product's folder does not exist yet or fails its check (storing reports that).
    func tidy(_ request: GridFieldRequest) -> [CacheFailure] {
        do throws(CacheFailure) {
            let product = try CacheFolder.at(root: directory, productFolders(request.product), create: false)
            do throws(CacheFailure) {
                let run = try product.subfolder(request.tmfc, create: false)
                run.removeStaleTemporaries(now: CacheFileSystem.now())
            } catch {
                // No folder for the run yet (or one that fails its check): nothing to tidy there.
            }
            return prune(product, before: request)
        } catch {
            return []
        }
    }

    /// Removes a file that could not be used.
    func remove(_ request: GridFieldRequest) {
        CacheFolder.removeFile(path(request), root: directory)
    }
}
