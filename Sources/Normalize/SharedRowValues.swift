import Glibc

/// Lets resolved rows share what many of them repeat: a document's provenance text (one string per document
/// however many rows name it; `RankTable` holds none), the `sources` list of a single-source fact (one array
/// per document instead of one per row) and a game's name (one string per app instead of one per library row).
/// At 100,000 players that is ~2.7 M `player_games` rows whose own arrays and names cost ~150 bytes a row.
///
/// Sharing changes no value: names are shared only when their UTF-8 bytes are equal (`String`'s `==` is
/// canonical equivalence, which would let one spelling replace another).
struct SharedRowValues {
    /// The provenance text of each rank, made on first use.
    private var texts: [String?]
    /// The one-element source list of each rank, made on first use.
    private var singleSourceLists: [[String]?]
    /// Lists of two or more refs, by their refs (a player's library stated by both bundles, say).
    private var multiSourceLists: [[UInt32]: [String]] = [:]
    private var names: [UInt32: String] = [:]
    /// Where names are shared across partitions (`nil`: within this resolve only).
    private let catalogue: GameNameCatalogue?

    init(ranks: RankTable, catalogue: GameNameCatalogue? = nil) {
        texts = Array(repeating: nil, count: ranks.count)
        singleSourceLists = Array(repeating: nil, count: ranks.count)
        self.catalogue = catalogue
    }

    /// `refs.sources(in: ranks)`, with single-source lists shared.
    mutating func sources(_ refs: SourceRefs, in ranks: RankTable) -> [String] {
        guard let single = refs.single else {
            if refs.more.isEmpty { return [] }
            if let list = multiSourceLists[refs.more] { return list }
            let list = uncachedSources(refs, in: ranks)
            multiSourceLists[refs.more] = list
            return list
        }
        let index = Int(single.index)
        if let list = singleSourceLists[index] { return list }
        let list = [text(single, in: ranks)]
        singleSourceLists[index] = list
        return list
    }

    /// `refs.sources(in: ranks)` with the texts shared, for a list few rows repeat (a player's own sources).
    mutating func uncachedSources(_ refs: SourceRefs, in ranks: RankTable) -> [String] {
        if let single = refs.single { return [text(single, in: ranks)] }
        var result = refs.more.map { text(RankRef($0), in: ranks) }
        result.sort()
        var unique: [String] = []
        unique.reserveCapacity(result.count)
        for source in result where unique.last != source { unique.append(source) }
        return unique
    }

    /// The provenance text of `ref`, made once per resolve.
    mutating func text(_ ref: RankRef, in ranks: RankTable) -> String {
        let index = Int(ref.index)
        if let text = texts[index] { return text }
        let text = ranks.provenance(ref)
        texts[index] = text
        return text
    }

    /// `name`, or the string already used for `appID` when it has the same bytes (in this resolve, or in the
    /// catalogue's other partitions).
    mutating func name(_ name: String?, appID: UInt32) -> String? {
        guard let name else { return nil }
        if let held = names[appID], Self.sameBytes(held, name) { return held }
        let shared = catalogue?.share(name, appID: appID) ?? name
        names[appID] = shared
        return shared
    }

    /// Whether the UTF-8 bytes are equal, compared with `memcmp` (a generic `elementsEqual` over the UTF-8 views,
    /// once per library row, was 3.6 % of a JSON Lines convert).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
}
