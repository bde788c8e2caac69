/// The sections of the report page, one function each.
extension ReportPage {
    static func ingestSection(_ ingest: IngestFigures) -> String {
        var html = kpis([("files read", NumberText.grouped(ingest.filesRead)), ("documents", NumberText.grouped(ingest.documents)),
                         ("players", NumberText.grouped(ingest.players)), ("library rows", NumberText.grouped(ingest.playerGames)),
                         ("friendships", NumberText.grouped(ingest.friendships)), ("groups", NumberText.grouped(ingest.groups)),
                         ("errors", NumberText.grouped(ingest.errors)), ("warnings", NumberText.grouped(ingest.warnings))])
        html += "<div class=\"grid\">"
        html += figure("Documents by kind", BarChartSVG.horizontal(ingest.documentsByKind, label: "Documents by kind")
            + HTMLTable.counts(ingest.documentsByKind, nameHeader: "kind"))
        if !ingest.visibility.isEmpty {
            let total = ingest.visibility.reduce(0) { $0 + $1.count }
            let hidden = ingest.visibility.filter { $0.name != "public" }.reduce(0) { $0 + $1.count }
            html += figure("Profile visibility (private or unknown: \(NumberText.percent(hidden, of: total)))",
                           BarChartSVG.horizontal(ingest.visibility, label: "Profile visibility")
                               + HTMLTable.counts(ingest.visibility, nameHeader: "visibility"))
        }
        html += "</div>"
        html += "<h3>Diagnostics by code</h3>"
        if ingest.diagnostics.isEmpty {
            html += "<p class=\"empty\">No diagnostics.</p>"
        } else {
            // The first examples go in a full-width row under their code, so long paths wrap instead of
            // squeezing a column on a phone.
            html += "<div class=\"scroll\"><table><thead><tr><th>code</th><th>severity</th><th>count</th></tr></thead><tbody>"
            for group in ingest.diagnostics {
                html += "<tr><td>\(HTMLText.escape(group.code))</td><td>\(HTMLText.escape(group.severity))</td><td>\(NumberText.grouped(group.count))</td></tr>"
                html += "<tr><td colspan=\"3\" class=\"wrap\"><ul class=\"examples\">"
                html += group.examples.map { "<li><code>\(HTMLText.escape($0))</code></li>" }.joined()
                html += "</ul></td></tr>"
            }
            html += "</tbody></table></div>"
        }
        return html
    }

    static func mapSection(_ grid: DensityGrid) -> String {
        let total = grid.located + grid.unlocated
        var html = kpis([("located players", NumberText.grouped(grid.located)), ("without a position", NumberText.grouped(grid.unlocated)),
                         ("unlocated share", NumberText.percent(grid.unlocated, of: total))])
        html += figure("Players per \(grid.cellDegrees)° cell (equirectangular; hover a cell for its count)", DensityMapSVG.render(grid))
        let densest = grid.occupiedCells.sorted { $0.count != $1.count ? $0.count > $1.count : ($0.row, $0.column) < ($1.row, $1.column) }
        html += HTMLTable.render(
            header: ["cell (south-west corner)", "players", "share of located"],
            rows: densest.prefix(15).map { cell in
                let corner = grid.corner(row: cell.row, column: cell.column)
                return ["lat \(corner.latitude), lon \(corner.longitude)", NumberText.grouped(cell.count), NumberText.percent(cell.count, of: grid.located)]
            },
            collapsed: "Densest cells")
        return html
    }

    static func pairingSection(_ p: PairingFigures) -> String {
        var html = kpis([("players", NumberText.grouped(p.players)), ("players paired", NumberText.grouped(p.playersPaired)),
                         ("paired share", NumberText.percent(p.playersPaired, of: p.players)), ("pairings", NumberText.grouped(p.pairings)),
                         ("list length k", String(p.k)), ("exposure Gini", NumberText.fixed(p.exposure.gini, 4))])
        let scoreBars = zip(p.scores.labels { NumberText.fixed($0, 3) }, p.scores.counts).map { NamedCount($0, $1) }
        let listBars = p.listSizes.enumerated().map { NamedCount(String($0.offset), $0.element) }
        html += "<div class=\"grid\">"
        html += figure("Score histogram", BarChartSVG.vertical(scoreBars, label: "Score histogram") + HTMLTable.counts(scoreBars, nameHeader: "score"))
        html += figure("Distance", BarChartSVG.vertical(p.distanceBuckets, label: "Distance histogram")
            + HTMLTable.counts(p.distanceBuckets, nameHeader: "distance"))
        html += figure("List size (pairings per player; 0 in orange)",
                       BarChartSVG.vertical(listBars, label: "List-size distribution", highlight: [0]) + HTMLTable.counts(listBars, nameHeader: "pairings"))
        html += figure("Unpaired by reason", BarChartSVG.horizontal(p.unpairedByReason, label: "Unpaired by reason")
            + HTMLTable.counts(p.unpairedByReason, nameHeader: "reason"))
        let points = p.exposure.lorenzPoints(samples: 10)
        html += figure("Exposure: appearances in other players' lists (\(NumberText.grouped(p.exposure.players)) players with games)",
                       LorenzChartSVG.render(p.exposure)
                           + HTMLTable.render(header: ["least-exposed players", "share of appearances"],
                                              rows: points.dropFirst().map { [NumberText.fixed($0.players * 100, 0) + " %", NumberText.fixed($0.appearances * 100, 1) + " %"] },
                                              collapsed: "Numbers"))
        html += figure("Top games behind pairings (the first game an explanation cites)",
                       BarChartSVG.horizontal(p.topGames, label: "Top games") + HTMLTable.counts(p.topGames, nameHeader: "game"))
        return html + "</div>"
    }

