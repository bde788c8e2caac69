import Ingest
import PlayerModel

/// A partition's (player, game) facts while documents arrive: one entry per statement, appended in arrival
/// order into fixed-size chunks, and merged by key only when the partition is resolved (`folded`).
///
/// A dictionary keyed by (player, game) kept its buckets between a quarter and five-eighths empty, and with
/// hash partitioning every partition doubles at the same moment: at 1M players each held ~430 k keys in
/// 1,048,576 buckets of 88 bytes, 5.9 GB of the run's 8.6 GiB peak. Chunks hold what was stated and no more
/// (88 bytes a statement, one part-filled chunk per partition), and appending hashes nothing. A library
/// states each of its games once, so in practice a statement is a row.
///
/// The fold sorts by key and then by position, so two statements of one key from the same document meet in
/// the order the document gave them, as the dictionary's in-place adds did; statements of different
/// documents carry different ranks, and `GameAccumulator.merge` is commutative and associative for those, so
/// arrival order (thread scheduling) never shows in the result.
struct GameLog: Sendable {
    struct Entry: Sendable {
        var key: GameKey
        var accumulator: GameAccumulator
    }

    /// Entries per chunk: 360 KiB of storage, small against a partition and large enough to amortize the chunk.
    static let chunkCapacity = 4096

    private var chunks: [[Entry]] = []

    /// Statements appended (every chunk but the last is full).
    var count: Int { chunks.last.map { (chunks.count - 1) * Self.chunkCapacity + $0.count } ?? 0 }

    var isEmpty: Bool { count == 0 }

    /// Bytes the chunks reserve (the spill estimate's share for this table).
    var reservedBytes: Int {
        chunks.count * (Self.chunkCapacity * MemoryLayout<Entry>.stride + 32) + chunks.capacity * MemoryLayout<[Entry]>.stride
    }

    /// Every statement in arrival order, unmerged (what the spill codec writes; reading it back appends them).
    var entries: FlattenSequence<[[Entry]]> { chunks.joined() }

    mutating func append(_ key: GameKey, _ accumulator: GameAccumulator) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkCapacity {
            var chunk: [Entry] = []
            chunk.reserveCapacity(Self.chunkCapacity)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(Entry(key: key, accumulator: accumulator))
    }

    /// One document's statement about `key`.
    mutating func add(_ key: GameKey, _ game: GameFacts, exactMinutes: Bool, rank: RankRef, in table: RankTable) {
        var accumulator = GameAccumulator()
        accumulator.add(game, exactMinutes: exactMinutes, rank: rank, in: table)
        append(key, accumulator)
    }

    /// One entry per key, in ascending (player, app) order, each the merge of that key's statements.
    func folded(ranks table: RankTable) -> [Entry] {
        precondition(count <= Int(UInt32.max), "more statements than a UInt32 position holds")
        var order: [(player: UInt64, appID: UInt32, position: UInt32)] = []
        order.reserveCapacity(count)
        var position: UInt32 = 0
        for chunk in chunks {
            for entry in chunk {
                order.append((entry.key.player.rawValue, entry.key.appID, position))
                position += 1
            }
        }
        order.sort { ($0.player, $0.appID, $0.position) < ($1.player, $1.appID, $1.position) }
        var result: [Entry] = []
        result.reserveCapacity(count)
        for item in order {
            let index = Int(item.position)
            let entry = chunks[index / Self.chunkCapacity][index % Self.chunkCapacity]
            if let last = result.indices.last, result[last].key == entry.key {
                result[last].accumulator.merge(entry.accumulator, shift: 0, in: table)
            } else {
                result.append(entry)
            }
        }
        return result
    }
}
