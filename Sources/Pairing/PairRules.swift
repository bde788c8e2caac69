import Foundation
import Geo

/// The hard filters and the one-sided fits, shared by the indexed scorer and the brute-force oracle so that
/// both decide every pair with the same arithmetic.
///
/// Distance rule (conservative, so a proposal is within both caps wherever the players really are):
/// both located and `d(u,v) + acc_u + acc_v ≤ min(cap_u, cap_v)`, where an `anywhere` player's cap is ∞;
/// two `anywhere` players pair at any distance, with or without a location; a player without a location
/// pairs only with `anywhere` players and only if `anywhere` themself (default `anywhere` = false).
extension PreparedPopulation {
    /// Player u's side of the pair rules (`PlayerSide` has the arithmetic).
    @inline(__always) func side(_ u: Int) -> PlayerSide { sideRecords[u] }

    /// Player u's side assembled from the columns (what `sideRecords` holds).
    func assembleSide(_ u: Int) -> PlayerSide {
        var s = PlayerSide()
        s.unitX = unitX[u]; s.unitY = unitY[u]; s.unitZ = unitZ[u]
        s.capKm = capKm[u]; s.accuracyKm = accuracyKm[u]
        s.availability0 = availabilityWords[3 * u]
        s.availability1 = availabilityWords[3 * u + 1]
        s.availability2 = availabilityWords[3 * u + 2]
        s.languageMask = languageMask[u]
        s.availabilityHours = availabilityHours[u]
        s.favouriteFirst = Int32(favouriteStart[u])
        s.favouriteCount = Int32(favouriteStart[u + 1] - favouriteStart[u])
        s.located = located[u]; s.anywhere = anywhere[u]
        return s
    }

    /// Every player's side, in dense order: what the bulk scorer reads per candidate.
    func sides() -> [PlayerSide] { sideRecords }

    /// Whether geography admits the pair; `distanceKm` is nil when either has no location.
    func geoAdmits(_ u: Int, _ v: Int) -> (admitted: Bool, distanceKm: Double?) {
        PlayerSide.geoAdmits(side(u), side(v))
    }

    /// Great-circle distance between the two players' positions (centres, accuracy not included).
    func distance(_ u: Int, _ v: Int) -> Double {
        UnitVector(x: unitX[u], y: unitY[u], z: unitZ[u]).distanceKm(to: UnitVector(x: unitX[v], y: unitY[v], z: unitZ[v]))
    }

    /// The radius around u inside which any admissible located partner that is not `anywhere`-with-u must be.
    func searchRadiusKm(_ u: Int) -> Double {
        let cap = anywhere[u] ? maxFiniteCapKm : capKm[u]
        return cap - accuracyKm[u]
    }

    /// Exclusion from u's list (pair exclusions are stored on both sides, directed ones on the decider's).
    @inline(__always) func isExcluded(_ u: Int, from v: Int) -> Bool {
        var lo = exclusionStart[u], hi = exclusionStart[u + 1]
        let target = Int32(v)
        while lo < hi {
            let mid = (lo + hi) >> 1
            let x = exclusionOther[mid]
            if x == target { return true }
            if x < target { lo = mid + 1 } else { hi = mid }
        }
        return false
    }

    func statedLanguages(_ u: Int) -> ArraySlice<Int32> { languageID[languageStart[u]..<languageStart[u + 1]] }

    /// nil when either did not state languages.
    func shareLanguage(_ u: Int, _ v: Int) -> Bool? {
        if languageMaskExact {
            let a = languageMask[u], b = languageMask[v]
            return a == 0 || b == 0 ? nil : a & b != 0
        }
        let a = statedLanguages(u), b = statedLanguages(v)
        guard !a.isEmpty, !b.isEmpty else { return nil }
        return a.contains { b.contains($0) }
    }

    /// Hard filters other than geography and exclusions.
    @inline(__always) func passesPartitionAndOverlap(_ u: Int, _ v: Int) -> Bool {
        if config.requireSharedLanguage, shareLanguage(u, v) == false { return false }
        if config.minSharedGames > 1, sharedGameCount(u, v) < config.minSharedGames { return false }
        return true
    }

    func vectorRange(_ u: Int) -> Range<Int> { vectorRanges[u] }

    /// Games in both vectors (played or favourite).
    func sharedGameCount(_ u: Int, _ v: Int) -> Int {
        var i = vectorRanges[u].lowerBound, j = vectorRanges[v].lowerBound, n = 0
        let ie = vectorRanges[u].upperBound, je = vectorRanges[v].upperBound
        while i < ie && j < je {
            let a = vectorGame[i], b = vectorGame[j]
            if a == b { n += 1; i += 1; j += 1 } else if a < b { i += 1 } else { j += 1 }
        }
        return n
    }

    /// Exact integer dot product by merging the two sorted vectors (the oracle's way).
    func dot(_ u: Int, _ v: Int) -> UInt32 {
        var i = vectorRanges[u].lowerBound, j = vectorRanges[v].lowerBound
        var sum: UInt32 = 0
        let ie = vectorRanges[u].upperBound, je = vectorRanges[v].upperBound
        while i < ie && j < je {
            let a = vectorGame[i], b = vectorGame[j]
            if a == b { sum &+= UInt32(vectorWeight[i]) &* UInt32(vectorWeight[j]); i += 1; j += 1 } else if a < b { i += 1 } else { j += 1 }
        }
        return sum
    }

