/// A player's Dota 2 win rate by ISO week: bars for the week's games, a line for the cumulative win rate,
/// dots for the week's own win rate, each with its numbers in a tooltip.
public enum ProgressChartSVG {
    public static func render(_ weeks: [PlayerProgress.Week]) -> String {
        guard !weeks.isEmpty else { return "<p class=\"empty\">No decided matches.</p>" }
        let width = 640.0
        let top = 16.0
        let plot = 180.0
        let left = 34.0
        let slot = (width - left - 8) / Double(weeks.count)
        let maxGames = max(1, weeks.map(\.games).max() ?? 1)
        func f(_ x: Double) -> String { NumberText.fixed(x, 1) }
        func y(_ rate: Double) -> Double { top + plot - rate * plot }
        var svg = "<svg viewBox=\"0 0 640 \(Int(top + plot + 40))\" role=\"img\" aria-label=\"Win-rate progress\">"
        for tick in [0.0, 0.5, 1.0] {
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(tick)))\" x2=\"\(f(width - 8))\" y2=\"\(f(y(tick)))\"/>"
            svg += "<text x=\"\(f(left - 4))\" y=\"\(f(y(tick) + 4))\" text-anchor=\"end\" class=\"small\">\(Int(tick * 100)) %</text>"
        }
        var line: [String] = []
        let labelEvery = max(1, (weeks.count + 11) / 12)
        for (i, week) in weeks.enumerated() {
            let x = left + (Double(i) + 0.5) * slot
            let h = Double(week.games) / Double(maxGames) * plot * 0.5
            svg += "<g><title>\(HTMLText.escape(week.week)): \(week.wins) of \(week.games) won; cumulative \(week.cumulativeWins) of \(week.cumulativeGames)</title>"
            svg += "<rect class=\"bar light\" x=\"\(f(x - slot * 0.35))\" y=\"\(f(top + plot - h))\" width=\"\(f(slot * 0.7))\" height=\"\(f(h))\"/>"
            if week.games > 0 {
                svg += "<circle class=\"dot\" cx=\"\(f(x))\" cy=\"\(f(y(Double(week.wins) / Double(week.games))))\" r=\"2.5\"/>"
            }
            svg += "</g>"
            if week.cumulativeGames > 0 {
                line.append("\(f(x)),\(f(y(Double(week.cumulativeWins) / Double(week.cumulativeGames))))")
            }
            if i % labelEvery == 0 {
                svg += "<text x=\"\(f(x))\" y=\"\(f(top + plot + 16))\" text-anchor=\"middle\" class=\"small\">\(HTMLText.escape(week.week))</text>"
            }
        }
        svg += "<polyline class=\"curve\" points=\"\(line.joined(separator: " "))\"><title>cumulative win rate</title></polyline>"
        return svg + "</svg>"
    }
}
