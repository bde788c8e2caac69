import PipelineCore
import Trade

/// A TradeMaximizer 1.3c style text report: header, errors, TRADE LOOPS, ITEM SUMMARY and the summary lines.
/// "A receives B" means A's owner gets item B; each loop is listed so that a line's B is the next line's A.
public enum TradeMaximizerTextReport {
    public static func render(_ result: TradeResult, diagnostics: [Diagnostic]) -> String {
        let items = result.problem.items
        let stats = result.stats
        var out = "steam-mate trade (TradeMaximizer 1.3c compatible report)\n"
        out += "Options: \(result.problem.options.accepted.joined(separator: " "))\n\n"
        if !result.problem.missingOfficial.isEmpty && result.problem.options.showMissing {
            for name in result.problem.missingOfficial { out += "**** Missing want list for official name \(name)\n" }
            out += "\n"
        }
        let problems = diagnostics.filter { $0.severity != .note }
        if !problems.isEmpty {
            out += "ERRORS:\n"
            for d in problems { out += "**** \(d.description)\n" }
            out += "\n"
        }
        let traded = items.indices.filter { !items[$0].isDummy }
        // Each item's name once: `displayName` builds a new string, and the sort below compares 2·n·log n of them.
        let names = items.map(\.displayName)
        let width = traded.map { names[$0].count }.max() ?? 0
        func pad(_ s: String) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
        out += "TRADE LOOPS (\(stats.trades) total trades):\n\n"
        for loop in result.loops {
            for (k, item) in loop.enumerated() {
                let next = loop[(k + 1) % loop.count]
                out += "\(pad(names[Int(item)])) receives \(names[Int(next)])\n"
            }
            out += "\n"
        }
        var sender = [Int32?](repeating: nil, count: items.count)
        for (index, received) in result.receives.enumerated() { if let received { sender[Int(received)] = Int32(index) } }
        out += "ITEM SUMMARY (\(stats.trades) total trades):\n\n"
        let ordered = traded.sorted { (names[$0], $0) < (names[$1], $1) }
        for index in ordered {
            if let received = result.receives[index], let to = sender[index] {
                out += "\(pad(names[index])) receives \(pad(names[Int(received)])) and sends to \(names[Int(to)])\n"
            } else {
                out += "\(pad(names[index])) \(String(repeating: " ", count: width + 9))does not trade\n"
            }
        }
        let percent = stats.items == 0 ? 0 : Double(stats.trades) * 100 / Double(stats.items)
        let average = stats.trades == 0 ? 0 : Double(stats.totalCost) / Double(stats.trades)
        out += "\n"
        out += "Num trades  = \(stats.trades) of \(stats.items) items (\(Cell.formatFixed(percent, places: 1))%)\n"
        out += "Total cost  = \(stats.totalCost) (avg \(Cell.formatFixed(average, places: 2)))\n"
        out += "Num groups  = \(stats.loops)\n"
        out += "Group sizes = \(stats.loopSizes.map(String.init).joined(separator: " "))\n"
        out += "Sum squares = \(stats.sumSquares)\n"
        if stats.users > 0 {
            out += "Users trading = \(stats.usersTrading) of \(stats.users)\n"
        }
        if let cap = stats.maxLoopLength {
            out += "Max loop length = \(cap)"
            if let uncapped = stats.uncappedTrades {
                out += " (uncapped optimum: \(uncapped) trades, cost \(stats.uncappedTotalCost ?? 0))"
            }
            out += "\n"
            if stats.optimal == false {
                out += "NOT PROVEN OPTIMAL: time limit; at most \(stats.itemsUpperBound.map(String.init) ?? "?") trades possible"
                out += stats.gap.map { " (gap \(Int(($0 * 10000).rounded())) bp)" } ?? ""
                out += "\n"
            }
        }
        return out
    }
}
