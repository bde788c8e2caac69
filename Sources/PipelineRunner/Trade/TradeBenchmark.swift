import Foundation
import PipelineCore
import Trade

/// `steam-mate bench trade`: parse and solve every want list in a directory and one seeded large
/// instance; prints a table with times (median of `repeats`), results and peak RSS.
public enum TradeBenchmark {
    /// TradeMaximizer 1.3c's in-JVM time for one solve (ITERATIONS=1), ms, from trade-format.md §3.
    public static let tradeMaximizerMs: [String: Double] = [
        "TradeMaximizer__samples-ask.txt": 90, "TradeMaximizer__samples-xmas.txt": 339,
        "TradeMaximizer__samples-onewant.txt": 816, "TradeMaximizerOz__friendless1-input.txt": 55,
        "TradeMaximizerOz__friendless2-input.txt": 298, "TradeMaximizerOz__neil-input.txt": 102,
        "TradeMaximizerOz__amiguero-input.txt": 520, "TradeMaximizerOz__amiguero2-input.txt": 158,
        "TradeMaximizerOz__amiguero3-input.txt": 213, "TradeMaximizerOz__amiguero4-input.txt": 276,
        "TradeMaximizerOz__amiguero5-input.txt": 223, "TradeMaximizerOz__amiguero6-input.txt": 190,
        "TradeMaximizerOz__input-brisbane201603.txt": 55, "TradeMaximizerOz__input-brisbane2017real.txt": 57,
    ]

    public struct Configuration: Sendable {
        public var directory: String?
        public var repeats: Int
        public var largeItems: Int
        public var largeEdges: Int
        public var largeUsers: Int
        public var seed: UInt64
        /// Loop caps: when set, run the exact capped solver on every want list for each cap instead
        /// (against the old loop-cap heuristic in the same run).
        public var caps: [Int]
        /// CPU-second budget per capped solve.
        public var timeLimitSeconds: Double
        /// With `caps`: also write each instance's stage-1 program as `<file>-cap<L>.lp` here (CPLEX LP),
        /// to time the same model in another solver.
        public var exportLPDirectory: String?
        /// When set: benchmark the capped solve of this directory's app trade requests instead
        /// (`TradeRequestsBenchmark`), with `caps` (default 3) and `maxDistanceKm`.
        public var requestsDirectory: String?
        public var maxDistanceKm: Double?
        /// With `requestsDirectory`: also run the old loop-cap heuristic as the baseline column.
        public var heuristicBaseline = true
        /// With requests: the capped solve's gap tolerance (nil: `TradeRequestOptions.defaultGapTolerance`).
        public var gapTolerance: Double?
        /// With requests: the loop enumeration's work limit (nil: `TradeSolverOptions`' default).
        public var maxEnumerationWork: Int?

        public init(directory: String? = nil, repeats: Int = 5, largeItems: Int = 20_000, largeEdges: Int = 600_000,
                    largeUsers: Int = 2_000, seed: UInt64 = 20_250_501, caps: [Int] = [], timeLimitSeconds: Double = 60) {
            self.caps = caps
            self.exportLPDirectory = nil
            self.timeLimitSeconds = timeLimitSeconds
            self.directory = directory
            self.repeats = repeats
            self.largeItems = largeItems
            self.largeEdges = largeEdges
            self.largeUsers = largeUsers
            self.seed = seed
        }
    }

