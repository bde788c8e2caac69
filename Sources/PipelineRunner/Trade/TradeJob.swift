import Emit
import Foundation
import Pairing
import PipelineCore
import PlayerModel
import Trade

/// `steam-mate trade FILE`: the only place that reads and writes files for trades.
///
/// FILE is a TradeMaximizer want list, or app trade requests when it ends in `.jsonl` or `.csv`
/// (schema in `TradeRequest`; locations from the requests' latitude/longitude, blocks from `--decisions`).
/// Writes `trade_loops.csv`, `trade_loops.jsonl`, `trade_summary.json` and `trade_report.txt` to `--out`
/// (atomically), and prints the chosen format on stdout. Exit: 0 ok, 1 errors reported, 2 fatal input.
public enum TradeJob {
    public enum Format: String, Sendable, CaseIterable {
        case json, csv, tm
    }

    public struct Configuration: Sendable {
        public var inputPath: String
        public var format: Format
        public var outDirectory: String?
        /// nil: the input's default (uncapped for want lists, `TradeRequestOptions.defaultMaxLoopLength`
        /// for requests); 0: uncapped.
        public var maxLoopLength: Int?
        /// CPU-second budget of an exact capped solve.
        public var timeLimitSeconds: Double
        /// Relative gap at which a capped solve stops unproven; nil: the input's default (0 for want lists,
        /// `TradeRequestOptions.defaultGapTolerance` for requests).
        public var gapTolerance: Double?
        public var maxDistanceKm: Double?
        /// How `--out` may replace what is there.
        public var policy = PublishPolicy()
        public var decisionsPath: String?
        public var tieBreak: Bool

        public init(inputPath: String, format: Format = .json, outDirectory: String? = nil, maxLoopLength: Int? = nil,
                    maxDistanceKm: Double? = nil, decisionsPath: String? = nil, tieBreak: Bool = true,
                    timeLimitSeconds: Double = 60) {
            self.timeLimitSeconds = timeLimitSeconds
            self.inputPath = inputPath
            self.format = format
            self.outDirectory = outDirectory
            self.maxLoopLength = maxLoopLength
            self.maxDistanceKm = maxDistanceKm
            self.decisionsPath = decisionsPath
            self.tieBreak = tieBreak
        }
    }

    /// Runs the job; returns the exit status. `write` receives stdout text.
    public static func run(_ configuration: Configuration, write: (String) -> Void = { print($0, terminator: "") }) -> Int32 {
        let log = DiagnosticLog(onEmit: { diagnostic in
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        })
        let path = configuration.inputPath
        // Diagnostics name the file, not its absolute path, so outputs do not depend on where it lives.
        let label = URL(fileURLWithPath: path).lastPathComponent
        guard let data = FileManager.default.contents(atPath: path) else {
            log.error("trade.input.unreadable", "cannot read \(path)", at: SourceLocation(file: path))
            return 2
        }
        let bytes = Array(data)
        let result: TradeResult
        let lower = path.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".csv") {
            let requests = lower.hasSuffix(".csv")
                ? TradeRequestDecoder.decodeCSV(bytes, file: label, sink: log)
                : TradeRequestDecoder.decodeJSONLines(bytes, file: label, sink: log)
            var blocked = Set<BlockedPair>()
            if let decisions = configuration.decisionsPath {
                guard let decisionData = FileManager.default.contents(atPath: decisions) else {
                    log.error("trade.input.unreadable", "cannot read \(decisions)", at: SourceLocation(file: decisions))
                    return 2
                }
                blocked = BlockedPairs.from(DecisionParser.parse(Array(decisionData), file: URL(fileURLWithPath: decisions).lastPathComponent,
                                                                 sink: log))
            }
            let cap = configuration.maxLoopLength ?? TradeRequestOptions.defaultMaxLoopLength
            let options = TradeRequestOptions(maxDistanceKm: configuration.maxDistanceKm, maxLoopLength: cap == 0 ? nil : cap,
                                              tieBreak: configuration.tieBreak, timeLimitSeconds: configuration.timeLimitSeconds,
                                              gapTolerance: configuration.gapTolerance ?? TradeRequestOptions.defaultGapTolerance)
            result = TradeRequestMatcher.solve(requests: requests, blockedPairs: blocked, options: options, file: label, sink: log)
        } else {
            let problem: TradeProblem
            do {
                problem = try WantListParser(file: label, sink: log).parse(bytes)
            } catch {
                log.emit(error.diagnostic)
                return 2
            }
            let cap = configuration.maxLoopLength.flatMap { $0 == 0 ? nil : $0 }
            var options = TradeSolverOptions(maxLoopLength: cap, tieBreak: configuration.tieBreak,
                                             timeLimitSeconds: configuration.timeLimitSeconds)
            options.gapTolerance = configuration.gapTolerance ?? 0
            result = TradeSolver.solve(problem, options: options)
        }
        let diagnostics = log.sorted()
        let files = outputs(result, inputBytes: bytes, diagnostics: diagnostics)
        if let out = configuration.outDirectory {
            do {
                try AtomicPublisher.publish(files.all, to: URL(fileURLWithPath: out), policy: configuration.policy)
            } catch let refusal as PublishRefusal {
                log.emit(refusal.diagnostic)
                return refusal.exitStatus.rawValue
            } catch {
                log.error("trade.output.unwritable", "cannot write outputs: \(AtomicPublisher.describe(error))", at: SourceLocation(file: out))
                return ExitStatus.outputError.rawValue
            }
        }
        switch configuration.format {
        case .json: write(files.stdoutJSON)
        case .csv: write(String(decoding: files.loopsCSV, as: UTF8.self))
        case .tm: write(files.report)
        }
        return log.hasErrors ? 1 : 0
    }

    /// Everything a run produces, in memory.
    public struct Outputs: Sendable {
        public var loopsCSV: [UInt8]
        public var loopsJSONL: [UInt8]
        public var summaryJSON: String
        public var stdoutJSON: String
        public var report: String

        public var all: [OutputFile] {
            [
                OutputFile(path: "trade_loops.csv", bytes: loopsCSV),
                OutputFile(path: "trade_loops.jsonl", bytes: loopsJSONL),
                OutputFile(path: "trade_summary.json", text: summaryJSON),
                OutputFile(path: "trade_report.txt", text: report),
            ]
        }
    }

    public static func outputs(_ result: TradeResult, inputBytes: [UInt8], diagnostics: [Diagnostic]) -> Outputs {
        let inputHash = SHA256.hex(of: inputBytes)
        let table = TradeReport.loopsTable(TradeReport.shipments(result))
        return Outputs(loopsCSV: CSVWriter.render(table), loopsJSONL: JSONLinesWriter.render(table),
                       summaryJSON: summaryJSON(result, inputSHA256: inputHash, diagnostics: diagnostics, includeLoops: false),
                       stdoutJSON: summaryJSON(result, inputSHA256: inputHash, diagnostics: diagnostics, includeLoops: true),
                       report: TradeMaximizerTextReport.render(result, diagnostics: diagnostics))
    }

    /// `trade_summary.json` (or, with the loops, what `--format json` prints).
    static func summaryJSON(_ result: TradeResult, inputSHA256: String, diagnostics: [Diagnostic], includeLoops: Bool) -> String {
        let summary = TradeReport.summary(result, inputSHA256: inputSHA256, diagnostics: diagnostics, includeLoops: includeLoops)
        return String(decoding: StableJSON.encode(summary), as: UTF8.self)
    }
}
