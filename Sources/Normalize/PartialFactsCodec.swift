import Ingest
import PipelineCore
import PlayerModel

/// The byte form of a `NormalizerPartition` (partial facts with their ranks and sources): what a spill file
/// holds, and what a distributed `convert` over subsets of the input can exchange and merge exactly by
/// steamid partition (issue #13).
///
/// Layout: the magic `SMPF`, a version byte, the partition count and index, then one section per table
/// (an entry count, then each key and accumulator field in a fixed order; `BinaryWriter`'s little-endian
/// and LEB128 forms). Entries are written in the partition's dictionary order, so two encodings of equal
/// partitions may differ in order but always decode to equal partitions; merging is order-independent.
/// The games section lists statements (`GameLog`), so a (player, game) key may appear more than once; reading
/// appends them and resolving merges them, as it does for statements added in memory.
/// Version 1 was JSON (`JSONEncoder`) and cost about 7× the in-memory conversion's CPU when spilling;
/// the binary form was version 2; version 3 writes a rank's provenance as its file and line (`SourceRank`), not
/// as one text. A file of any other version is refused, never misread.
public enum PartialFactsCodec {
    public static let version: UInt8 = 3
    static let magic: [UInt8] = Array("SMPF".utf8)

    public enum DecodeError: Error, CustomStringConvertible {
        case notPartialFacts
        case unsupportedVersion(Int)
        case corrupt(offset: Int, what: String)

        public var description: String {
            switch self {
            case .notPartialFacts: "not a partial-facts file (no SMPF header)"
            case .unsupportedVersion(let v): "partial facts version \(v) is not \(PartialFactsCodec.version)"
            case .corrupt(let offset, let what): "partial facts corrupt at byte \(offset): \(what)"
            }
        }
    }

    public static func encode(_ partition: NormalizerPartition) -> [UInt8] {
        var w = BinaryWriter(capacity: max(4_096, partition.approximateBytes / 3))
        for byte in magic { w.byte(byte) }
        w.byte(version)
        w.length(partition.partitioning.count)
        w.length(partition.index)
        partition.write(to: &w)
        return w.take()
    }

    public static func decode(_ bytes: [UInt8]) throws -> NormalizerPartition {
        guard bytes.count > magic.count, Array(bytes[0..<magic.count]) == magic else { throw DecodeError.notPartialFacts }
        var r = BinaryReader(bytes, offset: magic.count)
        do {
            let found = try r.byte()
            guard found == version else { throw DecodeError.unsupportedVersion(Int(found)) }
            let count = try r.length()
            guard count > 0, count <= 4096, count & (count - 1) == 0 else { throw DecodeError.corrupt(offset: r.offset, what: "partition count \(count)") }
            let index = try r.length()
            guard index < count else { throw DecodeError.corrupt(offset: r.offset, what: "partition index \(index)") }
            var partition = NormalizerPartition(partitioning: FactPartitioning(count: count), index: index)
            try partition.read(from: &r)
            guard r.isAtEnd else { throw DecodeError.corrupt(offset: r.offset, what: "trailing bytes") }
            return partition
        } catch let truncated as BinaryReader.Truncated {
            throw DecodeError.corrupt(offset: truncated.offset, what: "truncated")
        }
    }
}

// MARK: - Values

extension BinaryReader {
    /// Reads with `read` and checks the result: `nil` (an id out of range, an unknown name) is `corrupt`.
    mutating func checked<Value>(_ what: String, _ read: (inout BinaryReader) throws -> Value?) throws -> Value {
        let start = offset
        guard let value = try read(&self) else { throw PartialFactsCodec.DecodeError.corrupt(offset: start, what: what) }
        return value
    }
}

/// A value with a fixed byte form inside partial-facts files.
protocol SpillValue {
    func write(to w: inout BinaryWriter)
    static func read(from r: inout BinaryReader) throws -> Self
}

extension String: SpillValue {
    func write(to w: inout BinaryWriter) { w.text(self) }
    static func read(from r: inout BinaryReader) throws -> String { try r.text() }
}

extension Int: SpillValue {
    func write(to w: inout BinaryWriter) { w.signed(Int64(self)) }
    static func read(from r: inout BinaryReader) throws -> Int { Int(try r.signed()) }
}