    static func matchesSection(_ m: MatchFunnel) -> String {
        let funnel = [NamedCount("proposals (pairings)", m.proposals), NamedCount("accept decisions", m.accepts),
                      NamedCount("mutual matches", m.matches), NamedCount("new matches", m.newMatches)]
        var html = kpis([("matches", NumberText.grouped(m.matches)), ("new matches", NumberText.grouped(m.newMatches)),
                         ("rejects", NumberText.grouped(m.rejects)), ("blocks", NumberText.grouped(m.blocks)),
                         ("dissolved", NumberText.grouped(m.dissolved))])
        html += figure("Funnel", BarChartSVG.horizontal(funnel, label: "Match funnel"))
        html += HTMLTable.render(header: ["step", "count", "of proposals"],
                                 rows: funnel.map { [$0.name, NumberText.grouped($0.count), NumberText.percent($0.count, of: m.proposals)] },
                                 collapsed: "Numbers")
        return html
    }

    static func tradesSection(_ t: TradeFigures) -> String {
        var items = [("items offered", NumberText.grouped(t.items)), ("trades", NumberText.grouped(t.trades)), ("loops", NumberText.grouped(t.loops)),
                     ("users", NumberText.grouped(t.users)), ("users trading", NumberText.grouped(t.usersTrading))]
        if t.maxLoopLength > 0 { items.append(("loop cap", String(t.maxLoopLength))) }
        if let optimal = t.optimal { items.append(("proven optimal", optimal ? "yes" : "no")) }
        if t.optimal == false {
            if let reason = t.stopReason { items.append(("stopped by", stopReasonText(reason))) }
            if let bound = t.itemsUpperBound { items.append(("at most (bound)", NumberText.grouped(bound))) }
            if let gap = t.gap { items.append(("gap to the bound", NumberText.fixed(gap * 100, 2) + " %")) }
        }
        var html = kpis(items)
        html += "<div class=\"grid\">"
        html += figure("Loops by size", BarChartSVG.vertical(t.loopSizeCounts, label: "Loop-size histogram")
            + HTMLTable.counts(t.loopSizeCounts, nameHeader: "size"))
        for (i, loop) in t.sampleLoops.enumerated() {
            let table = HTMLTable.render(header: ["giver", "sends", "to"], rows: loop.map { [$0.giver, $0.item, $0.receiver] }, collapsed: "Hops")
            html += figure("Loop \(i + 1) (\(loop.count) trades)", LoopGraphSVG.render(loop, number: i + 1) + table)
        }
        return html + "</div>"
    }

    /// What a trade `stop_reason` means, in a few words (an unknown reason is shown as it is).
    static func stopReasonText(_ reason: String) -> String {
        switch reason {
        case "gap_tolerance": "the gap tolerance"
        case "time_limit": "the CPU budget"
        case "candidate_limit": "the loop limit (greedy packing)"
        default: reason
        }
    }

    static func lobbiesSection(_ l: LobbyFigures) -> String {
        var html = kpis([("players asking", NumberText.grouped(l.playersAsking)), ("players placed", NumberText.grouped(l.playersPlaced)),
                         ("placed share", NumberText.percent(l.playersPlaced, of: l.playersAsking)), ("requests", NumberText.grouped(l.requests)),
                         ("requests placed", NumberText.grouped(l.requestsPlaced)), ("lobbies", NumberText.grouped(l.lobbies))])
        let placed = [NamedCount("asking", l.playersAsking), NamedCount("placed", l.playersPlaced)]
        html += "<div class=\"grid\">"
        html += figure("Lobbies by size", BarChartSVG.vertical(l.sizes, label: "Lobby-size histogram") + HTMLTable.counts(l.sizes, nameHeader: "size"))
        html += figure("Players placed vs asking", BarChartSVG.horizontal(placed, label: "Placed vs asking"))
        html += figure("Unplaced requests by reason", BarChartSVG.horizontal(l.unplacedByReason, label: "Unplaced by reason")
            + HTMLTable.counts(l.unplacedByReason, nameHeader: "reason"))
        return html + "</div>"
    }

