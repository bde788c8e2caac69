import Ingest
import PipelineCore

/// One match after merging every record of it (history entries, details, sequence listings).
public struct DotaMatch: Sendable {
    /// The merged fields; `players` sorted by slot.
    public var facts: DotaMatchFacts
    /// Provenance (`file` or `file:line`) of every record merged in, sorted.
    public var sources: [String]
    /// Where the highest-ranked record of the match is (for diagnostics about the merged match).
    public var location: SourceLocation

    public init(facts: DotaMatchFacts, sources: [String], location: SourceLocation) {
        self.facts = facts
        self.sources = sources
        self.location = location
    }

    public var matchID: UInt64 { facts.matchID }

    /// Whether the player in `slot` won; `nil` when the winner is unknown (history entries do not say).
    public func won(_ player: DotaPlayerFacts) -> Bool? {
        facts.radiantWin.map { $0 != player.isDire }
    }
}
