import Geo
import PipelineCore
import PlayerModel
import Testing
@testable import Trade

@Suite struct TradeRequestMatcherTests {
    static let alice = SteamID64(accountID: 11)!, bob = SteamID64(accountID: 22)!, carol = SteamID64(accountID: 33)!
    static let berlin = TradeLocation(point: GeoPoint(latitude: 52.52, longitude: 13.40))
    static let potsdam = TradeLocation(point: GeoPoint(latitude: 52.39, longitude: 13.06))
    static let munich = TradeLocation(point: GeoPoint(latitude: 48.14, longitude: 11.58))

    /// Alice offers 10 for 20; Bob offers 20 for 30 or 10; Carol offers 30 for 10.
    static let requests = [
        TradeRequest(id: "a", author: alice, offeredAppID: 10, offeredTitle: "Ten", acceptedAppIDs: [20], createdAt: "2025-05-01", line: 1),
        TradeRequest(id: "b", author: bob, offeredAppID: 20, offeredTitle: "Twenty", acceptedAppIDs: [30, 10], createdAt: "2025-05-02", line: 2),
        TradeRequest(id: "c", author: carol, offeredAppID: 30, offeredTitle: "Thirty", acceptedAppIDs: [10], createdAt: "2025-05-03", line: 3),
    ]

    static func location(_ id: SteamID64) -> TradeLocation? {
        [alice: berlin, bob: potsdam, carol: munich][id]
    }

    @Test func threeWayLoopPreferredOverSwapByPriority() {
        let log = DiagnosticLog()
        let result = TradeRequestMatcher.solve(requests: Self.requests, location: Self.location, sink: log)
        #expect(log.all.isEmpty)
        // The 3-loop (a→b→c) trades 3 items; the a↔b swap only 2.
        #expect(result.stats.trades == 3)
        #expect(result.stats.totalCost == 3) // every receiver gets its first choice
        #expect(result.loops.count == 1)
        let shipments = TradeReport.shipments(result).joined()
        #expect(shipments.allSatisfy { $0.distanceKm != nil })
        #expect(shipments.map(\.itemGiven) == ["a/10", "b/20", "c/30"])
        #expect(FixtureSupport.violations(of: result) == [])
    }

    @Test func distanceIsAHardEdgeFilter() {
        let log = DiagnosticLog()
        let result = TradeRequestMatcher.solve(requests: Self.requests, location: Self.location,
                                               options: TradeRequestOptions(maxDistanceKm: 100), sink: log)
        // Carol (Munich, ~500 km) is out of range; Alice and Bob (~27 km) swap at Bob's second choice.
        #expect(result.stats.trades == 2)
        #expect(result.stats.totalCost == 3)
        let shipments = TradeReport.shipments(result).joined()
        #expect(shipments.allSatisfy { ($0.distanceKm ?? 1_000) <= 100 })
        #expect(Set(shipments.compactMap(\.giver)) == [Self.alice.description, Self.bob.description])
    }

    /// Alice (Berlin) and Bob (Potsdam) are ~27 km apart: with 10 km accuracy each they are within 50 km but
    /// not within 40 km, since the filter counts both radii (as pairing does).
    @Test func distanceFilterIncludesAccuracyRadii() {
        let fuzzy = { (id: SteamID64) -> TradeLocation? in
            Self.location(id).map { TradeLocation(point: $0.point, accuracyKm: 10) }
        }
        let exact = TradeRequestMatcher.solve(requests: Self.requests, location: Self.location,
                                              options: TradeRequestOptions(maxDistanceKm: 40), sink: DiagnosticLog())
        #expect(exact.stats.trades == 2)
        let tooFar = TradeRequestMatcher.solve(requests: Self.requests, location: fuzzy,
                                               options: TradeRequestOptions(maxDistanceKm: 40), sink: DiagnosticLog())
        #expect(tooFar.stats.trades == 0)
        let near = TradeRequestMatcher.solve(requests: Self.requests, location: fuzzy,
                                             options: TradeRequestOptions(maxDistanceKm: 50), sink: DiagnosticLog())
        #expect(near.stats.trades == 2)
    }

    @Test func unknownLocationFailsTheDistanceFilter() {
        let result = TradeRequestMatcher.solve(requests: Self.requests, location: { _ in nil },
                                               options: TradeRequestOptions(maxDistanceKm: 10_000), sink: DiagnosticLog())
        #expect(result.stats.trades == 0)
    }

    @Test func blockedPlayersNeverTrade() {
        let blocked: Set<BlockedPair> = [BlockedPair(Self.carol, Self.bob)]
        let result = TradeRequestMatcher.solve(requests: Self.requests, location: Self.location, blockedPairs: blocked,
                                               sink: DiagnosticLog())
        #expect(result.stats.trades == 2)
        let pairs = TradeReport.shipments(result).joined().map { BlockedPair(SteamID64($0.giver!)!, SteamID64($0.receiver!)!) }
        #expect(!pairs.contains(BlockedPair(Self.bob, Self.carol)))
    }