    public static func run(_ configuration: Configuration, write: (String) -> Void) -> Int32 {
        if let requests = configuration.requestsDirectory {
            return TradeRequestsBenchmark.run(directory: requests, caps: configuration.caps.isEmpty ? [3] : configuration.caps,
                                              maxDistanceKm: configuration.maxDistanceKm,
                                              timeLimitSeconds: configuration.timeLimitSeconds,
                                              exportLPDirectory: configuration.exportLPDirectory,
                                              heuristicBaseline: configuration.heuristicBaseline,
                                              gapTolerance: configuration.gapTolerance ?? TradeRequestOptions.defaultGapTolerance,
                                              maxEnumerationWork: configuration.maxEnumerationWork,
                                              write: write)
        }
        let candidates = configuration.directory.map { [$0] }
            ?? ["../shared/fixtures/trade", "Tests/TradeTests/Fixtures"]
        guard let directory = candidates.first(where: { isDirectory($0) }) else {
            write("no want-list directory found (tried \(candidates.joined(separator: ", ")))\n")
            return 2
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
        if !configuration.caps.isEmpty {
            return runCapped(directory: directory, files: files, configuration: configuration, write: write)
        }
        write("directory: \(directory), median of \(configuration.repeats) runs; solve = SCC + assignment + tie-break rounds\n")
        write(row(["file", "items", "edges", "active", "trades", "cost", "users trading (1st→final)", "sos", "parse ms",
                   "first solve ms", "solve ms", "TM ms", "TM/solve", "peak RSS MB"]))
        var status: Int32 = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: directory + "/" + file) else { continue }
            let line = measure(name: file, bytes: Array(data), repeats: configuration.repeats, tm: tradeMaximizerMs[file])
            if line == nil { status = 1 }
            write(line ?? row([file, "fatal parse error"]))
        }
        let text = SyntheticTradeGenerator.wantList(seed: configuration.seed, items: configuration.largeItems,
                                                    users: configuration.largeUsers, wantEdges: configuration.largeEdges,
                                                    linearPriorities: true, semicolonEvery: 10)
        let name = "synthetic \(configuration.largeItems) items/\(configuration.largeEdges) wants (seed \(configuration.seed))"
        write(measure(name: name, bytes: text, repeats: 1, tm: nil) ?? row([name, "fatal parse error"]))
        return status
    }

    private static func measure(name: String, bytes: [UInt8], repeats: Int, tm: Double?) -> String? {
        var parseTimes: [Double] = []
        var firstSolveTimes: [Double] = []
        var solveTimes: [Double] = []
        var last: TradeResult? = nil
        for _ in 0..<max(1, repeats) {
            let log = DiagnosticLog()
            var start = DispatchTime.now().uptimeNanoseconds
            guard let problem = try? WantListParser(file: name, sink: log).parse(bytes) else { return nil }
            parseTimes.append(elapsedMs(since: start))
            start = DispatchTime.now().uptimeNanoseconds
            _ = TradeSolver.solve(problem, options: TradeSolverOptions(tieBreak: false))
            firstSolveTimes.append(elapsedMs(since: start))
            start = DispatchTime.now().uptimeNanoseconds
            last = TradeSolver.solve(problem)
            solveTimes.append(elapsedMs(since: start))
        }
        guard let result = last else { return nil }
        let s = result.stats
        let solve = median(solveTimes)
        return row([
            name, "\(s.items)", "\(s.wantEdges)", "\(s.itemsAfterPruning)", "\(s.trades)", "\(s.totalCost)",
            s.users > 0 ? "\(s.usersTradingFirstSolve)→\(s.usersTrading) of \(s.users)" : "n/a", "\(s.sumSquares)",
            fixed(median(parseTimes)), fixed(median(firstSolveTimes)), fixed(solve),
            tm.map { fixed($0, 0) } ?? "–", tm.map { fixed($0 / solve, 1) + "×" } ?? "–", fixed(peakRSSMegabytes(), 0),
        ])
    }

    /// `--caps`: per want list and cap, the exact solver (items, cost, proven optimal or bound and gap,
    /// candidate loops, wall and CPU seconds) next to the old heuristic (items, ms) in the same process.
    private static func runCapped(directory: String, files: [String], configuration: Configuration,
                                  write: (String) -> Void) -> Int32 {
        write("directory: \(directory); exact = cycle formulation + CBC (\(TradeSolver.mipSolverVersion)), time limit \(fixed(configuration.timeLimitSeconds, 0)) s\n")
        write(row(["file", "cap", "uncapped trades", "exact trades", "cost", "optimal", "bound", "gap", "candidate loops",
                   "blocks (MIP)", "exact s", "exact CPU s", "heuristic trades", "heuristic ms", "exact − heuristic", "peak RSS MB"]))
        var status: Int32 = 0
        var worst = 0.0
        for file in files {
            guard let data = FileManager.default.contents(atPath: directory + "/" + file),
                  let problem = try? WantListParser(file: file, sink: DiagnosticLog()).parse(Array(data)) else {
                write(row([file, "fatal parse error"]))
                status = 1
                continue
            }
            for cap in configuration.caps {
                if let lpDirectory = configuration.exportLPDirectory {
                    let name = (file as NSString).deletingPathExtension + "-cap\(cap).lp"
                    let url = URL(fileURLWithPath: lpDirectory).appendingPathComponent(name)
                    try? FileManager.default.createDirectory(atPath: lpDirectory, withIntermediateDirectories: true)
                    if (try? Data(TradeSolver.cappedItemsProgramLP(problem, cap: cap).utf8).write(to: url, options: .atomic)) == nil {
                        write("cannot write \(url.path)\n")
                        status = 1
                    }
                }
                var start = DispatchTime.now().uptimeNanoseconds
                let heuristic = TradeSolver.loopCapHeuristic(problem, cap: cap)
                let heuristicMs = elapsedMs(since: start)
                let cpu = cpuSeconds()
                start = DispatchTime.now().uptimeNanoseconds
                let result = TradeSolver.solve(problem, options: TradeSolverOptions(maxLoopLength: cap,
                                                                                    timeLimitSeconds: configuration.timeLimitSeconds))
                let seconds = elapsedMs(since: start) / 1000
                let cpuUsed = cpuSeconds() - cpu
                worst = max(worst, seconds)
                let s = result.stats
                if s.optimal != true { status = 1 }
                write(row([file, "\(cap)", "\(s.uncappedTrades ?? s.trades)", "\(s.trades)", "\(s.totalCost)",
                           s.optimal == true ? "yes" : "NO", s.itemsUpperBound.map(String.init) ?? "–",
                           s.gap.map { fixed($0 * 100, 2) + " %" } ?? "–", s.candidateLoops.map(String.init) ?? "–",
                           s.loopBlocks.map { "\($0) (\(s.solvedLoopBlocks ?? 0))" } ?? "–", fixed(seconds, 2), fixed(cpuUsed, 2), "\(heuristic.trades)", fixed(heuristicMs, 1),
                           "+\(s.trades - heuristic.trades)", fixed(peakRSSMegabytes(), 0)]))
            }
        }
        write("slowest exact solve: \(fixed(worst, 2)) s\n")
        return status
    }

    /// User + system CPU seconds of this process so far.
    public static func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Peak resident set size of this process so far (getrusage ru_maxrss, KiB on Linux).
    public static func peakRSSMegabytes() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
        #endif
    }

    private static func elapsedMs(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    private static func fixed(_ value: Double, _ places: Int = 1) -> String { Cell.formatFixed(value, places: places) }

    private static func row(_ cells: [String]) -> String { "| " + cells.joined(separator: " | ") + " |\n" }

    private static func isDirectory(_ path: String) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &flag) && flag.boolValue
    }
}
