import Foundation

/// The pairing score, in exact fixed point.
///
/// **Game vector** of player u (over games u played, `minutes_total > 0`, plus u's declared favourites):
///
///     w(u,g) = idf(g) · ( h(u,g) + 1.0·[g ∈ fav(u)] ) · (1 + 0.25·[minutes_2weeks(u,g) > 0])
///
/// with `h` and `idf` chosen by `PairingConfig.gameWeighting` (`GameWeighting`; N = players with a non-empty
/// vector, df(g) = those whose vector has g):
/// - `binary` (default): h = 1 for a played game, idf = max(0.01, ln(N / (1 + df)));
/// - `logHours`: h = ln(1 + hours), same idf;
/// - `bm25Hours`: h = sat(hours), idf = ln(1 + N / df(g)), where
///   sat(h) = t·(K1+1) / (K1 + t),  t = hours / 10,  K1 = 1.2      (BM25 saturation, B = 0: 3,000 h ≈ 1.4 × 30 h)
///
/// A game owned with zero minutes contributes nothing unless it is a favourite. The vector is divided by its
/// **depth-damped length** and quantised:
///
///     d(u) = max(‖w_u‖, ‖w_u‖^α · R^(1−α)),   x(u,g) = max(1, floor(w(u,g) / d(u) · S)),   S = 65,000, R = 40
///
/// With α = 1 (`PairingConfig.normExponent`) this is the plain L2 normalisation, so G is the cosine. With the
/// default α = 0.5, for a fixed player u the ranking of partners v is by `dot(w_u, w_v) / ‖w_v‖^α` (the
/// "asymmetric cosine") as long as ‖w_v‖ ≤ R: a partner is penalised less for the other games in their library,
/// so deeper libraries (more to play together, more to suggest) rank higher among equally close matches;
/// above R (about 60 typical games) partners are compared by plain cosine again. Since d(u) ≥ ‖w_u‖, every
/// ‖x_u‖ ≤ S, so dot products stay exact `UInt32` sums (Cauchy–Schwarz: ≤ S² < 2³²) whatever the order.
///
///     G(u,v) = min(S², Σ_g x(u,g)·x(v,g)) / S²          ∈ [0, 1]
///
/// **One-sided fit** q(u→v) ∈ [0.2, 1], a weighted mean of the components that apply:
/// - distance (weight 1, always): `1 − 0.5·min(1, (d + acc_u + acc_v) / cap_u)`; for an `anywhere` player
///   cap_u is 1,000 km here; 0.5 when either side has no location;
/// - favourites (weight 2, when u declared any): `min(1, hits / min(3, |fav(u)|))`, hits = u's favourites that
///   v plays or declared;
/// - language (weight 1, when both stated languages): 1 if they share one, else 0;
/// - weekly windows (weight 1, when both stated availability): `min(1, overlap_hours / min(10, |A_u|, |A_v|))`;
///
///     q(u→v) = 0.2 + 0.8 · Σ w_c·m_c / Σ w_c,      quantised floor(q·Q), Q = 65,536.
///
/// **Score**: `s(u,v) = G(u,v) · HM(q(u→v), q(v→u))` with the integer harmonic mean
/// `HM = floor(2ab / (a+b))`; internally `s = min(S², dot) · HM` as a `UInt64` (exactly symmetric, `s ≤ G`),
/// reported as `s / (S²·Q)`. Lists are ordered by (s desc, steamid asc).
public enum ScoreModel {
    public static let weightScale: UInt32 = 65_000
    public static let gameScale: UInt64 = UInt64(weightScale) * UInt64(weightScale)
    public static let fitScale: UInt32 = 65_536
    public static let scoreScale: Double = Double(gameScale) * Double(fitScale)

    public static let bm25K1 = 1.2
    public static let hoursPerSaturationUnit = 10.0
    public static let favouriteBoost = 1.0
    public static let recentBoost = 0.25
    public static let anywhereReferenceKm = 1_000.0
    public static let fitFloor = 0.2
    /// R of the depth-damped length (in units of w; about the length of a 60-game `binary` library).
    public static let depthReferenceNorm = 40.0

    /// d(u): what a game vector of L2 length `norm` is divided by before quantising, for exponent α.
    public static func vectorDivisor(norm: Double, exponent alpha: Double) -> Double {
        guard alpha < 1, norm > 0 else { return norm }
        return max(norm, pow(norm, alpha) * pow(depthReferenceNorm, 1 - alpha))
    }

    /// BM25-style saturation of hours.
    public static func saturate(minutes: Int) -> Double {
        guard minutes > 0 else { return 0 }
        let t = Double(minutes) / 60 / hoursPerSaturationUnit
        return t * (bm25K1 + 1) / (bm25K1 + t)
    }

    public static func idf(players: Int, documentFrequency: Int) -> Double {
        log(1 + Double(players) / Double(max(1, documentFrequency)))
    }

    /// Integer harmonic mean of two fits.
    @inline(__always) public static func harmonicMean(_ a: UInt32, _ b: UInt32) -> UInt64 {
        let s = UInt64(a) + UInt64(b)
        guard s > 0 else { return 0 }
        return (2 * UInt64(a) * UInt64(b)) / s
    }

    /// The clamped game dot product.
    @inline(__always) public static func gameTerm(_ dot: UInt32) -> UInt64 { min(UInt64(dot), gameScale) }

    @inline(__always) public static func score(dot: UInt32, fitUV: UInt32, fitVU: UInt32) -> UInt64 {
        gameTerm(dot) * harmonicMean(fitUV, fitVU)
    }

    public static func scoreValue(_ score: UInt64) -> Double { Double(score) / scoreScale }
    public static func gameValue(_ dot: UInt32) -> Double { Double(gameTerm(dot)) / Double(gameScale) }
    public static func fitValue(_ fit: UInt32) -> Double { Double(fit) / Double(fitScale) }
}
