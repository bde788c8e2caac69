import Testing
@testable import Report

@Suite struct ReportPageTests {
    static func text(_ figures: ReportFigures) -> String { String(decoding: ReportPage.render(figures), as: UTF8.self) }

    @Test func everySectionIsRenderedWithItsNumbers() {
        let html = Self.text(ReportFiguresFixture.full())
        for id in ReportFiguresFixture.allSections { #expect(html.contains("<section id=\"\(id)\">"), "section \(id)") }
        #expect(html.contains("<title>Dota 2 (570): 9</title>"))
        #expect(html.contains("Gini 0.3333"))  // hand-computed: 2·130/(9·20) − 10/9
        #expect(html.contains("lat 52…54, lon 12…14: 2 players"))
        #expect(html.contains("Stands out: errors, players paired."))
        #expect(html.contains("<td>-6</td><td>-42.9 %</td>"))
        #expect(html.contains(ReportPage.generatorMarker))
    }

    /// An unproven trade result says what stopped it, and the bound and gap when the summary has them; a
    /// proven one shows none of these.
    @Test func anUnprovenTradeResultSaysWhyAndHowFar() {
        var figures = ReportFiguresFixture.full()
        #expect(!Self.text(figures).contains("stopped by"))
        figures.trades?.optimal = false
        figures.trades?.stopReason = "gap_tolerance"
        figures.trades?.itemsUpperBound = 9_462
        figures.trades?.gap = 0.004757
        let tolerated = Self.text(figures)
        #expect(tolerated.contains("<b>the gap tolerance</b><span>stopped by</span>"))
        #expect(tolerated.contains("<b>9,462</b><span>at most (bound)</span>"))
        #expect(tolerated.contains("<b>0.48 %</b><span>gap to the bound</span>"))
        figures.trades?.stopReason = "candidate_limit"
        figures.trades?.itemsUpperBound = nil
        figures.trades?.gap = nil
        let greedy = Self.text(figures)
        #expect(greedy.contains("<b>the loop limit (greedy packing)</b><span>stopped by</span>"))
        #expect(!greedy.contains("at most (bound)"))
    }

    @Test func missingStagesAreOmittedNotBroken() {
        var figures = ReportFiguresFixture.full()
        figures.pairing = nil
        figures.matches = nil
        figures.trades = nil
        figures.lobbies = nil
        figures.dota = nil
        figures.player = nil
        figures.previousHeadline = nil
        let html = Self.text(figures)
        for id in ["pairing", "matches", "trades", "lobbies", "dota", "player", "comparison"] {
            #expect(!html.contains("id=\"\(id)\""), "section \(id) should be left out")
            #expect(!html.contains("href=\"#\(id)\""))
        }
        #expect(html.contains("<section id=\"ingest\">"))
        let empty = Self.text(ReportFigures(pipeline: "old"))
        #expect(empty.contains("holds none of the files"))
        #expect(empty.hasSuffix("</html>\n"))
    }

    @Test func textFromInputIsEscaped() {
        var figures = ReportFiguresFixture.full()
        figures.pairing?.topGames = [NamedCount("<script>alert(1)</script>", 1)]
        let html = Self.text(figures)
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("nightly &lt;test&gt;"))
    }

    @Test func pageIsSelfContainedAndDeterministic() {
        let figures = ReportFiguresFixture.full()
        let first = ReportPage.render(figures)
        #expect(first == ReportPage.render(figures))
        let html = String(decoding: first, as: UTF8.self)
        for forbidden in ["http://", "https://", "src=", "<link", "<script", "url(", "@import", "//cdn"] {
            #expect(!html.lowercased().contains(forbidden), "\(forbidden)")
        }
        // Every href is an in-page anchor.
        for part in html.components(separatedBy: "href=\"").dropFirst() { #expect(part.hasPrefix("#")) }
    }

    @Test func loopDrawingUsesExactAngles() {
        #expect(abs(LoopGraphSVG.sine(Double.pi / 6) - 0.5) < 1e-12)
        #expect(abs(LoopGraphSVG.cosine(0) - 1) < 1e-12)
        #expect(abs(LoopGraphSVG.sine(-Double.pi / 2) + 1) < 1e-12)
    }
}
