import Foundation

/// How a played game's entry in a player's game vector is weighted before the vector is L2-normalised and
/// quantised (see `ScoreModel`). Every option multiplies by an IDF term and adds the same favourite and
/// two-week boosts; they differ in what the hours contribute and in the IDF formula.
///
/// - `binary`: played or not, `1 · ln(N / (1 + df))` (floored at `minimumIDF`). The plain binary-IDF cosine:
///   on the real playtime set of issue 11 it beat the hours-saturated weights (0.306 vs 0.271 uniform,
///   0.498 vs 0.441 hours-weighted hold-out), so it is the default.
/// - `logHours`: `ln(1 + hours) · ln(N / (1 + df))`: hours count, damped.
/// - `bm25Hours`: BM25-saturated hours (`ScoreModel.saturate`) · `ln(1 + N / df)`: the original weighting.
public enum GameWeighting: String, Sendable, Hashable, CaseIterable {
    case binary
    case logHours = "log_hours"
    case bm25Hours = "bm25_hours"

    public static let `default`: GameWeighting = .binary

    /// IDF floor for the `ln(N / (1 + df))` form, which reaches 0 (or below) for a game nearly everyone plays;
    /// the floor keeps such a game in the vector with a tiny weight instead of dropping or negating it.
    public static let minimumIDF = 0.01

    /// The IDF of a game held by `documentFrequency` of `players` players.
    public func idf(players: Int, documentFrequency: Int) -> Double {
        switch self {
        case .bm25Hours:
            return ScoreModel.idf(players: players, documentFrequency: documentFrequency)
        case .binary, .logHours:
            return max(Self.minimumIDF, log(Double(max(1, players)) / Double(1 + max(0, documentFrequency))))
        }
    }

    /// What the playtime contributes (0 for a game owned with zero minutes).
    public func hoursTerm(minutes: Int) -> Double {
        guard minutes > 0 else { return 0 }
        switch self {
        case .binary: return 1
        case .logHours: return log1p(Double(minutes) / 60)
        case .bm25Hours: return ScoreModel.saturate(minutes: minutes)
        }
    }
}