    @Test func unknownAuthorOrGameIsReportedAndSkipped() {
        let log = DiagnosticLog()
        var requests = Self.requests
        requests.append(TradeRequest(id: "d", author: SteamID64(accountID: 99)!, offeredAppID: 20, offeredTitle: "",
                                     acceptedAppIDs: [10], line: 4))
        requests.append(TradeRequest(id: "e", author: Self.bob, offeredAppID: 777, offeredTitle: "", acceptedAppIDs: [10], line: 5))
        requests.append(TradeRequest(id: "a", author: Self.bob, offeredAppID: 20, offeredTitle: "", acceptedAppIDs: [10], line: 6))
        requests.append(TradeRequest(id: "f", author: Self.carol, offeredAppID: 20, offeredTitle: "", acceptedAppIDs: [10],
                                     status: .sold, line: 7))
        let result = TradeRequestMatcher.solve(requests: requests, knownAuthors: [Self.alice, Self.bob, Self.carol],
                                               knownApps: [10, 20, 30], location: Self.location, sink: log)
        let found = log.sorted().map { "\($0.location?.line ?? 0) \($0.code)" }
        #expect(found == ["4 trade.request.unknownAuthor", "5 trade.request.unknownGame", "6 trade.request.duplicateID"])
        #expect(result.problem.items.map(\.name) == ["a/10", "b/20", "c/30"])
        #expect(result.stats.trades == 3)
    }

    @Test func decodesJSONLinesAndCSVWithLineNumberedErrors() {
        let jsonl = """
            {"request_id":"r1","author":"76561197960265739","offered_appid":570,"offered_title":"Dota 2","accepted_appids":[730,440],"status":"active","created_at":"2025-05-01T12:00:00Z","latitude":52.5,"longitude":13.4}
            {"request_id":"r2","author":"not-an-id","offered_appid":730,"accepted_appids":[570]}
            {"request_id":"r3","author":"76561197960265740","offered_appid":730,"accepted_appids":[570],"status":"lost"}
            {broken

            {"request_id":"r4","author":"76561197960265740","offered_appid":730,"accepted_appids":[570],"status":"in_progress"}
            """
        let log = DiagnosticLog()
        let decoded = TradeRequestDecoder.decodeJSONLines(Array(jsonl.utf8), file: "trade_requests.jsonl", sink: log)
        #expect(decoded.map(\.id) == ["r1", "r4"])
        #expect(decoded[0].acceptedAppIDs == [730, 440])
        #expect(decoded[0].point == GeoPoint(latitude: 52.5, longitude: 13.4))
        #expect(decoded[1].status == .inProgress)
        #expect(log.sorted().map { "\($0.location?.line ?? 0) \($0.code)" }
                == ["2 steamid.invalid", "3 trade.request.badStatus", "4 trade.request.badJSON"])

