/// Deterministic work counters of a bulk run (they depend on the data, not on threads or timing).
public struct PairingCounters: Sendable, Hashable, Codable {
    public var blocks = 0
    public var regionPostingsBuilt = 0
    public var postingsScanned = 0
    public var candidatesTouched = 0
    public var candidatesEvaluated = 0
    /// Located players scored against a geo region, and the summed sizes of those regions (players indexed).
    public var playersSearched = 0
    /// Postings scanned in the shared index of `anywhere` players (part of `postingsScanned`).
    public var poolPostingsScanned = 0
    public var regionPlayersSearched = 0
    /// Pool rows drained densely (`PoolScorer.drainDense`).
    public var poolDenseRows = 0

    public init() {}

    /// The names in a shard's `shard.json`.
    enum CodingKeys: String, CodingKey {
        case blocks, regionPostingsBuilt = "region_postings_built", postingsScanned = "postings_scanned"
        case candidatesTouched = "candidates_touched", candidatesEvaluated = "candidates_evaluated"
        case playersSearched = "players_searched", poolPostingsScanned = "pool_postings_scanned"
        case regionPlayersSearched = "region_players_searched", poolDenseRows = "pool_dense_rows"
    }

    public mutating func add(_ o: PairingCounters) {
        blocks += o.blocks
        regionPostingsBuilt += o.regionPostingsBuilt
        postingsScanned += o.postingsScanned
        candidatesTouched += o.candidatesTouched
        candidatesEvaluated += o.candidatesEvaluated
        playersSearched += o.playersSearched
        poolPostingsScanned += o.poolPostingsScanned
        regionPlayersSearched += o.regionPlayersSearched
        poolDenseRows += o.poolDenseRows
    }
}
