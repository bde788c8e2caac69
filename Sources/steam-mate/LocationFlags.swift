import ArgumentParser
import PipelineCore
import PipelineRunner

/// `--locations` and `--no-locations`, for the commands that build the canonical dataset (`convert`, `merge`).
struct LocationFlags: ParsableArguments {
    @Option(help: "Location table (CSV) used to fill latitude/longitude (default: the shipped Data/reference/steam-locations.csv).")
    var locations: String?

    @Flag(help: "Fill no coordinates (do not use the shipped location table).")
    var noLocations = false

    func validate() throws {
        guard !(noLocations && locations != nil) else { throw ValidationError("--locations and --no-locations exclude each other") }
    }

    /// The table to load (nil: none); warns into `log` when the shipped one was wanted but not found.
    func table(log: DiagnosticLog) -> String? {
        let table = ShippedLocationTable.effectivePath(noLocations ? "none" : locations)
        if table == nil && !noLocations { log.warning("locations.notFound", ShippedLocationTable.notFoundMessage) }
        return table
    }
}
