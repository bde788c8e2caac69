import Ingest

/// The precedence of one document when two disagree, as a total order (greater wins):
/// 1. the newer `fetched_at` (documents without one count as oldest),
/// 2. Web API JSON over Community XML (exact fields, minutes rather than 0.1 h),
/// 3. the provenance (`file` or `file:line`) that sorts first, so the result never depends on input order.
struct SourceRank: Comparable, Hashable, Sendable {
    /// Unix seconds of `fetched_at`; `Int64.min` when absent or unreadable.
    var fetchedAt: Int64
    var isJSON: Bool
    var provenance: String

    init(origin: DocumentOrigin, isJSON: Bool, fetchedAtOverride: String? = nil) {
        fetchedAt = (fetchedAtOverride ?? origin.fetchedAt).flatMap(RFC3339.unixSeconds) ?? .min
        self.isJSON = isJSON
        provenance = origin.provenance
    }

    init(fetchedAt: Int64, isJSON: Bool, provenance: String) {
        self.fetchedAt = fetchedAt
        self.isJSON = isJSON
        self.provenance = provenance
    }

    static func < (lhs: SourceRank, rhs: SourceRank) -> Bool {
        if lhs.fetchedAt != rhs.fetchedAt { return lhs.fetchedAt < rhs.fetchedAt }
        if lhs.isJSON != rhs.isJSON { return !lhs.isJSON }
        return lhs.provenance > rhs.provenance
    }
}
