import Geo
import PipelineCore
import PlayerModel

/// The pipeline `trade` stage's core: app trade requests → the same optimal loops as for want lists.
///
/// Each active request is one item owned by its author; request A wants request B when B's offered game
/// is on A's accepted list (rank = position in the list). Edges are dropped when the two authors are the
/// same player, blocked each other, or are farther apart than `maxDistanceKm`. Requests whose author or
/// offered game is unknown (when the caller passes the known sets) or whose id repeats are reported and
/// skipped. Items are named `<request_id>/<appid>`; owners are SteamID64 texts.
public enum TradeRequestMatcher {
    /// Solves; see `problem(...)` for the parameters.
    public static func solve(
        requests: [TradeRequest], knownAuthors: Set<SteamID64>? = nil, knownApps: Set<UInt32>? = nil,
        location: (SteamID64) -> TradeLocation? = { _ in nil },
        requestLocation: (TradeRequest) -> TradeLocation? = { _ in nil }, blockedPairs: Set<BlockedPair> = [],
        options: TradeRequestOptions = TradeRequestOptions(), file: String = "trade_requests.jsonl",
        sink: any DiagnosticSink
    ) -> TradeResult {
        let problem = problem(requests: requests, knownAuthors: knownAuthors, knownApps: knownApps, location: location,
                              requestLocation: requestLocation, blockedPairs: blockedPairs, options: options,
                              file: file, sink: sink)
        return TradeSolver.solve(problem, options: options.solver)
    }

    /// The pipeline `trade` stage: authors must be players of `dataset`, offered games must appear in its
    /// `games` (not checked when the dataset has no games), and an author's position is the player's
    /// latitude/longitude (± location_accuracy_km). `requestLocation` may resolve a request's own Steam
    /// location codes (country/state/city_id); a request's explicit latitude/longitude always wins. `knownApps`, when
    /// given, stands for the app ids of `dataset.games` (a caller that released the rows computed it before).
    public static func solve(
        requests: [TradeRequest], dataset: PlayerDataset, knownApps: Set<UInt32>? = nil, blockedPairs: Set<BlockedPair>,
        requestLocation: (TradeRequest) -> TradeLocation? = { _ in nil },
        options: TradeRequestOptions = TradeRequestOptions(), file: String = "trade_requests.jsonl",
        sink: any DiagnosticSink
    ) -> TradeResult {
        let apps = knownApps ?? KnownApps.of(dataset.games)
        return solve(requests: requests, players: TradePlayers(dataset.players), knownApps: apps, blockedPairs: blockedPairs,
                     requestLocation: requestLocation, options: options, file: file, sink: sink)
    }

    /// As above, with the players taken from the dataset beforehand (`TradePlayers`) and `knownApps` the app ids of its
    /// `games` (nil or empty: not checked).
    public static func solve(
        requests: [TradeRequest], players: TradePlayers, knownApps: Set<UInt32>?, blockedPairs: Set<BlockedPair>,
        requestLocation: (TradeRequest) -> TradeLocation? = { _ in nil },
        options: TradeRequestOptions = TradeRequestOptions(), file: String = "trade_requests.jsonl",
        sink: any DiagnosticSink
    ) -> TradeResult {
        let positions = players.positions
        return solve(requests: requests, knownAuthors: players.ids,
                     knownApps: knownApps.flatMap { $0.isEmpty ? nil : $0 }, location: { positions[$0] }, requestLocation: requestLocation,
                     blockedPairs: blockedPairs, options: options, file: file, sink: sink)
    }

