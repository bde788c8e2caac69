import CCacheHint
import Geo

/// One player's inputs to the distance rule and the one-sided fit, packed into one 88-byte record, so that
/// checking a candidate reads one or two cache lines instead of a dozen columns of `PreparedPopulation` (at a
/// million players every column is far larger than the caches). `PairRules` decides every pair through the
/// static functions here, whether the records come from `PreparedPopulation.sides()` (the bulk scorer) or are
/// assembled on the spot (the oracle): the same arithmetic either way.
struct PlayerSide: Sendable, Equatable {
    var unitX = 0.0, unitY = 0.0, unitZ = 0.0
    /// `.infinity` for `anywhere` players.
    var capKm = 0.0
    var accuracyKm = 0.0
    var availability0: UInt64 = 0, availability1: UInt64 = 0, availability2: UInt64 = 0
    /// Stated languages as bits (valid when the population's `languageMaskExact`).
    var languageMask: UInt64 = 0
    var availabilityHours: Int32 = 0
    /// The player's favourites: `favouriteGame[favouriteFirst ..< favouriteFirst + favouriteCount]`.
    var favouriteFirst: Int32 = 0
    var favouriteCount: Int32 = 0
    var located = false
    var anywhere = false

    /// Whether geography admits the pair, and the centre distance when both are located (rule: `PairRules`).
    @inline(__always) static func geoAdmits(_ u: PlayerSide, _ v: PlayerSide) -> (admitted: Bool, distanceKm: Double?) {
        if u.located && v.located {
            let dot = u.unitX * v.unitX + u.unitY * v.unitY + u.unitZ * v.unitZ
            if u.anywhere && v.anywhere { return (true, distance(u, v)) }
            let limit = min(u.capKm, v.capKm) - u.accuracyKm - v.accuracyKm
            guard limit >= 0 else { return (false, nil) }
            // Players at one point (or a few hundred metres apart) pass without the cosine: cos is decreasing, so
            // limit ≥ nearKm and dot ≥ cos(nearKm) imply dot ≥ cos(limit).
            guard (limit >= nearKm && dot >= nearCosine) || dot >= UnitVector.cosine(ofKm: limit) else { return (false, nil) }
            return (true, distance(u, v))
        }
        return (u.anywhere && v.anywhere, nil)
    }

    /// The fast path of `geoAdmits`: a limit of at least `nearKm` admits any pair whose dot is at least `nearCosine`
    /// (centres at most `nearKm` apart).
    static let nearKm = 1.0
    static let nearCosine = UnitVector.cosine(ofKm: nearKm)

    /// Asks for record `v` of `sides` (up to two cache lines) without waiting for it; a hint, ignored out of range.
    @inline(__always) static func prefetch(_ sides: UnsafeBufferPointer<PlayerSide>, _ v: Int) {
        guard let base = sides.baseAddress, v >= 0, v < sides.count else { return }
        let record = UnsafeRawPointer(base + v)
        ccachehint_prefetch(record)
        ccachehint_prefetch(record + (MemoryLayout<PlayerSide>.size - 1))
    }

    @inline(__always) static func distance(_ u: PlayerSide, _ v: PlayerSide) -> Double {
        UnitVector(x: u.unitX, y: u.unitY, z: u.unitZ).distanceKm(to: UnitVector(x: v.unitX, y: v.unitY, z: v.unitZ))
    }

    /// nil when either side stated no language (valid when `languageMaskExact`).
    @inline(__always) static func shareLanguageByMask(_ u: PlayerSide, _ v: PlayerSide) -> Bool? {
        u.languageMask == 0 || v.languageMask == 0 ? nil : u.languageMask & v.languageMask != 0
    }

    /// q(u→v) quantised to `ScoreModel.fitScale` (the formula is documented on `ScoreModel`).
    /// `favouriteHits`: u's favourites that v plays or declared (unused when u declared none).
    @inline(__always) static func fit(_ u: PlayerSide, _ v: PlayerSide, distanceKm: Double?, favouriteHits: Int,
                                      sharedLanguage: Bool?) -> UInt32 {
        var weighted = 0.0, weights = 0.0
        if let d = distanceKm {
            let cap = u.anywhere ? ScoreModel.anywhereReferenceKm : max(u.capKm, 1e-9)
            let effective = d + u.accuracyKm + v.accuracyKm
            weighted += 1 - 0.5 * min(1, effective / cap)
        } else {
            weighted += 0.5
        }
        weights += 1
        if u.favouriteCount > 0 {
            weighted += 2 * min(1, Double(favouriteHits) / Double(min(3, u.favouriteCount)))
            weights += 2
        }
        if let shared = sharedLanguage {
            weighted += shared ? 1 : 0
            weights += 1
        }
        let hoursU = Int(u.availabilityHours), hoursV = Int(v.availabilityHours)
        if hoursU > 0 && hoursV > 0 {
            let overlap = (u.availability0 & v.availability0).nonzeroBitCount
                + (u.availability1 & v.availability1).nonzeroBitCount
                + (u.availability2 & v.availability2).nonzeroBitCount
            weighted += min(1, Double(overlap) / Double(min(10, hoursU, hoursV)))
            weights += 1
        }
        let q = ScoreModel.fitFloor + (1 - ScoreModel.fitFloor) * weighted / weights
        return UInt32(min(Double(ScoreModel.fitScale), (q * Double(ScoreModel.fitScale)).rounded(.down)))
    }
}
