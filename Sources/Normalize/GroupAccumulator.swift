import Ingest
import PlayerModel

/// One group while documents arrive.
struct GroupAccumulator: Sendable, Codable {
    var name = RankedValue<String>()
    var url = RankedValue<String>()
    var headline = RankedValue<String>()
    var memberCount = RankedValue<Int>()
    var sources: Set<String> = []

    mutating func add(_ facts: GroupFacts, rank: SourceRank, source: String) {
        name.offer(facts.name, rank: rank)
        url.offer(facts.url, rank: rank)
        headline.offer(facts.headline, rank: rank)
        memberCount.offer(facts.memberCount, rank: rank)
        sources.insert(source)
    }

    mutating func merge(_ other: GroupAccumulator) {
        name.merge(other.name)
        url.merge(other.url)
        headline.merge(other.headline)
        memberCount.merge(other.memberCount)
        sources.formUnion(other.sources)
    }

    func resolve(_ id: GroupID64) -> Group {
        Group(groupID: id, name: name.value, url: url.value, headline: headline.value, memberCount: memberCount.value,
              sources: sources.sorted())
    }
}
