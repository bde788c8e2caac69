import ArgumentParser
import Foundation
import PipelineRunner
import PipelineSpec

/// `steam-mate trade FILE`: optimal trade loops for a want list or a trade-request file.
struct TradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trade",
        abstract: "Find the trade loops that trade the most items at the least priority cost."
    )

    @Argument(help: "A TradeMaximizer want-list file, or trade requests (.jsonl or .csv).")
    var file: String

    @Option(help: "What to print on stdout: json (summary with loops), csv (trade_loops) or tm (TradeMaximizer text).")
    var format: String = "json"

    @Option(help: "Directory for trade_loops.csv/.jsonl, trade_summary.json and trade_report.txt.")
    var out: String?

    @Option(help: "Longest loop allowed, solved exactly (0 = uncapped). Default: uncapped for want lists, 3 for requests.")
    var maxLoopLength: Int?

    @Option(help: "CPU seconds for an exact capped solve; past it the best loops are kept with their bound and gap.")
    var timeLimit: Double = 60

    @Option(help: "Stop a capped solve unproven once the trades found are within this fraction of the bound (e.g. 0.005). Default: 0 (prove) for want lists, 0.005 for requests.")
    var gapTolerance: Double?

    @Option(help: "Requests only: maximum giver-receiver distance in km.")
    var maxDistanceKm: Double?

    @Option(help: "Requests only: decisions.jsonl whose block decisions forbid trades.")
    var decisions: String?

    @Flag(help: "Skip the users-trading / sum-of-squares tie-break rounds.")
    var noTieBreak = false

    @Flag(help: "With --out: replace the directory even if it is not a previous steam-mate output.")
    var force = false

    func run() throws {
        guard let format = TradeJob.Format(rawValue: format) else {
            throw ValidationError("--format must be json, csv or tm")
        }
        try OptionCheck.require([("--max-loop-length", maxLoopLength.asDouble, OptionRanges.maxLoopLength),
                                 ("--max-distance-km", maxDistanceKm, OptionRanges.distanceKm),
                                 ("--time-limit", timeLimit, OptionRanges.tradeTimeLimitSeconds),
                                 ("--gap-tolerance", gapTolerance, OptionRanges.tradeGapTolerance)])
        if let problem = OptionRanges.loopLengthProblem(maxLoopLength, name: "--max-loop-length") {
            DiagnosticPrinter.standardError("error: \(problem) [option.outOfRange]\n")
            throw ExitCode(ExitStatus.definitionError.rawValue)
        }
        var configuration = TradeJob.Configuration(
            inputPath: file, format: format, outDirectory: out, maxLoopLength: maxLoopLength,
            maxDistanceKm: maxDistanceKm, decisionsPath: decisions, tieBreak: !noTieBreak,
            timeLimitSeconds: timeLimit)
        configuration.policy = PublishPolicy(force: force)
        configuration.gapTolerance = gapTolerance
        let status = TradeJob.run(configuration)
        if status != 0 { throw ExitCode(status) }
    }
}