    /// Builds the solver input. Position of a request: its own latitude/longitude, else
    /// `requestLocation(request)` (e.g. its Steam location codes resolved), else `location(author)`.
    public static func problem(
        requests: [TradeRequest], knownAuthors: Set<SteamID64>?, knownApps: Set<UInt32>?,
        location: (SteamID64) -> TradeLocation?, requestLocation: (TradeRequest) -> TradeLocation? = { _ in nil },
        blockedPairs: Set<BlockedPair>, options: TradeRequestOptions, file: String, sink: any DiagnosticSink
    ) -> TradeProblem {
        var seenIDs = Set<String>()
        var unique: [TradeRequest] = []
        for request in requests {
            guard seenIDs.insert(request.id).inserted else {
                sink.error("trade.request.duplicateID", "request id \(request.id) repeats; later request skipped",
                           at: SourceLocation(file: file, line: request.line == 0 ? nil : request.line))
                continue
            }
            unique.append(request)
        }
        var kept: [TradeRequest] = []
        // Item order (and so every tie) follows creation time, then id: independent of input order.
        let ordered = unique.sorted { ($0.createdAt, $0.id, $0.line) < ($1.createdAt, $1.id, $1.line) }
        for request in ordered {
            let at = SourceLocation(file: file, line: request.line == 0 ? nil : request.line)
            guard request.status == .active else { continue }
            if let knownAuthors, !knownAuthors.contains(request.author) {
                sink.error("trade.request.unknownAuthor", "request \(request.id): author \(request.author) is not in the dataset; skipped", at: at)
                continue
            }
            if let knownApps, !knownApps.contains(request.offeredAppID) {
                sink.error("trade.request.unknownGame", "request \(request.id): offered app \(request.offeredAppID) is unknown; skipped", at: at)
                continue
            }
            kept.append(request)
        }
        let locations: [TradeLocation?] = kept.map { request in
            if let point = request.point { return TradeLocation(point: point, accuracyKm: request.accuracyKm ?? 0) }
            return requestLocation(request) ?? location(request.author)
        }
        var offers: [UInt32: [Int]] = [:]
        for (index, request) in kept.enumerated() { offers[request.offeredAppID, default: []].append(index) }
        var items: [TradeItem] = []
        items.reserveCapacity(kept.count)
        for request in kept {
            items.append(TradeItem(name: "\(request.id)/\(request.offeredAppID)", owner: request.author.description,
                                   isDummy: false, line: request.line))
        }
        let links = wantLinks(kept: kept, locations: locations, offers: offers, knownApps: knownApps,
                              blockedPairs: blockedPairs, options: options, file: file, sink: sink)
        var wantOptions = WantListOptions()
        wantOptions.priorities = options.priorities
        wantOptions.accepted = ["\(options.priorities.rawValue.uppercased())-PRIORITIES"]
            + (options.maxDistanceKm.map { ["MAX-DISTANCE-KM=\(Cell.formatFixed($0, places: 1))"] } ?? [])
        return TradeProblem(items: items, links: links, positions: locations.map { $0?.point }, options: wantOptions)
    }

    /// Request A wants request B when B's game is on A's list; edges in A's list order, then B's item
    /// order. The hot loop reads flat per-request columns (no request copies), tests blocks only for
    /// authors who have any, and rejects pairs beyond the distance limit by a dot product (with 1 km of
    /// slack) before the exact haversine decides: on a dense 1M-player night it checks 282 M pairs. An edge's cost
    /// and distance are not stored: the problem derives them from its rank and its two requests' positions.
    private static func wantLinks(
        kept: [TradeRequest], locations: [TradeLocation?], offers: [UInt32: [Int]], knownApps: Set<UInt32>?,
        blockedPairs: Set<BlockedPair>, options: TradeRequestOptions, file: String, sink: any DiagnosticSink
    ) -> [TradeProblem.Link] {
        let authors = kept.map(\.author)
        let units = locations.map { $0?.point.unitVector }
        var blockedWith: [SteamID64: [SteamID64]] = [:]
        for pair in blockedPairs {
            blockedWith[pair.low, default: []].append(pair.high)
            blockedWith[pair.high, default: []].append(pair.low)
        }
        let prefilter = options.maxDistanceKm.map { UnitVector.cosine(ofKm: $0 + 1) }
        var links: [TradeProblem.Link] = []
        for (a, request) in kept.enumerated() {
            let author = authors[a]
            let blocked = blockedWith[author] ?? []
            let here = locations[a], hereUnit = units[a]
            var rank: Int64 = 0
            var seenApps = Set<UInt32>()
            for app in request.acceptedAppIDs where seenApps.insert(app).inserted {
                rank += 1
                if let knownApps, !knownApps.contains(app) {
                    sink.warning("trade.request.unknownAcceptedGame", "request \(request.id): accepted app \(app) is unknown",
                                 at: SourceLocation(file: file, line: request.line == 0 ? nil : request.line))
                    continue
                }
                for b in offers[app] ?? [] {
                    let other = authors[b]
                    if other == author || (!blocked.isEmpty && blocked.contains(other)) { continue }
                    if let limit = options.maxDistanceKm, let prefilter {
                        // Conservative, as in pairing: within the limit even if both sit at the far edge of
                        // their location's accuracy radius.
                        guard let here, let there = locations[b], let hereUnit, let thereUnit = units[b],
                              hereUnit.dot(thereUnit) >= prefilter else { continue }
                        let km = here.point.distanceKm(to: there.point)
                        guard km + here.accuracyKm + there.accuracyKm <= limit else { continue }
                    }
                    links.append(TradeProblem.Link(receiver: Int32(a), wanted: Int32(b), rank: rank))
                }
            }
        }
        return links
    }
}
