import PipelineCore

/// Turns a `TradeResult` into output data: shipments, the `trade_loops` table, the summary and the
/// canonical result text whose SHA-256 identifies a result.
public enum TradeReport {
    public static let loopColumns = [
        "loop_id", "position", "giver", "item_given", "receiver", "receiver_item", "item_giver_receives",
        "edge_cost", "receiver_rank", "distance_km", "explanation",
    ]

    /// Shipments in loop order. In loop `[x0, x1, …]`, `x_k` receives `x_{k+1}`, so `x_k` is shipped to `x_{k−1}`'s owner.
    public static func shipments(_ result: TradeResult) -> [[TradeShipment]] {
        let items = result.problem.items
        return result.loops.enumerated().map { loopIndex, loop in
            loop.indices.map { k in
                let given = items[Int(loop[k])]
                let receiverItemIndex = Int(loop[(k + loop.count - 1) % loop.count])
                let receiverItem = items[receiverItemIndex]
                let next = items[Int(loop[(k + 1) % loop.count])]
                let edge = result.receivedEdge[receiverItemIndex].map { result.problem.edge(Int($0)) }
                let rank = edge?.rank ?? 0
                let who = receiverItem.owner.map { "(\($0))" } ?? "the owner of \(receiverItem.name)"
                let giverName = given.owner.map { "(\($0))" } ?? "the owner of \(given.name)"
                let explanation = "\(giverName) sends \(given.name) to \(who), who gives up \(receiverItem.name) "
                    + "and ranked \(given.name) #\(rank) on its want list; \(giverName) receives \(next.name)"
                return TradeShipment(
                    loopID: loopIndex + 1, position: k + 1, giver: given.owner, itemGiven: given.name,
                    receiver: receiverItem.owner, receiverItem: receiverItem.name, itemGiverReceives: next.name,
                    edgeCost: edge?.cost ?? 0, receiverRank: rank, distanceKm: edge?.distanceKm, explanation: explanation)
            }
        }
    }

    public static func loopsTable(_ shipments: [[TradeShipment]]) -> Table {
        var table = Table(name: "trade_loops", columns: loopColumns)
        for loop in shipments {
            for s in loop {
                table.append([
                    .int(s.loopID), .int(s.position), .optional(s.giver), .string(s.itemGiven), .optional(s.receiver),
                    .string(s.receiverItem), .string(s.itemGiverReceives), .int(s.edgeCost), .int(s.receiverRank),
                    .optional(s.distanceKm, places: 1), .string(s.explanation),
                ])
            }
        }
        return table
    }

    /// One line per traded item, sorted: `DISPLAY\treceives\tDISPLAY\n`. Independent of loop order and numbering.
    public static func canonicalResult(_ result: TradeResult) -> String {
        let items = result.problem.items
        var lines: [String] = []
        for (index, received) in result.receives.enumerated() {
            guard let received else { continue }
            lines.append("\(items[index].displayName)\treceives\t\(items[Int(received)].displayName)\n")
        }
        return lines.sorted().joined()
    }

    public static func summary(_ result: TradeResult, inputSHA256: String, diagnostics: [Diagnostic],
                               includeLoops: Bool) -> TradeSummary {
        let s = result.stats
        return TradeSummary(
            items: s.items, dummies: s.dummies, wantEdges: s.wantEdges, itemsAfterPruning: s.itemsAfterPruning,
            edgesAfterPruning: s.edgesAfterPruning, trades: s.trades, totalCost: s.totalCost, users: s.users,
            usersTrading: s.usersTrading, usersTradingFirstSolve: s.usersTradingFirstSolve, loops: s.loops,
            loopSizes: s.loopSizes, sumSquares: s.sumSquares, tieBreakRounds: s.tieBreakRounds,
            maxLoopLength: s.maxLoopLength, uncappedTrades: s.uncappedTrades, uncappedTotalCost: s.uncappedTotalCost,
            optimal: s.optimal, itemsUpperBound: s.itemsUpperBound, gap: s.gap, stopReason: s.stopReason,
            tieBreakOptimal: s.tieBreakOptimal, candidateLoops: s.candidateLoops,
            warmStartTrades: s.warmStartTrades,
            options: result.problem.options.accepted,
            errors: diagnostics.filter { $0.severity == .error }.count,
            warnings: diagnostics.filter { $0.severity == .warning }.count,
            inputSHA256: inputSHA256, resultSHA256: SHA256.hex(of: Array(canonicalResult(result).utf8)),
            tradeLoops: includeLoops ? shipments(result) : nil)
    }
}
