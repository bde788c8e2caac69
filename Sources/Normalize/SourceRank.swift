import Ingest

/// The precedence of one document when two disagree, as a total order (greater wins):
/// 1. the newer `fetched_at` (documents without one count as oldest),
/// 2. Web API JSON over Community XML (exact fields, minutes rather than 0.1 h),
/// 3. the provenance (`file` or `file:line`) that sorts first, so the result never depends on input order.
///
/// The provenance is held as its file and line, not as text: the file string is shared by every document of
/// a bundle, where a `file:line` string per document cost a heap allocation (~80 bytes, ~5 M of them at 1 M
/// players). The order is still that of the provenance texts (`ProvenanceOrder`).
struct SourceRank: Comparable, Sendable {
    /// Unix seconds of `fetched_at`; `Int64.min` when absent or unreadable.
    var fetchedAt: Int64
    var isJSON: Bool
    /// The document's file (relative path), or for a rank read as whole text, that text.
    var file: String
    /// The document's line in a bundle; `nil` for a whole file.
    var line: Int?

    init(origin: DocumentOrigin, isJSON: Bool, fetchedAtOverride: String? = nil) {
        fetchedAt = (fetchedAtOverride ?? origin.fetchedAt).flatMap(RFC3339.unixSeconds) ?? .min
        self.isJSON = isJSON
        file = origin.file
        line = origin.line
    }

    init(fetchedAt: Int64, isJSON: Bool, file: String, line: Int?) {
        self.fetchedAt = fetchedAt
        self.isJSON = isJSON
        self.file = file
        self.line = line
    }

    /// A rank whose provenance is given as text (a whole file).
    init(fetchedAt: Int64, isJSON: Bool, provenance: String) {
        self.init(fetchedAt: fetchedAt, isJSON: isJSON, file: provenance, line: nil)
    }

    /// The same rank with its provenance held as one text (shared by every copy of the rank).
    var withProvenanceText: SourceRank { SourceRank(fetchedAt: fetchedAt, isJSON: isJSON, provenance: provenance) }

    /// `file` or `file:line`: what `sources` columns name the document by.
    var provenance: String { ProvenanceOrder.text(file: file, line: line) }

    static func < (lhs: SourceRank, rhs: SourceRank) -> Bool {
        ranksBelow((lhs.fetchedAt, lhs.isJSON), (rhs.fetchedAt, rhs.isJSON),
                   provenanceSortsAfter: ProvenanceOrder.less(file: rhs.file, line: rhs.line, thanFile: lhs.file, line: lhs.line))
    }

    /// The order on a rank's parts, for `<` and for `RankTable`, which holds them packed: whether `a` ranks below `b`,
    /// where `provenanceSortsAfter` says whether `a`'s provenance text sorts after `b`'s (asked only on a tie).
    @inline(__always)
    static func ranksBelow(_ a: (fetchedAt: Int64, isJSON: Bool), _ b: (fetchedAt: Int64, isJSON: Bool),
                           provenanceSortsAfter: @autoclosure () -> Bool) -> Bool {
        if a.fetchedAt != b.fetchedAt { return a.fetchedAt < b.fetchedAt }
        if a.isJSON != b.isJSON { return !a.isJSON }
        return provenanceSortsAfter()
    }

    /// Equal when neither outranks the other (the same time, format and provenance text).
    static func == (lhs: SourceRank, rhs: SourceRank) -> Bool {
        lhs.fetchedAt == rhs.fetchedAt && lhs.isJSON == rhs.isJSON
            && !ProvenanceOrder.less(file: lhs.file, line: lhs.line, thanFile: rhs.file, line: rhs.line)
            && !ProvenanceOrder.less(file: rhs.file, line: rhs.line, thanFile: lhs.file, line: lhs.line)
    }
}
