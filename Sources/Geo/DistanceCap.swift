/// A distance cap with its dot-product threshold precomputed, for bulk "within d km" tests:
/// `cap.contains(u, v)` is `u·v ≥ cos(d / 6371)`, no trigonometry per pair.
public struct DistanceCap: Sendable, Hashable {
    public let km: Double
    /// `cos(km / earthRadiusKm)` (clamped at the antipodal distance).
    public let cosine: Double

    public init(km: Double) {
        self.km = km
        self.cosine = UnitVector.cosine(ofKm: km)
    }

    /// True when the great-circle distance between the two points is at most `km`.
    @inline(__always) public func contains(_ a: UnitVector, _ b: UnitVector) -> Bool {
        a.dot(b) >= cosine
    }

    /// The conservative test for locations with accuracy radii: `distance − a.accuracy − b.accuracy ≤ km`
    /// (same as `a.mayBeWithin(km, of: b)`). Needs one cosine per call unless both accuracies are zero.
    public func mayContain(_ a: ResolvedLocation, _ b: ResolvedLocation) -> Bool {
        let slack = a.accuracyKm + b.accuracyKm
        return a.unitVector.dot(b.unitVector) >= (slack == 0 ? cosine : UnitVector.cosine(ofKm: km + slack))
    }
}
