import Foundation

/// Builds explanations for emitted pairs only. Cited games are the largest terms of the dot product
/// (ties by appid), with each side's real minutes, so the explanation is faithful to the score.
extension PreparedPopulation {
    public static let distanceBuckets: [(Double, String)] = [
        (10, "under 10 km"), (25, "10-25 km"), (50, "25-50 km"), (100, "50-100 km"), (250, "100-250 km"),
        (500, "250-500 km"), (.infinity, "over 500 km"),
    ]

    public static func bucket(ofKm d: Double?) -> String {
        bucketIndex(ofKm: d).map { distanceBuckets[$0].1 } ?? "anywhere"
    }

    /// Index into `distanceBuckets`; nil ("anywhere") without a distance.
    public static func bucketIndex(ofKm d: Double?) -> Int? {
        guard let d else { return nil }
        return distanceBuckets.firstIndex { d < $0.0 }!
    }

    public func explain(_ u: Int, _ v: Int, topGames limit: Int = 3) -> PairExplanation {
        var f = PairExplanationFigures()
        explain(u, v, into: &f, topGames: limit)
        let top: [PairExplanation.SharedGame] = f.cited.map { c in
            .init(appID: appIDs[c.game], name: gameNames[appIDs[c.game]], minutesYou: c.minutesYou,
                  minutesThem: c.minutesThem, favouriteYou: c.favouriteYou, favouriteThem: c.favouriteThem,
                  recentBoth: c.recentBoth, term: c.term, share: f.share(c))
        }
        var sentence: [UInt8] = []
        Self.appendSentence(f, to: &sentence) { g, out in out.append(contentsOf: displayName(appIDs[g]).utf8) }
        return PairExplanation(
            topGames: top, sharedGames: f.sharedGames,
            favouriteHits: f.favouriteHits.map { appIDs[Int($0)] },
            theirFavouriteHits: f.theirFavouriteHits.map { appIDs[Int($0)] },
            recentGames: f.recentGames.map { appIDs[Int($0)] }, distanceKm: f.distanceKm,
            distanceBucket: Self.bucket(ofKm: f.distanceKm), sharedLanguage: f.sharedLanguage,
            availabilityOverlapHours: f.availabilityOverlapHours, sentence: String(decoding: sentence, as: UTF8.self))
    }

    func displayName(_ app: UInt32) -> String { gameNames[app] ?? "app \(app)" }
}
