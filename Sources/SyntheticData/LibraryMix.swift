import Foundation

/// Which library statistics a synthetic population follows.
///
/// - `realPlaytime`: the statistics of the real playtime dataset of issue 11 (9,418 players, 3,600 titles):
///   games per player at quantiles 10/25/50/75/90/99 % of 1/1/2/5/17/96 (27 % with ≥ 5), hours per
///   (player, game) 0.3/1.0/4.5/19/76/913, head titles played by 47/24/14/11/8 % of players, a player's
///   most-played title holding a median 48 % of their hours, with popularity-rank quartiles 2/9/76. The
///   parameters below were fitted to those figures by simulation; `SyntheticLibraryStatisticsTests` checks
///   what they give (and the README states the remaining gaps).
/// - `classic`: the generator's original mix (about 25 played games a player, long-playing head titles, strong
///   taste communities). `bench pair`, `generate` and `Data/sample` use it, so their figures stay comparable.
public enum LibraryMix: String, Sendable, Hashable, CaseIterable {
    case realPlaytime = "real"
    case classic

    /// `config` with this mix's library parameters (everything else kept).
    public func applied(to config: SyntheticPopulationConfig) -> SyntheticPopulationConfig {
        var c = config
        switch self {
        case .classic:
            let defaults = SyntheticPopulationConfig()
            c.catalogueSize = defaults.catalogueSize
            c.zipfExponent = defaults.zipfExponent
            c.zipfOffset = defaults.zipfOffset
            c.meanPlayedGames = defaults.meanPlayedGames
            c.playedGamesSigma = defaults.playedGamesSigma
            c.playtimeLogMu = defaults.playtimeLogMu
            c.playtimeLogSigma = defaults.playtimeLogSigma
            c.shareCommunityGames = defaults.shareCommunityGames
            c.communityPlaytimeFactor = defaults.communityPlaytimeFactor
            c.headPlaytimeFactor = defaults.headPlaytimeFactor
            c.communityHeadSkipped = defaults.communityHeadSkipped
        case .realPlaytime:
            c.catalogueSize = 3_600
            // A steep head (p ∝ 1/r^1.55): one title in about half the libraries, as on the real set.
            c.zipfExponent = 1.55
            c.zipfOffset = 0
            // Log-normal count with median 1.8 and σ 1.75 (mean = median · e^(σ²/2)): rounds to 1/1/2/6/17/100.
            c.playedGamesSigma = 1.75
            c.meanPlayedGames = 1.8 * exp(1.75 * 1.75 / 2)
            // Hours: median e^5.05 min ≈ 2.6 h, σ 2.2; the 50 head titles run 5× longer (median 13 h), which makes a
            // player's most-played title a popular one as often as on the real set.
            c.playtimeLogMu = 5.05
            c.playtimeLogSigma = 2.2
            c.headPlaytimeFactor = 5
            c.communityPlaytimeFactor = 1
            // Taste: 55 % of played titles from the player's communities (co-play that popularity does not predict),
            // never one of the 10 head titles (their shares come from the global curve).
            c.shareCommunityGames = 0.55
            c.communityHeadSkipped = 10
        }
        return c
    }
}
