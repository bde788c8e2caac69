/// The ranks of the documents one partition has seen, numbered in arrival order. Accumulators hold a 4-byte
/// `RankRef` per field instead of a `SourceRank`, and since a document's rank carries its provenance, a set of
/// refs is also the set of sources (`SourceRefs`).
///
/// A rank is stored in 16 bytes: its time, its line, and its file as an index into a list of file strings
/// (consecutive documents of a bundle share one entry), with the JSON flag in the index's top bit. A
/// `SourceRank` per document (32 bytes and a `file:line` string) held ~0.5 GB at 1 M players.
///
/// Refs are only meaningful with their table. Merging another partition appends its table, so the other's
/// refs move up by the old count (`RankRef.shifted(by:)`); nothing is ever removed while the partition lives.
struct RankTable: Sendable {
    private struct Entry: Sendable {
        var fetchedAt: Int64
        /// The line plus one; 0 for a whole file.
        var lineAfter: UInt32
        /// The index into `files`, with the JSON flag in bit 31.
        var fileAndFormat: UInt32

        static let jsonFlag: UInt32 = 0x8000_0000

        var file: Int { Int(fileAndFormat & ~Self.jsonFlag) }
        var isJSON: Bool { fileAndFormat & Self.jsonFlag != 0 }
        var line: Int? { lineAfter == 0 ? nil : Int(lineAfter - 1) }
    }

    private var entries: [Entry] = []
    private var files: [String] = []
    /// Heap bytes of the file strings as `NormalizerPartition.heapBytes` counts them (a document's own provenance
    /// text, `withProvenanceText`, is one per document; a bundle's file name is counted once per entry).
    private var fileTextBytes = 0

    var count: Int { entries.count }

    /// Bytes the table holds: its entries, the file list and the file strings (for spilling's estimate).
    var reservedBytes: Int {
        entries.capacity * MemoryLayout<Entry>.stride + files.capacity * MemoryLayout<String>.stride + fileTextBytes
    }

    /// Numbers a document's rank (once per document and partition).
    mutating func append(_ rank: SourceRank) -> RankRef {
        var file = rank.file, lineAfter: UInt32 = 0
        if let line = rank.line {
            if line >= 0, line < Int(UInt32.max) {
                lineAfter = UInt32(line + 1)
            } else {
                file = rank.provenance  // a line no field holds: kept as text, the same provenance
            }
        }
        let index = intern(file)
        entries.append(Entry(fetchedAt: rank.fetchedAt, lineAfter: lineAfter,
                             fileAndFormat: UInt32(truncatingIfNeeded: index) | (rank.isJSON ? Entry.jsonFlag : 0)))
        return RankRef(UInt32(truncatingIfNeeded: entries.count - 1))
    }

    /// Appends `other`'s ranks; returns the shift for `other`'s refs.
    mutating func append(contentsOf other: RankTable) -> UInt32 {
        let shift = UInt32(truncatingIfNeeded: entries.count)
        // Each of `other`'s files is interned once; its entries then only take the new file index.
        let fileIndex = other.files.map { intern($0) }
        entries.reserveCapacity(entries.count + other.entries.count)
        for entry in other.entries {
            var moved = entry
            moved.fileAndFormat = UInt32(truncatingIfNeeded: fileIndex[entry.file]) | (entry.fileAndFormat & Entry.jsonFlag)
            entries.append(moved)
        }
        return shift
    }

    subscript(ref: RankRef) -> SourceRank {
        let entry = entries[Int(ref.index)]
        return SourceRank(fetchedAt: entry.fetchedAt, isJSON: entry.isJSON, file: files[entry.file], line: entry.line)
    }

    /// The `file` or `file:line` text of a rank (its `sources` entry).
    func provenance(_ ref: RankRef) -> String {
        let entry = entries[Int(ref.index)]
        return ProvenanceOrder.text(file: files[entry.file], line: entry.line)
    }

    func isJSON(_ ref: RankRef) -> Bool { entries[Int(ref.index)].isJSON }

    /// Every rank in ref order.
    var ranks: [SourceRank] { entries.indices.map { self[RankRef(UInt32($0))] } }

    /// Whether `candidate` outranks `current` (`SourceRank`'s total order).
    @inline(__always)
    func outranks(_ candidate: RankRef, _ current: RankRef) -> Bool {
        guard candidate != current else { return false }
        let c = entries[Int(candidate.index)], h = entries[Int(current.index)]
        return SourceRank.ranksBelow((h.fetchedAt, h.isJSON), (c.fetchedAt, c.isJSON),
                                     provenanceSortsAfter: ProvenanceOrder.less(file: files[c.file], line: c.line,
                                                                                thanFile: files[h.file], line: h.line))
    }

    /// The index of `file` in `files`, reusing one of the last few entries when equal (documents arrive in
    /// batches from one bundle, so their file is nearly always one of them); equal bytes only, so one spelling
    /// never stands for another.
    private mutating func intern(_ file: String) -> Int {
        for index in files.indices.reversed().prefix(4) where SharedRowValues.sameBytes(files[index], file) { return index }
        files.append(file)
        fileTextBytes += NormalizerPartition.heapBytes(file)
        return files.count - 1
    }
}

/// A document's number in its partition's `RankTable`.
struct RankRef: Hashable, Sendable {
    var index: UInt32

    init(_ index: UInt32) { self.index = index }

    /// No rank (a field nothing stated yet).
    static let none = RankRef(.max)

    func shifted(by shift: UInt32) -> RankRef { self == .none ? .none : RankRef(index &+ shift) }
}