    static func dotaSection(_ d: DotaFigures) -> String {
        var html = kpis([("matches", NumberText.grouped(d.matches)), ("heroes picked", NumberText.grouped(d.heroesPicked))])
        html += "<div class=\"grid\">"
        html += figure("Winner side", BarChartSVG.horizontal(d.winners, label: "Winner side") + HTMLTable.counts(d.winners, nameHeader: "winner"))
        html += figure("Player slots by side", BarChartSVG.horizontal(d.sides, label: "Sides") + HTMLTable.counts(d.sides, nameHeader: "side"))
        html += figure("Most picked heroes", BarChartSVG.horizontal(d.heroPicks, label: "Hero picks")
            + HTMLTable.render(header: ["hero", "picks", "wins", "win rate"],
                               rows: d.heroPicks.map { hero in
                                   let wins = d.heroWins[hero.name] ?? 0
                                   return [hero.name, NumberText.grouped(hero.count), NumberText.grouped(wins), NumberText.percent(wins, of: hero.count)]
                               }, collapsed: "Numbers"))
        return html + "</div>"
    }

    static func playerSection(_ p: PlayerProgress) -> String {
        var items = [("pairings proposed", NumberText.grouped(p.pairings)), ("in others' lists", NumberText.grouped(p.appearances))]
        if let name = p.personaName { items.insert(("persona", name), at: 0) }
        let last = p.weeks.last
        items.append(("Dota 2 decided matches", NumberText.grouped(last?.cumulativeGames ?? 0)))
        if let last, last.cumulativeGames > 0 { items.append(("win rate", NumberText.percent(last.cumulativeWins, of: last.cumulativeGames))) }
        var html = kpis(items)
        if p.weeks.isEmpty {
            html += "<p class=\"empty\">No Dota 2 progress recorded for this player.</p>"
        } else {
            html += figure("Dota 2 win rate by ISO week (line: cumulative; dots: that week; bars: games)", ProgressChartSVG.render(p.weeks))
            html += HTMLTable.render(header: ["week", "games", "wins", "win rate", "cumulative win rate"],
                                     rows: p.weeks.map { [$0.week, String($0.games), String($0.wins), NumberText.percent($0.wins, of: $0.games),
                                                          NumberText.percent($0.cumulativeWins, of: $0.cumulativeGames)] },
                                     collapsed: "Numbers")
        }
        return html
    }

    static func comparisonSection(_ current: HeadlineFigures, _ previous: HeadlineFigures) -> String {
        let deltas = HeadlineFigures.deltas(current: current, previous: previous)
        let alarms = deltas.filter(\.isAlarming)
        var html = alarms.isEmpty
            ? "<p>No headline figure fell by 20 % or more, and errors and warnings did not rise.</p>"
            : "<p class=\"bad\">Stands out: " + alarms.map { HTMLText.escape(spaced($0.name)) }.joined(separator: ", ") + ".</p>"
        html += "<div class=\"scroll\"><table><thead><tr><th>figure</th><th>previous</th><th>this run</th><th>change</th><th>change %</th></tr></thead><tbody>"
        for delta in deltas {
            let change = delta.previous.flatMap { before in delta.current.map { $0 - before } }
            let percent: String
            if let change, let before = delta.previous, before != 0 {
                percent = (change > 0 ? "+" : "") + NumberText.fixed(Double(change) * 100 / Double(before), 1) + " %"
            } else {
                percent = "–"
            }
            html += delta.isAlarming ? "<tr class=\"bad\">" : "<tr>"
            html += "<td>\(HTMLText.escape(spaced(delta.name)))</td>"
            html += "<td>\(delta.previous.map(NumberText.grouped) ?? "–")</td><td>\(delta.current.map(NumberText.grouped) ?? "–")</td>"
            html += "<td>\(change.map(NumberText.signed) ?? "–")</td><td>\(percent)</td></tr>"
        }
        return html + "</tbody></table></div>"
    }

    /// `players_paired` → `players paired`.
    static func spaced(_ name: String) -> String {
        String(name.map { $0 == "_" ? " " : $0 })
    }
}
