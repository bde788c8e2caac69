import CCacheHint

/// Cache hints for reading players' game vectors (`PreparedPopulation.vectorRanges`, `vectorGame`, `vectorWeight`) in
/// an order scattered over the population, where each vector's start, games and weights are cache misses. A vector's
/// address is known only once its start is loaded, so a reader asks for the start `2d` players ahead and for the
/// entries `d` players ahead (`d` = `distance`), whose start was asked for `d` players ago.
enum VectorPrefetch {
    static let distance = 8

    /// Asks for v's vector start.
    @inline(__always) static func start(of v: Int, vs: UnsafeBufferPointer<Range<Int>>) {
        guard let base = vs.baseAddress, v >= 0, v < vs.count else { return }
        ccachehint_prefetch(base + v)
    }

    /// Asks for v's games and weights: the lines of its first 16 and next entries in
    /// each column (a vector is ~25 entries: two lines of 4-byte games, one or two of 2-byte weights).
    @inline(__always) static func entries(of v: Int, vs: UnsafeBufferPointer<Range<Int>>, vg: UnsafeBufferPointer<UInt32>,
                                          vw: UnsafeBufferPointer<UInt16>) {
        guard v >= 0, v < vs.count else { return }
        entries(vs[v], vg: vg, vw: vw)
    }

    /// Asks for the games and weights of the vector at `run` (`PreparedPopulation.vectorRanges`).
    @inline(__always) static func entries(_ run: Range<Int>, vg: UnsafeBufferPointer<UInt32>, vw: UnsafeBufferPointer<UInt16>) {
        guard let games = vg.baseAddress, let weights = vw.baseAddress else { return }
        let from = run.lowerBound
        guard from >= 0, from < vg.count, from < vw.count else { return }  // an empty vector at the columns' end
        ccachehint_prefetch(games + from)
        ccachehint_prefetch(weights + from)
        let second = from &+ 16
        guard second < vg.count, second < vw.count else { return }
        ccachehint_prefetch(games + second)
        ccachehint_prefetch(weights + second)
    }

    /// While the `k`-th of `count` players is read (`player(i)`: the i-th one): the start of the one `2d` ahead and
    /// the entries of the one `d` ahead.
    @inline(__always) static func ahead(of k: Int, count: Int, player: (Int) -> Int, vs: UnsafeBufferPointer<Range<Int>>,
                                        vg: UnsafeBufferPointer<UInt32>, vw: UnsafeBufferPointer<UInt16>) {
        let far = k &+ 2 &* distance, near = k &+ distance
        if far < count { start(of: player(far), vs: vs) }
        if near < count { entries(of: player(near), vs: vs, vg: vg, vw: vw) }
    }
}
