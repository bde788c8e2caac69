import ArgumentParser
import Foundation
import PipelineCore
import PipelineRunner
import PipelineSpec

/// `steam-mate report OUT [--player STEAMID] [--out FILE]`: renders the run report of an existing output.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render the run report (one self-contained HTML page) of an existing output directory.",
        discussion: """
        Writes OUT/report.html (with --player, OUT/report-STEAMID.html), or FILE with --out, atomically and under the \
        output's lock. An existing file is replaced only if it is a steam-mate report; an unchanged report is left as it is. \
        Exit status: 0 written or up to date, 2 OUT is not a steam-mate output or the target is not ours, 3 cannot write.
        """
    )

    @Argument(help: "An output directory of `run` (e.g. Output/default); older outputs lacking stages are fine.")
    var out: String

    @Option(help: "Add this player's page (SteamID64): Dota 2 win-rate progress by week, pairings.")
    var player: String?

    @Option(name: .customLong("out"), help: "Write the page here instead of into the output directory.")
    var file: String?

    @Option(help: "Seconds to wait for a run publishing to the same output (0…86400).")
    var lockWait: Double = 120

    func validate() throws {
        if let player, player.count != 17 || !player.allSatisfy(\.isASCIIDigit) {
            throw ValidationError("--player must be a 17-digit SteamID64")
        }
    }

    func run() throws {
        try OptionCheck.require([("--lock-wait", lockWait, OptionRanges.lockWaitSeconds)])
        let directory = URL(fileURLWithPath: out)
        let target = file.map { URL(fileURLWithPath: $0) } ?? ReportJob.defaultTarget(outputDirectory: directory, player: player)
        do {
            let result = try ReportJob.write(outputDirectory: directory, player: player, target: target,
                                             lockWait: .milliseconds(Int64(lockWait * 1000)))
            DiagnosticPrinter.standardError("\(result == .written ? "wrote" : "up to date:") \(target.path)\n")
        } catch {
            throw OptionCheck.publishFailure(error, diagnostics: [])
        }
    }
}