extension Int64: SpillValue {
    func write(to w: inout BinaryWriter) { w.signed(self) }
    static func read(from r: inout BinaryReader) throws -> Int64 { try r.signed() }
}

extension UInt32: SpillValue {
    func write(to w: inout BinaryWriter) { w.unsigned(UInt64(self)) }
    static func read(from r: inout BinaryReader) throws -> UInt32 { try r.checked("UInt32") { UInt32(exactly: try $0.unsigned()) } }
}

extension Bool: SpillValue {
    func write(to w: inout BinaryWriter) { w.bool(self) }
    static func read(from r: inout BinaryReader) throws -> Bool { try r.bool() }
}

extension Double: SpillValue {
    func write(to w: inout BinaryWriter) { w.double(self) }
    static func read(from r: inout BinaryReader) throws -> Double { try r.double() }
}

extension SteamID64: SpillValue {
    func write(to w: inout BinaryWriter) { w.fixed(rawValue) }
    static func read(from r: inout BinaryReader) throws -> SteamID64 { try r.checked("steamid") { SteamID64(rawValue: try $0.fixed()) } }
}

extension GroupID64: SpillValue {
    func write(to w: inout BinaryWriter) { w.fixed(rawValue) }
    static func read(from r: inout BinaryReader) throws -> GroupID64 { try r.checked("group id") { GroupID64(rawValue: try $0.fixed()) } }
}

extension Visibility: SpillValue {
    func write(to w: inout BinaryWriter) { w.text(rawValue) }
    static func read(from r: inout BinaryReader) throws -> Visibility { try r.checked("visibility") { Visibility(rawValue: try $0.text()) } }
}

extension Optional: SpillValue where Wrapped: SpillValue {
    func write(to w: inout BinaryWriter) {
        if let self {
            w.byte(1)
            self.write(to: &w)
        } else {
            w.byte(0)
        }
    }

    static func read(from r: inout BinaryReader) throws -> Wrapped? {
        try r.byte() == 0 ? nil : try Wrapped.read(from: &r)
    }
}

extension Array: SpillValue where Element: SpillValue {
    func write(to w: inout BinaryWriter) {
        w.length(count)
        for element in self { element.write(to: &w) }
    }

    static func read(from r: inout BinaryReader) throws -> [Element] {
        let count = try r.length()
        var result: [Element] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try Element.read(from: &r)) }
        return result
    }
}

extension SourceRank: SpillValue {
    func write(to w: inout BinaryWriter) {
        w.signed(fetchedAt)
        w.bool(isJSON)
        w.text(file)
        line.write(to: &w)
    }

    static func read(from r: inout BinaryReader) throws -> SourceRank {
        SourceRank(fetchedAt: try r.signed(), isJSON: try r.bool(), file: try r.text(), line: try .read(from: &r))
    }
}

/// Refs into the partition's `RankTable` (written before every table that uses them): `reading` checks
/// each against the table's size, so a corrupt file cannot point outside it.
extension RankRef {
    func write(to w: inout BinaryWriter) { w.unsigned(UInt64(index)) }

    static func read(from r: inout BinaryReader, ranks: Int) throws -> RankRef {
        try r.checked("rank ref") { reader in
            let value = try reader.unsigned()
            return value < UInt64(ranks) ? RankRef(UInt32(value)) : nil
        }
    }
}

extension SourceRefs {
    func write(to w: inout BinaryWriter) {
        let refs = refs
        w.length(refs.count)
        for ref in refs { ref.write(to: &w) }
    }

    static func read(from r: inout BinaryReader, ranks: Int) throws -> SourceRefs {
        var set = SourceRefs()
        for _ in 0..<(try r.length()) { set.insert(try RankRef.read(from: &r, ranks: ranks)) }
        return set
    }
}

extension RankedValue where Value: SpillValue {
    func write(to w: inout BinaryWriter) {
        guard rank != .none, let value else { return w.byte(0) }
        w.byte(1)
        value.write(to: &w)
        rank.write(to: &w)
    }

    static func read(from r: inout BinaryReader, ranks table: RankTable) throws -> RankedValue<Value> {
        var ranked = RankedValue<Value>()
        if try r.byte() != 0 {
            let value = try Value.read(from: &r)
            ranked.offer(value, rank: try RankRef.read(from: &r, ranks: table.count), in: table)
        }
        return ranked
    }
}
