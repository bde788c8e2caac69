import Ingest
import PlayerModel

/// One group while documents arrive.
struct GroupAccumulator: Sendable {
    var name = RankedValue<String>()
    var url = RankedValue<String>()
    var headline = RankedValue<String>()
    var memberCount = RankedValue<Int>()
    var sources = SourceRefs()

    mutating func add(_ facts: GroupFacts, rank: RankRef, in table: RankTable) {
        name.offer(facts.name, rank: rank, in: table)
        url.offer(facts.url, rank: rank, in: table)
        headline.offer(facts.headline, rank: rank, in: table)
        memberCount.offer(facts.memberCount, rank: rank, in: table)
        sources.insert(rank)
    }

    mutating func merge(_ other: GroupAccumulator, shift: UInt32, in table: RankTable) {
        name.merge(other.name, shift: shift, in: table)
        url.merge(other.url, shift: shift, in: table)
        headline.merge(other.headline, shift: shift, in: table)
        memberCount.merge(other.memberCount, shift: shift, in: table)
        sources.formUnion(other.sources, shift: shift)
    }

    func resolve(_ id: GroupID64, ranks: RankTable, shared: inout SharedRowValues) -> Group {
        Group(groupID: id, name: name.value, url: url.value, headline: headline.value, memberCount: memberCount.value,
              sources: shared.uncachedSources(sources, in: ranks))
    }
}