    func vectorContains(_ v: Int, game: UInt32) -> Bool {
        var lo = vectorRanges[v].lowerBound, hi = vectorRanges[v].upperBound
        while lo < hi {
            let mid = (lo + hi) >> 1
            let x = vectorGame[mid]
            if x == game { return true }
            if x < game { lo = mid + 1 } else { hi = mid }
        }
        return false
    }

    /// Sets u's bits in a per-game mark table: bit 0 = in u's vector, bit 1 = one of u's favourites. With them both
    /// fits' favourite hits need no binary search (`unmarkGames` clears them).
    @inline(__always) func markGames(of u: Int, in marks: UnsafeMutablePointer<UInt8>) {
        for i in vectorRange(u) { marks[Int(vectorGame[i])] = 1 }
        for i in favouriteStart[u]..<favouriteStart[u + 1] { marks[Int(favouriteGame[i])] |= 2 }
    }

    @inline(__always) func unmarkGames(of u: Int, in marks: UnsafeMutablePointer<UInt8>) {
        for i in vectorRange(u) { marks[Int(vectorGame[i])] = 0 }
        for i in favouriteStart[u]..<favouriteStart[u + 1] { marks[Int(favouriteGame[i])] = 0 }
    }

    /// v's favourites in the vector marked in `marks` (`markGames`).
    @inline(__always) func favouritesMarked(_ sv: PlayerSide, in marks: UnsafeMutablePointer<UInt8>) -> Int {
        guard sv.favouriteCount > 0 else { return 0 }
        let first = Int(sv.favouriteFirst)
        var hits = 0
        favouriteGame.withUnsafeBufferPointer { fg in
            for i in first..<(first + Int(sv.favouriteCount)) { hits &+= Int(marks[Int(fg[i])] & 1) }
        }
        return hits
    }

    /// u's favourites that v plays or declared, as dense game indices.
    func favouriteHits(_ u: Int, in v: Int) -> [UInt32] {
        favouriteGame[favouriteStart[u]..<favouriteStart[u + 1]].filter { vectorContains(v, game: $0) }
    }

    /// q(u→v), quantised to `ScoreModel.fitScale` (see `ScoreModel`). `favouriteHits`: u's favourites that v plays
    /// or declared, when the caller already counted them (the bulk scorer does, while scanning u's games).
    func fit(_ u: Int, _ v: Int, distanceKm: Double?, favouriteHits known: Int? = nil) -> UInt32 {
        fit(u, v, side(u), side(v), distanceKm: distanceKm, favouriteHits: known)
    }

    /// q(u→v) from the two sides at hand.
    @inline(__always) func fit(_ u: Int, _ v: Int, _ su: PlayerSide, _ sv: PlayerSide, distanceKm: Double?,
                               favouriteHits known: Int? = nil) -> UInt32 {
        var hits = 0
        if su.favouriteCount > 0 {
            if let known { hits = known } else {
                let first = Int(su.favouriteFirst)
                for i in first..<(first + Int(su.favouriteCount)) where vectorContains(v, game: favouriteGame[i]) { hits += 1 }
            }
        }
        let language = languageMaskExact ? PlayerSide.shareLanguageByMask(su, sv) : shareLanguage(u, v)
        return PlayerSide.fit(su, sv, distanceKm: distanceKm, favouriteHits: hits, sharedLanguage: language)
    }

    /// Full evaluation of an admissible-by-geography pair: nil when a filter rejects it or the score is 0.
    /// `floor`: the heap's worst score when full; a pair that cannot beat it even with q(v→u) = 1 is dropped
    /// before the second fit (exact: HM is increasing in each argument). Returns nil for such pairs too.
    @inline(__always) func evaluate(_ u: Int, _ v: Int, dot: UInt32, distanceKm: Double?, floor: UInt64? = nil,
                                    favouriteHits: Int? = nil) -> PairCandidate? {
        evaluate(u, v, side(u), side(v), dot: dot, distanceKm: distanceKm, floor: floor, favouriteHits: favouriteHits)
    }

    /// `evaluate` with the two sides at hand. `theirFavouriteHits`: v's favourites that u plays or declared, when the
    /// caller already counted them.
    @inline(__always) func evaluate(_ u: Int, _ v: Int, _ su: PlayerSide, _ sv: PlayerSide, dot: UInt32, distanceKm: Double?,
                                    floor: UInt64? = nil, favouriteHits: Int? = nil,
                                    theirFavouriteHits: Int? = nil) -> PairCandidate? {
        guard dot > 0, !isExcluded(u, from: v), passesPartitionAndOverlap(u, v) else { return nil }
        let fitUV = fit(u, v, su, sv, distanceKm: distanceKm, favouriteHits: favouriteHits)
        if let floor, ScoreModel.score(dot: dot, fitUV: fitUV, fitVU: ScoreModel.fitScale) < floor { return nil }
        let s = ScoreModel.score(dot: dot, fitUV: fitUV,
                                 fitVU: fit(v, u, sv, su, distanceKm: distanceKm, favouriteHits: theirFavouriteHits))
        guard s > 0 else { return nil }
        return PairCandidate(score: s, other: Int32(v), dot: dot)
    }
}
