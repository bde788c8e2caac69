@testable import Report

/// Figures with every section filled (hand-made, small), for page tests that must see all sections.
enum ReportFiguresFixture {
    static func full() -> ReportFigures {
        var figures = ReportFigures(pipeline: "nightly <test>")
        var ingest = IngestFigures()
        ingest.filesRead = 12
        ingest.documents = 20
        ingest.documentsByKind = [NamedCount("profile", 10), NamedCount("friend_list", 6), NamedCount("dota_match_details", 4)]
        ingest.players = 10
        ingest.playerGames = 55
        ingest.friendships = 7
        ingest.errors = 1
        ingest.diagnostics = [.init(code: "xml.missingSteamID64", severity: "error", count: 1,
                                    examples: ["players/x.xml:3: error: empty steamID64 [xml.missingSteamID64]"])]
        ingest.visibility = [NamedCount("public", 8), NamedCount("private", 2)]
        figures.ingest = ingest
        var grid = DensityGrid()
        grid.add(latitude: 47.6, longitude: -122.3)
        grid.add(latitude: 52.5, longitude: 13.4)
        grid.add(latitude: 52.4, longitude: 13.2)
        grid.add(latitude: nil, longitude: nil)
        figures.density = grid
        var pairing = PairingFigures()
        pairing.players = 10
        pairing.playersWithGames = 9
        pairing.playersPaired = 8
        pairing.pairings = 20
        pairing.k = 3
        for score in [0.0005, 0.003, 0.02, 0.02, 0.3] { pairing.scores.add(score) }
        pairing.distanceBuckets = PairingFigures.orderedDistances(["under 10 km": 12, "50-100 km": 8])
        pairing.listSizes = [2, 0, 4, 4]
        pairing.unpairedByReason = [NamedCount("no_location", 1), NamedCount("no_games", 1)]
        pairing.exposure = ExposureCurve(counts: [0, 1, 1, 2, 2, 3, 3, 4, 4])
        pairing.topGames = [NamedCount("Dota 2 (570)", 9), NamedCount("Portal & Portal 2 (400)", 3)]
        figures.pairing = pairing
        var funnel = MatchFunnel()
        funnel.proposals = 20
        funnel.accepts = 9
        funnel.matches = 3
        funnel.newMatches = 1
        figures.matches = funnel
        var trades = TradeFigures()
        trades.items = 9
        trades.trades = 5
        trades.loops = 2
        trades.users = 6
        trades.usersTrading = 5
        trades.maxLoopLength = 3
        trades.optimal = true
        trades.loopSizes = [3, 2]
        trades.sampleLoops = [
            [.init(giver: "76561198000000001", item: "game/570", receiver: "76561198000000002"),
             .init(giver: "76561198000000002", item: "game/440", receiver: "76561198000000003"),
             .init(giver: "76561198000000003", item: "game/730", receiver: "76561198000000001")],
            [.init(giver: "76561198000000004", item: "game/10", receiver: "76561198000000005"),
             .init(giver: "76561198000000005", item: "game/20", receiver: "76561198000000004")],
        ]
        figures.trades = trades
        var lobbies = LobbyFigures()
        lobbies.playersAsking = 6
        lobbies.playersPlaced = 4
        lobbies.requests = 7
        lobbies.requestsPlaced = 4
        lobbies.lobbies = 1
        lobbies.sizes = [NamedCount("4", 1)]
        lobbies.unplacedByReason = [NamedCount("no_availability", 3)]
        figures.lobbies = lobbies
        var dota = DotaFigures()
        dota.matches = 4
        dota.winners = [NamedCount("radiant", 3), NamedCount("dire", 1)]
        dota.sides = [NamedCount("dire", 20), NamedCount("radiant", 20)]
        dota.heroPicks = [NamedCount("Axe", 3), NamedCount("Lion", 2)]
        dota.heroWins = ["Axe": 2, "Lion": 0]
        dota.heroesPicked = 2
        figures.dota = dota
        var player = PlayerProgress(steamID: "76561198000000001")
        player.personaName = "Robin"
        player.pairings = 3
        player.appearances = 2
        player.weeks = [.init(week: "2013-W26", games: 2, wins: 1, cumulativeGames: 2, cumulativeWins: 1),
                        .init(week: "2013-W27", games: 3, wins: 3, cumulativeGames: 5, cumulativeWins: 4)]
        figures.player = player
        figures.headline = HeadlineFigures(figures: ["players": 10, "players_paired": 8, "errors": 1])
        figures.previousHeadline = HeadlineFigures(figures: ["players": 10, "players_paired": 14, "errors": 0])
        return figures
    }

    /// Section ids of a page rendered from `full()`.
    static let allSections = ["player", "comparison", "ingest", "map", "pairing", "matches", "trades", "lobbies", "dota"]
}
