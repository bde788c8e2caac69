import Testing
import Trade

@Suite struct WantEdgeTests {
    /// A dense night holds tens of millions of edges: the distance must not pad an edge past 32 bytes.
    @Test func edgeIsThirtyTwoBytes() {
        #expect(MemoryLayout<WantEdge>.stride == 32)
    }

    /// The distance reads back as given, nil included, and equality and hashing follow the public fields
    /// (a stored NaN never equals itself).
    @Test func distanceRoundTripsAndEqualityFollowsPublicFields() {
        let plain = WantEdge(receiver: 1, wanted: 2, rank: 3, cost: 9)
        let near = WantEdge(receiver: 1, wanted: 2, rank: 3, cost: 9, distanceKm: 12.5)
        let zero = WantEdge(receiver: 1, wanted: 2, rank: 3, cost: 9, distanceKm: 0)
        #expect(plain.distanceKm == nil && near.distanceKm == 12.5 && zero.distanceKm == 0)
        #expect(plain == WantEdge(receiver: 1, wanted: 2, rank: 3, cost: 9))
        #expect(Set([plain, WantEdge(receiver: 1, wanted: 2, rank: 3, cost: 9)]).count == 1)
        #expect(plain != near && near != zero && plain != zero)
        var edited = near
        edited.distanceKm = nil
        #expect(edited == plain)
        edited.distanceKm = 12.5
        #expect(edited == near && edited.hashValue == near.hashValue)
    }
}
