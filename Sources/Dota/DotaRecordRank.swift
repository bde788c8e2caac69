/// The precedence of one record of a match or hero when two disagree, as a total order (greater wins):
/// 1. the newer `fetched_at` (records without one count as oldest),
/// 2. a full record (GetMatchDetails, BySequenceNum) over a GetMatchHistory entry,
/// 3. the provenance (`file` or `file:line`) that sorts first, so the result never depends on input order.
///
/// The provenance is kept as its file (shared string storage, no copy) and line, and only spelled out as
/// text when two records tie on the first two keys, so a million records cost no string each.
public struct DotaRecordRank: Comparable, Sendable {
    public var fetchedAt: Int64
    public var isDetailed: Bool
    public var file: String
    public var line: Int?

    public init(fetchedAt: Int64?, isDetailed: Bool, file: String, line: Int?) {
        self.fetchedAt = fetchedAt ?? .min
        self.isDetailed = isDetailed
        self.file = file
        self.line = line
    }

    public init(fetchedAt: Int64?, isDetailed: Bool, provenance: String) {
        self.init(fetchedAt: fetchedAt, isDetailed: isDetailed, file: provenance, line: nil)
    }

    /// `file` or `file:line`.
    public var provenance: String { line.map { "\(file):\($0)" } ?? file }

    public static func < (lhs: DotaRecordRank, rhs: DotaRecordRank) -> Bool {
        if lhs.fetchedAt != rhs.fetchedAt { return lhs.fetchedAt < rhs.fetchedAt }
        if lhs.isDetailed != rhs.isDetailed { return !lhs.isDetailed }
        return lhs.provenance > rhs.provenance
    }

    public static func == (lhs: DotaRecordRank, rhs: DotaRecordRank) -> Bool {
        lhs.fetchedAt == rhs.fetchedAt && lhs.isDetailed == rhs.isDetailed
            && (lhs.file == rhs.file && lhs.line == rhs.line || lhs.provenance == rhs.provenance)
    }
}
