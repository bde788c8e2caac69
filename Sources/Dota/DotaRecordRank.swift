/// The precedence of one record of a match or hero when two disagree, as a total order (greater wins):
/// 1. the newer `fetched_at` (records without one count as oldest),
/// 2. a full record (GetMatchDetails, BySequenceNum) over a GetMatchHistory entry,
/// 3. the provenance (`file` or `file:line`) that sorts first, so the result never depends on input order.
public struct DotaRecordRank: Comparable, Sendable {
    public var fetchedAt: Int64
    public var isDetailed: Bool
    public var provenance: String

    public init(fetchedAt: Int64?, isDetailed: Bool, provenance: String) {
        self.fetchedAt = fetchedAt ?? .min
        self.isDetailed = isDetailed
        self.provenance = provenance
    }

    public static func < (lhs: DotaRecordRank, rhs: DotaRecordRank) -> Bool {
        if lhs.fetchedAt != rhs.fetchedAt { return lhs.fetchedAt < rhs.fetchedAt }
        if lhs.isDetailed != rhs.isDetailed { return !lhs.isDetailed }
        return lhs.provenance > rhs.provenance
    }

    public static func == (lhs: DotaRecordRank, rhs: DotaRecordRank) -> Bool {
        lhs.fetchedAt == rhs.fetchedAt && lhs.isDetailed == rhs.isDetailed && lhs.provenance == rhs.provenance
    }
}
