import ArgumentParser
import Foundation
import Geo
import PipelineCore
import PipelineRunner

/// The location table a benchmark places players with: `--locations PATH`, else the shipped table, found the way
/// `run` finds it (`ShippedLocationTable`: `$STEAM_MATE_DATA`, next to the binary, the repository). A table that
/// cannot be found, read or parsed is reported like `run` reports it (`LocationLoader`: `path: error: … [locations.*]`,
/// exit 2).
enum BenchLocationTable {
    /// The table's path (as given, or the shipped table's).
    static func path(_ setting: String?) throws -> String {
        if let setting { return setting }
        guard let found = ShippedLocationTable.locate() else {
            throw fail([.error("locations.notFound", ShippedLocationTable.notFoundMessage)])
        }
        return found.path
    }

    static func load(_ setting: String?) throws -> LocationTable {
        let path = try path(setting)
        do {
            return try LocationLoader.table(at: path)
        } catch {
            throw fail(error.diagnostics)
        }
    }

    private static func fail(_ diagnostics: [Diagnostic]) -> ExitCode {
        DiagnosticPrinter.printToStandardError(diagnostics)
        return ExitCode(ExitStatus.definitionError.rawValue)
    }
}
