import Ingest
import PipelineCore

/// One match after merging every record of it (history entries, details, sequence listings).
public struct DotaMatch: Sendable {
    /// The merged fields; `players` sorted by slot.
    public var facts: DotaMatchFacts
    /// Where the highest-ranked record of the match is (for diagnostics about the merged match).
    public var location: SourceLocation
    /// The records' provenance as file and bundle line, spelled out only when written: most matches have
    /// one record, so `otherSources` is empty and costs no allocation.
    var firstSource: Source
    var otherSources: [Source]

    struct Source: Sendable {
        var file: String
        var line: Int?
        var text: String { line.map { "\(file):\($0)" } ?? file }
    }

    public init(facts: DotaMatchFacts, sources: [String], location: SourceLocation) {
        self.facts = facts
        self.location = location
        let refs = sources.sorted().map { Source(file: $0, line: nil) }
        firstSource = refs.first ?? Source(file: location.file, line: nil)
        otherSources = Array(refs.dropFirst())
    }

    init(facts: DotaMatchFacts, location: SourceLocation, sources: [Source]) {
        self.facts = facts
        self.location = location
        firstSource = sources[0]
        otherSources = Array(sources.dropFirst())
    }

    public var matchID: UInt64 { facts.matchID }

    /// Provenance (`file` or `file:line`) of every record merged in, sorted.
    public var sources: [String] {
        otherSources.isEmpty ? [firstSource.text] : ([firstSource] + otherSources).map(\.text)
    }

    /// Whether the player in `slot` won; `nil` when the winner is unknown (history entries do not say).
    public func won(_ player: DotaPlayerFacts) -> Bool? {
        facts.radiantWin.map { $0 != player.isDire }
    }
}
