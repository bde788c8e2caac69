/// The plain baseline `quality` sets beside the pairing score: cosine similarity of binary "played" vectors
/// weighted by `ln(N / (1 + df))` (`GameWeighting.binary`'s IDF), no hours, no location, fits or filters.
/// Each player's `neighbours` most similar players (cosine desc, dense index asc; cosine > 0, not self).
/// Doubles summed in a fixed order (games ascending, postings ascending), so the result is deterministic.
struct CosineNeighbours {
    /// `games[u]`: player u's played games as dense ids, ascending and distinct.
    static func neighbours(games: [[Int]], gameCount: Int, neighbours k: Int) -> [[(other: Int, similarity: Double)]] {
        let n = games.count
        var df = [Int](repeating: 0, count: gameCount)
        for list in games { for g in list { df[g] += 1 } }
        let players = games.reduce(0) { $0 + ($1.isEmpty ? 0 : 1) }
        let idf = df.map { GameWeighting.binary.idf(players: players, documentFrequency: $0) }
        let norm = games.map { list in list.reduce(0.0) { $0 + idf[$1] * idf[$1] }.squareRoot() }
        var postings = [[Int]](repeating: [], count: gameCount)
        for (u, list) in games.enumerated() { for g in list { postings[g].append(u) } }
        var dot = [Double](repeating: 0, count: n)
        var touched: [Int] = []
        var result = [[(other: Int, similarity: Double)]](repeating: [], count: n)
        for u in 0..<n where norm[u] > 0 {
            touched.removeAll(keepingCapacity: true)
            for g in games[u] {
                let w = idf[g] * idf[g]
                for v in postings[g] where v != u {
                    if dot[v] == 0 { touched.append(v) }
                    dot[v] += w
                }
            }
            var scored = touched.map { v in (other: v, similarity: dot[v] / (norm[u] * norm[v])) }
            for v in touched { dot[v] = 0 }
            scored.sort { $0.similarity != $1.similarity ? $0.similarity > $1.similarity : $0.other < $1.other }
            result[u] = Array(scored.prefix(k))
        }
        return result
    }
}
