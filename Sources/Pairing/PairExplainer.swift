import Foundation

/// Builds explanations for emitted pairs only. Cited games are the largest terms of the dot product
/// (ties by appid), with each side's real minutes, so the explanation is faithful to the score.
extension PreparedPopulation {
    public static let distanceBuckets: [(Double, String)] = [
        (10, "under 10 km"), (25, "10-25 km"), (50, "25-50 km"), (100, "50-100 km"), (250, "100-250 km"),
        (500, "250-500 km"), (.infinity, "over 500 km"),
    ]

    public static func bucket(ofKm d: Double?) -> String {
        guard let d else { return "anywhere" }
        return distanceBuckets.first { d < $0.0 }!.1
    }

    public func explain(_ u: Int, _ v: Int, topGames limit: Int = 3) -> PairExplanation {
        // One merge of the two sorted vectors: the dot, the shared count, the recent games, and the `limit` largest
        // terms kept in a small array ordered by (term desc, appid asc), so no entry is built for the other games.
        var best: [(term: UInt32, app: UInt32, i: Int, j: Int)] = []
        best.reserveCapacity(limit + 1)
        var i = vectorStart[u], j = vectorStart[v]
        let ie = vectorStart[u + 1], je = vectorStart[v + 1]
        var dot: UInt32 = 0
        var sharedCount = 0
        var recent: [UInt32] = []
        while i < ie && j < je {
            let a = vectorGame[i], b = vectorGame[j]
            if a == b {
                let term = vectorWeight[i] &* vectorWeight[j]
                dot &+= term
                sharedCount += 1
                let app = appIDs[Int(a)]
                if vectorRecentMinutes[i] > 0 && vectorRecentMinutes[j] > 0 { recent.append(app) }
                if limit > 0 && (best.count < limit || Self.citesBefore(term, app, best[best.count - 1])) {
                    var at = best.count
                    while at > 0 && Self.citesBefore(term, app, best[at - 1]) { at -= 1 }
                    best.insert((term, app, i, j), at: at)
                    if best.count > limit { best.removeLast() }
                }
                i += 1; j += 1
            } else if a < b { i += 1 } else { j += 1 }
        }
        let top: [PairExplanation.SharedGame] = best.map { e in
            .init(appID: e.app, name: gameNames[e.app], minutesYou: vectorMinutes[e.i], minutesThem: vectorMinutes[e.j],
                  favouriteYou: vectorFavourite[e.i], favouriteThem: vectorFavourite[e.j],
                  recentBoth: vectorRecentMinutes[e.i] > 0 && vectorRecentMinutes[e.j] > 0, term: e.term,
                  share: dot > 0 ? Double(e.term) / Double(dot) : 0)
        }
        let (_, distance) = geoAdmits(u, v)
        let overlap: Int? = {
            guard let a = availability[u], let b = availability[v] else { return nil }
            return a.overlap(with: b)
        }()
        var e = PairExplanation(
            topGames: top, sharedGames: sharedCount,
            favouriteHits: favouriteHits(u, in: v).map { appIDs[Int($0)] },
            theirFavouriteHits: favouriteHits(v, in: u).map { appIDs[Int($0)] },
            recentGames: recent, distanceKm: distance, distanceBucket: Self.bucket(ofKm: distance),
            sharedLanguage: shareLanguage(u, v), availabilityOverlapHours: overlap, sentence: "")
        e.sentence = sentence(for: e)
        return e
    }

    /// The citation order of shared games: larger term first, then lower appid (a total order).
    @inline(__always) static func citesBefore(_ term: UInt32, _ app: UInt32,
                                              _ o: (term: UInt32, app: UInt32, i: Int, j: Int)) -> Bool {
        term != o.term ? term > o.term : app < o.app
    }

    func displayName(_ app: UInt32) -> String { gameNames[app] ?? "app \(app)" }

    /// One line, second person, for the list owner: "you both sank 300 h into Dota 2, 12 km apart".
    func sentence(for e: PairExplanation) -> String {
        var parts: [String] = []
        if let g = e.topGames.first {
            let hours = min(g.minutesYou, g.minutesThem) / 60
            if hours >= 1 {
                parts.append("you both sank \(hours) h into \(displayName(g.appID))")
            } else if g.minutesYou > 0 && g.minutesThem > 0 {
                parts.append("you both play \(displayName(g.appID))")
            } else {
                parts.append("you both love \(displayName(g.appID))")
            }
            if e.topGames.count > 1 {
                let rest = e.topGames.dropFirst().map { displayName($0.appID) }
                parts.append("also \(rest.joined(separator: " and "))")
            }
        }
        if let f = e.favouriteHits.first { parts.append("they play your favourite \(displayName(f))") }
        if !e.recentGames.isEmpty { parts.append("both active in the last two weeks") }
        if e.sharedLanguage == true { parts.append("you share a language") }
        if let d = e.distanceKm {
            parts.append("\(Int(d.rounded())) km apart")
        } else {
            parts.append("both open to players anywhere")
        }
        return parts.joined(separator: ", ")
    }
}
