/// Knobs of a pairing run. Every default is documented here and in the README.
public struct PairingConfig: Sendable, Hashable {
    /// Proposals per player.
    public var k: Int
    /// Cap for players who did not state `max_distance_km`.
    public var defaultMaxDistanceKm: Double
    /// `anywhere` for players without preferences (false: they pair only within their cap).
    public var defaultAnywhere: Bool
    /// Accuracy radius assumed for a located player whose row has no `location_accuracy_km`.
    public var defaultAccuracyKm: Double
    /// Exposure cap factor `c`: no player appears in more than `c·k` other lists. `nil` = no cap.
    public var exposureCapFactor: Double?
    /// Candidates kept per player before the exposure cap is applied (≥ k; `k` when there is no cap).
    public var reservePerPlayer: Int?
    /// Hard filter: pairs must share at least this many games (played or favourite). Minimum 1.
    public var minSharedGames: Int
    /// Hard filter: when both players stated languages they must share one (a `playerGroup`-style partition key).
    public var requireSharedLanguage: Bool
    /// Side of a geo-grid cell in km.
    public var gridCellKm: Double
    /// Worker threads for the bulk scorer (output does not depend on it).
    public var threads: Int
    /// Regions with at least this many players are scored with the exact pruned traversal (MaxScore: u's lists by
    /// descending bound `x(u,g)·max x(·,g)`, early evaluation of the strongest candidates, then no more lists once
    /// the unscanned lists' bounds cannot beat the k-th score; `BlockScorer.pruned`); smaller ones by plain
    /// scatter-add. Output does not depend on it; the work counters do. Default `defaultPruneFromRegionSize`.
    public var pruneFromRegionSize: Int
    /// `anywhere` pools of at least this many players are scored by every member querying the whole pool with the
    /// same pruned traversal, its heap starting from its other partners (`BlockScorer.scorePoolMember`); smaller ones
    /// by the plain once-per-pair scan (`PoolScorer`). Output does not depend on it; the counters do.
    public var prunePoolFromSize: Int
    /// `anywhere` pools of at least this many players let a row whose postings cover a quarter of its later
    /// positions drain its accumulator densely, in position order, instead of through a touch list
    /// (`PoolScorer.drainDense`): same lists, but candidates of equal dot bucket are visited in another order, so
    /// the work counters differ. Below it (the golden runs' pools) the counters are those of the touch-list drain.
    public var denseDrainPoolFromSize = 4_096
    /// Geo regions of at least this many players get dense columns for the games at least a tenth of them have
    /// (`RegionIndex.column(of:)`), which a query touching most of the region adds with a vector kernel instead of
    /// a scatter-add per posting. Output and work counters do not depend on it (the sums are the same integers).
    public var denseColumnsFromRegionSize = 4_096
    /// How played games are weighted in the game vectors (`GameWeighting`; default `binary`).
    public var gameWeighting: GameWeighting
    /// α of the game vectors' length normalisation (`ScoreModel`): 1 = plain cosine; below 1 a partner's
    /// deeper library (up to `ScoreModel.depthReferenceNorm`) is penalised less. Default 0.5.
    public var normExponent: Double

    /// The default α: it beat the plain cosine (α = 1) on both generated mixes (README, *Offline pairing quality*).
    public static let defaultNormExponent = 0.5
    /// Both pruned traversals are off by default: on the 100k population of `generate --players 100000 --seed 7`
    /// (12 cities of 4–12k players each, every list long) they scored in 20.6 CPU-s against 12.4 for the plain scans
    /// (the bounds `x(u,g)·max x(·,g)` are loose, since players with few games carry large weights in every list, so
    /// admission stops late and the rest is scanned anyway). README, *Pairing*, issue 10 pair8.
    public static let defaultPrunePoolFromSize = Int.max
    public static let defaultPruneFromRegionSize = Int.max

    public init(k: Int = 20, defaultMaxDistanceKm: Double = 100, defaultAnywhere: Bool = false,
                defaultAccuracyKm: Double = 25, exposureCapFactor: Double? = nil, reservePerPlayer: Int? = nil,
                minSharedGames: Int = 1, requireSharedLanguage: Bool = false, gridCellKm: Double = 100,
                threads: Int = 1, pruneFromRegionSize: Int = PairingConfig.defaultPruneFromRegionSize, prunePoolFromSize: Int = PairingConfig.defaultPrunePoolFromSize,
                gameWeighting: GameWeighting = .default, normExponent: Double = PairingConfig.defaultNormExponent) {
        self.k = k
        self.defaultMaxDistanceKm = defaultMaxDistanceKm
        self.defaultAnywhere = defaultAnywhere
        self.defaultAccuracyKm = defaultAccuracyKm
        self.exposureCapFactor = exposureCapFactor
        self.reservePerPlayer = reservePerPlayer
        self.minSharedGames = minSharedGames
        self.requireSharedLanguage = requireSharedLanguage
        self.gridCellKm = gridCellKm
        self.threads = threads
        self.pruneFromRegionSize = pruneFromRegionSize
        self.prunePoolFromSize = prunePoolFromSize
        self.gameWeighting = gameWeighting
        self.normExponent = min(1, max(0, normExponent))
    }

    /// How many candidates the scorer keeps per player: `k`, or `max(k, reserve)` (default `2k`) under an exposure cap.
    public var candidatesPerPlayer: Int {
        guard exposureCapFactor != nil else { return max(1, k) }
        return max(max(1, k), reservePerPlayer ?? 2 * k)
    }
}
