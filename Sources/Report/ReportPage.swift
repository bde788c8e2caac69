/// Renders `ReportFigures` as one self-contained HTML page: inline CSS and SVG, no scripts, no external
/// resources, no timestamps, so the same figures give the same bytes. Sections whose figures are nil are
/// left out; the navigation lists only the sections present.
public enum ReportPage {
    /// Marks a file as a steam-mate report (the CLI only overwrites files carrying it).
    public static let generatorMarker = "<meta name=\"generator\" content=\"steam-mate report\">"

    public static func render(_ figures: ReportFigures) -> [UInt8] {
        var sections: [(id: String, title: String, body: String)] = []
        if let player = figures.player { sections.append(("player", "Player \(player.steamID)", playerSection(player))) }
        if let current = figures.headline, let previous = figures.previousHeadline {
            sections.append(("comparison", "Compared with the previous run", comparisonSection(current, previous)))
        }
        if let ingest = figures.ingest { sections.append(("ingest", "Ingest", ingestSection(ingest))) }
        if let density = figures.density { sections.append(("map", "Where the players are", mapSection(density))) }
        if let pairing = figures.pairing { sections.append(("pairing", "Pairing", pairingSection(pairing))) }
        if let matches = figures.matches { sections.append(("matches", "Matches", matchesSection(matches))) }
        if let trades = figures.trades { sections.append(("trades", "Trades", tradesSection(trades))) }
        if let lobbies = figures.lobbies { sections.append(("lobbies", "Lobbies", lobbiesSection(lobbies))) }
        if let dota = figures.dota { sections.append(("dota", "Dota 2", dotaSection(dota))) }

        let title = "steam-mate run report: " + figures.pipeline + (figures.player.map { " (player \($0.steamID))" } ?? "")
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\(generatorMarker)\n"
        html += "<title>\(HTMLText.escape(title))</title>\n<style>\n\(style)</style>\n</head>\n<body>\n"
        html += "<header><h1>\(HTMLText.escape(title))</h1><nav>"
        html += sections.map { "<a href=\"#\($0.id)\">\(HTMLText.escape($0.title))</a>" }.joined(separator: " ")
        html += "</nav></header>\n<main>\n"
        for section in sections {
            html += "<section id=\"\(section.id)\"><h2>\(HTMLText.escape(section.title))</h2>\n\(section.body)\n</section>\n"
        }
        if sections.isEmpty { html += "<p class=\"empty\">This output holds none of the files the report reads.</p>\n" }
        html += "</main>\n</body>\n</html>\n"
        return Array(html.utf8)
    }

    static func kpis(_ items: [(String, String)]) -> String {
        "<div class=\"kpis\">" + items.map { "<div class=\"kpi\"><b>\(HTMLText.escape($0.1))</b><span>\(HTMLText.escape($0.0))</span></div>" }.joined() + "</div>"
    }

    static func figure(_ caption: String, _ body: String) -> String {
        "<figure><figcaption>\(HTMLText.escape(caption))</figcaption>\(body)</figure>"
    }

    static let style = """
    body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f4f5f7;color:#1d2127}
    header,main{max-width:1200px;margin:0 auto;padding:10px 16px}
    h1{font-size:1.35em;margin:.4em 0}h2{font-size:1.15em;margin:.2em 0 .6em}
    nav a{display:inline-block;margin:0 10px 4px 0;color:#2456b3}
    section{background:#fff;border:1px solid #dde1e7;border-radius:8px;padding:12px 16px;margin:0 0 16px}
    .grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:18px}
    figure{margin:0;min-width:0}figcaption{font-weight:600;margin:6px 0}
    svg{width:100%;height:auto;display:block}svg.square{max-width:340px}svg.map{max-width:960px}svg.hbar{max-width:640px}
    svg text{font-size:11px;fill:#333}svg text.small{font-size:9px}svg text.item{fill:#6a3d9a}
    .bar{fill:#3d6fd6}.bar.alt{fill:#d9822b}.bar.light{fill:#c9d6f2}.axis,.grid{stroke:#c5cad3;stroke-width:.5}
    .frame{fill:none;stroke:#c5cad3}.equal{stroke:#999;stroke-dasharray:4 3}.curve{fill:none;stroke:#d9822b;stroke-width:2}
    .dot{fill:#d9822b}.node{fill:#e8eefb;stroke:#3d6fd6}.edge{stroke:#6a3d9a;stroke-width:1.4}.head{fill:#6a3d9a}
    .sea{fill:#eef2f7}.d1{fill:#c6dbef}.d2{fill:#9ecae1}.d3{fill:#6baed6}.d4{fill:#3182bd}.d5{fill:#08519c}
    .scroll{overflow-x:auto}table{border-collapse:collapse;font-size:13px;margin:6px 0}
    th,td{padding:3px 8px;border-bottom:1px solid #eceff3;text-align:right;white-space:nowrap}
    th:first-child,td:first-child{text-align:left}td.wrap,th.wrap{white-space:normal;text-align:left}
    .kpis{display:flex;flex-wrap:wrap;gap:8px;margin-bottom:10px}
    .kpi{border:1px solid #dde1e7;border-radius:6px;padding:6px 10px;min-width:110px}
    .kpi b{display:block;font-size:1.2em}.kpi span{font-size:.85em;color:#59606b}
    .bad{color:#b3261e;font-weight:700}.empty{color:#59606b;font-style:italic}
    code{font-size:12px;word-break:break-all}ul.examples{margin:2px 0 6px 18px;padding:0}
    @media (max-width:600px){body{font-size:14px}section{padding:10px}header,main{padding:8px}}

    """
}
