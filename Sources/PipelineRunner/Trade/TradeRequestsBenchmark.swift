import Foundation
import Geo
import Normalize
import Pairing
import PipelineCore
import Trade

/// `steam-mate bench trade --requests DIR`: the capped solve of a night's app trade requests, as the
/// pipeline's `trade` stage builds it: `DIR/trade_requests.jsonl` (or `.csv`), blocks from
/// `DIR/decisions.jsonl`, each request placed by its Steam location codes through the shipped location
/// table, and `max_distance_km` as the hard edge filter. Authors are not checked against a dataset (a
/// generated night's authors are all players). Prints, per cap, the solve's CPU seconds, trades, cost,
/// whether items and cost are proven optimal (else bound and gap), candidate loops and blocks, against
/// the old loop-cap heuristic in the same process.
enum TradeRequestsBenchmark {
    static func run(directory: String, caps: [Int], maxDistanceKm: Double?, timeLimitSeconds: Double,
                    exportLPDirectory: String? = nil, heuristicBaseline: Bool = true,
                    gapTolerance: Double = TradeRequestOptions.defaultGapTolerance, maxEnumerationWork: Int? = nil,
                    write: (String) -> Void) -> Int32 {
        let log = DiagnosticLog()
        let base = URL(fileURLWithPath: directory)
        let jsonl = base.appendingPathComponent("trade_requests.jsonl").path
        let csv = base.appendingPathComponent("trade_requests.csv").path
        let requests: [TradeRequest]
        if let data = FileManager.default.contents(atPath: jsonl) {
            requests = TradeRequestDecoder.decodeJSONLines(Array(data), file: "trade_requests.jsonl", sink: log)
        } else if let data = FileManager.default.contents(atPath: csv) {
            requests = TradeRequestDecoder.decodeCSV(Array(data), file: "trade_requests.csv", sink: log)
        } else {
            write("no trade_requests.jsonl or .csv in \(directory)\n")
            return 2
        }
        var blocked = Set<BlockedPair>()
        if let data = FileManager.default.contents(atPath: base.appendingPathComponent("decisions.jsonl").path) {
            blocked = BlockedPairs.from(DecisionParser.parse(Array(data), file: "decisions.jsonl", sink: log))
        }
        var locator: (any PlayerLocator)?
        if let path = ShippedLocationTable.effectivePath(nil) {
            locator = try? LocationLoader.load(path: path) { URL(fileURLWithPath: $0) }
        }
        if locator == nil { write("warning: no location table found; requests without coordinates cannot trade within a distance\n") }
        let requestLocation: (TradeRequest) -> TradeLocation? = { request in
            guard request.country != nil,
                  let position = locator?.locate(country: request.country, state: request.state, cityID: request.cityID, displayText: nil)
            else { return nil }
            return TradeLocation(point: GeoPoint(latitude: position.latitude, longitude: position.longitude), accuracyKm: position.accuracyKm)
        }
        write("requests: \(requests.count), blocked pairs: \(blocked.count), max_distance_km: \(maxDistanceKm.map { Cell.formatFixed($0, places: 0) } ?? "none"), exact = \(TradeSolver.mipSolverVersion), CPU budget \(Cell.formatFixed(timeLimitSeconds, places: 0)) s, gap tolerance \(Cell.formatFixed(gapTolerance * 100, places: 2)) %\n")
        write("| cap | active requests | after pruning | edges after pruning | trades | cost | users trading | optimal | bound | gap | candidate loops | blocks (MIP) | tie-break proven | CPU s | wall s | heuristic trades | peak RSS MB |\n")
        var status: Int32 = 0
        for cap in caps {
            var options = TradeRequestOptions(maxDistanceKm: maxDistanceKm, maxLoopLength: cap, timeLimitSeconds: timeLimitSeconds,
                                              gapTolerance: gapTolerance)
            if let maxEnumerationWork { options.solver.maxEnumerationWork = maxEnumerationWork }
            let matchCPU = TradeBenchmark.cpuSeconds()
            let problem = TradeRequestMatcher.problem(requests: requests, knownAuthors: nil, knownApps: nil, location: { _ in nil },
                                                      requestLocation: requestLocation, blockedPairs: blocked, options: options,
                                                      file: "trade_requests.jsonl", sink: DiagnosticLog())
            if let lpDirectory = exportLPDirectory {
                let url = URL(fileURLWithPath: lpDirectory).appendingPathComponent("requests-cap\(cap).lp")
                try? FileManager.default.createDirectory(atPath: lpDirectory, withIntermediateDirectories: true)
                let text = TradeSolver.cappedItemsProgramLP(problem, cap: cap, distinctUsersPerLoop: options.solver.distinctUsersPerLoop)
                if (try? Data(text.utf8).write(to: url, options: .atomic)) == nil {
                    write("cannot write \(url.path)\n")
                    status = 1
                }
            }
            write("cap \(cap): matching \(requests.count) requests gave \(problem.edgeCount) want edges in \(Cell.formatFixed(TradeBenchmark.cpuSeconds() - matchCPU, places: 2)) CPU s\n")
            let heuristic: (trades: Int, totalCost: Int64)? = heuristicBaseline
                ? TradeSolver.loopCapHeuristic(problem, cap: cap, rounds: options.solver.maxCapRounds) : nil
            let cpu = TradeBenchmark.cpuSeconds()
            let start = DispatchTime.now().uptimeNanoseconds
            let result = TradeSolver.solve(problem, options: options.solver)
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let used = TradeBenchmark.cpuSeconds() - cpu
            let s = result.stats
            if s.optimal != true { status = 1 }
            let cells: [String] = [
                "\(cap)", "\(s.items)", "\(s.itemsAfterPruning)", "\(s.edgesAfterPruning)", "\(s.trades)", "\(s.totalCost)",
                "\(s.usersTrading)", s.optimal == true ? "yes" : "NO" + (s.stopReason.map { " (\($0.rawValue))" } ?? ""), s.itemsUpperBound.map(String.init) ?? "–",
                s.gap.map { Cell.formatFixed($0 * 100, places: 2) + " %" } ?? "–", s.candidateLoops.map(String.init) ?? "–",
                s.loopBlocks.map { "\($0) (\(s.solvedLoopBlocks ?? 0))" } ?? "–", s.tieBreakOptimal == true ? "yes" : "no",
                Cell.formatFixed(used, places: 2), Cell.formatFixed(wall, places: 2), heuristic.map { "\($0.trades)" } ?? "–",
                Cell.formatFixed(TradeBenchmark.peakRSSMegabytes(), places: 0),
            ]
            write("| " + cells.joined(separator: " | ") + " |\n")
        }
        return status
    }
}