        let csv = "request_id,author,offered_appid,offered_title,accepted_appids,status,created_at\r\n"
            + "r1,76561197960265739,570,\"Dota 2, the game\",730;440,active,2025-05-01\r\n"
            + "r2,76561197960265740,730,CS,570;x,active,2025-05-01\r\n"
            + "r3,76561197960265740,730,\"unterminated,570,active,2025-05-01\r\n"
        let csvLog = DiagnosticLog()
        let fromCSV = TradeRequestDecoder.decodeCSV(Array(csv.utf8), file: "trade_requests.csv", sink: csvLog)
        #expect(fromCSV.map(\.offeredTitle) == ["Dota 2, the game"])
        #expect(csvLog.sorted().map { "\($0.location?.line ?? 0) \($0.code)" } == ["3 trade.request.badAppID", "4 trade.request.badCSV"])
    }

    @Test func syntheticRequestsAreSeededAndSolve() {
        let a = SyntheticTradeGenerator.requests(seed: 7, count: 300, users: 60, apps: 40)
        let b = SyntheticTradeGenerator.requests(seed: 7, count: 300, users: 60, apps: 40)
        #expect(a.requests == b.requests)
        let locations = a.locations
        let result = TradeRequestMatcher.solve(requests: a.requests, location: { locations[$0] },
                                               options: TradeRequestOptions(maxDistanceKm: 250), sink: DiagnosticLog())
        #expect(result.stats.trades > 0)
        #expect(FixtureSupport.violations(of: result) == [])
        #expect(TradeReport.shipments(result).joined().allSatisfy { ($0.distanceKm ?? .infinity) <= 250 })
    }

    /// The matcher's edges equal the definition checked pair by pair (every request against every other):
    /// same edges, same order, same distances, with blocks, accuracy radii, unlocated authors and repeats.
    @Test(arguments: [nil, 40.0, 150.0])
    func edgesEqualThePairByPairDefinition(maxDistanceKm: Double?) {
        let generated = SyntheticTradeGenerator.requests(seed: 11, count: 400, users: 90, apps: 25, spreadKm: 120)
        var locations = generated.locations
        let authors = locations.keys.sorted()
        for (k, author) in authors.enumerated() where k % 9 == 0 { locations[author] = nil }
        for (k, author) in authors.enumerated() where k % 5 == 1 {
            locations[author] = locations[author].map { TradeLocation(point: $0.point, accuracyKm: Double(k % 7) * 3) }
        }
        var blocked = Set<BlockedPair>()
        for k in stride(from: 0, to: authors.count - 3, by: 4) { blocked.insert(BlockedPair(authors[k], authors[k + 3])) }
        let options = TradeRequestOptions(maxDistanceKm: maxDistanceKm)
        let problem = TradeRequestMatcher.problem(requests: generated.requests, knownAuthors: nil, knownApps: nil,
                                                  location: { locations[$0] }, blockedPairs: blocked, options: options,
                                                  file: "r.jsonl", sink: DiagnosticLog())
        let kept = generated.requests.sorted { ($0.createdAt, $0.id, $0.line) < ($1.createdAt, $1.id, $1.line) }
        var expected: [WantEdge] = []
        for (a, request) in kept.enumerated() {
            var seen = Set<UInt32>()
            for (index, app) in request.acceptedAppIDs.filter({ seen.insert($0).inserted }).enumerated() {
                let rank = Int64(index + 1)
                for (b, other) in kept.enumerated() where other.offeredAppID == app && other.author != request.author {
                    if blocked.contains(BlockedPair(request.author, other.author)) { continue }
                    let here = locations[request.author], there = locations[other.author]
                    let distance = here.flatMap { h in there.map { h.point.distanceKm(to: $0.point) } }
                    if let limit = maxDistanceKm {
                        guard let distance, let here, let there, distance + here.accuracyKm + there.accuracyKm <= limit else { continue }
                    }
                    expected.append(WantEdge(receiver: Int32(a), wanted: Int32(b), rank: rank,
                                             cost: options.priorities.cost(rank: rank), distanceKm: distance))
                }
            }
        }
        #expect(problem.items.count == kept.count)
        #expect(expected.count > 100)
        #expect(problem.edges == expected)
    }

    /// App requests are capped (3 by default) and solved by the capped solver alone: no uncapped
    /// assignment, so no `uncapped_trades`; a capped want list still reports its uncapped optimum.
    @Test func cappedRequestsSkipTheUncappedReference() {
        let generated = SyntheticTradeGenerator.requests(seed: 5, count: 300, users: 70, apps: 30)
        let locations = generated.locations
        let requests = TradeRequestMatcher.solve(requests: generated.requests, location: { locations[$0] },
                                                 options: TradeRequestOptions(maxDistanceKm: 250), sink: DiagnosticLog())
        #expect(requests.stats.maxLoopLength == 3)
        #expect(requests.stats.uncappedTrades == nil)
        #expect(requests.stats.warmStartTrades == nil)
        #expect(requests.stats.optimal == true)
        #expect(requests.stats.trades > 0)
        #expect(FixtureSupport.violations(of: requests) == [])
        // The same problem with the reference on: the same optimum, and the uncapped figures reported.
        var options = TradeRequestOptions(maxDistanceKm: 250)
        options.solver.uncappedReference = true
        let problem = TradeRequestMatcher.problem(requests: generated.requests, knownAuthors: nil, knownApps: nil,
                                                  location: { locations[$0] }, blockedPairs: [], options: options,
                                                  file: "r.jsonl", sink: DiagnosticLog())
        let referenced = TradeSolver.solve(problem, options: options.solver)
        #expect(referenced.stats.trades == requests.stats.trades)
        #expect(referenced.stats.totalCost == requests.stats.totalCost)
        #expect((referenced.stats.uncappedTrades ?? 0) >= requests.stats.trades)
    }

    @Test func datasetVariantUsesPlayersGamesAndPositions() {
        var dataset = PlayerDataset()
        for (id, place) in [(Self.alice, Self.berlin), (Self.bob, Self.potsdam), (Self.carol, Self.munich)] {
            var player = Player(steamID: id)
            player.latitude = place.point.latitude
            player.longitude = place.point.longitude
            dataset.players.append(player)
        }
        dataset.games = [10, 20].map { PlayerGame(steamID: Self.alice, appID: $0, minutesTotal: 1) }
        let log = DiagnosticLog()
        let result = TradeRequestMatcher.solve(requests: Self.requests, dataset: dataset, blockedPairs: [],
                                               options: TradeRequestOptions(maxDistanceKm: 100), sink: log)
        // Carol's game 30 is not in the dataset: her request is skipped; Alice and Bob swap.
        #expect(log.sorted().map { "\($0.location?.line ?? 0) \($0.code)" }
                == ["2 trade.request.unknownAcceptedGame", "3 trade.request.unknownGame"])
        #expect(result.stats.trades == 2)
        #expect(TradeReport.shipments(result).joined().allSatisfy { $0.distanceKm != nil })
    }
}
