import PlayerModel

/// Draws app decisions among nearby players (same city), so pairing has accepts, rejects and blocks to
/// honour and some mutual accepts, i.e. matches.
public enum SyntheticDecisions {
    /// - Parameters:
    ///   - shareDeciding: share of app users (players with preferences and a shown city) who have swiped.
    ///   - shareReciprocated: share of accepts answered by an accept in the other direction.
    /// - Returns: decisions sorted by (from, to), at most one per ordered pair.
    public static func generate(for dataset: PlayerDataset, seed: UInt64, referenceTime: Int64,
                                shareDeciding: Double = 0.3, shareReciprocated: Double = 0.5) -> [SyntheticDecision] {
        var cityOf: [SteamID64: Int] = [:]
        var residents: [Int: [SteamID64]] = [:]
        for player in dataset.players {
            guard let city = player.cityID else { continue }
            cityOf[player.steamID] = city
            residents[city, default: []].append(player.steamID)
        }
        var decisions: [SyntheticDecision] = []
        for (index, prefs) in dataset.preferences.enumerated() {
            guard let city = cityOf[prefs.steamID], let others = residents[city], others.count > 1 else { continue }
            var rng = SplitMix(seed: seed, index: UInt64(index), stream: 4)
            guard rng.chance(shareDeciding) else { continue }
            for _ in 0..<(1 + rng.below(4)) {
                let to = others[rng.below(others.count)]
                guard to != prefs.steamID else { continue }
                let roll = rng.unit()
                let kind: SyntheticDecision.Kind = roll < 0.6 ? .accept : (roll < 0.9 ? .reject : .block)
                let at = referenceTime - 86_400 - Int64(rng.below(20 * 86_400))
                decisions.append(SyntheticDecision(from: prefs.steamID, to: to, kind: kind, at: at))
                if kind == .accept, rng.chance(shareReciprocated) {
                    decisions.append(SyntheticDecision(from: to, to: prefs.steamID, kind: .accept,
                                                       at: at + 60 + Int64(rng.below(86_400))))
                }
            }
        }
        // One decision per ordered pair: keep the earliest (ties broken by kind).
        decisions.sort { ($0.from, $0.to, $0.at, $0.kind.rawValue) < ($1.from, $1.to, $1.at, $1.kind.rawValue) }
        var unique: [SyntheticDecision] = []
        for decision in decisions where unique.last.map({ $0.from != decision.from || $0.to != decision.to }) ?? true {
            unique.append(decision)
        }
        return unique
    }
}
