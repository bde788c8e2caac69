import Ingest
import PlayerModel

/// A partition's (player, game) facts while documents arrive: one entry per statement, appended in arrival
/// order into fixed-size chunks, and merged by key only when the partition is resolved (`folded`).
///
/// A dictionary keyed by (player, game) kept its buckets between a quarter and five-eighths empty, and with
/// hash partitioning every partition doubles at the same moment: at 1M players each held ~430 k keys in
/// 1,048,576 buckets of 88 bytes, 5.9 GB of the run's 8.6 GiB peak. Chunks hold what was stated and no more,
/// and appending hashes nothing. A library states each of its games once, so in practice a statement is a row,
/// and the log is the largest thing ingest holds (27.4 M statements at 1M players): a statement is stored in 48
/// bytes (`Statement`: its one rank, its name as an index into the log's names), not as an 88-byte key and
/// `GameAccumulator`. An accumulator that is not one document's statement (one handed to `append` that merged
/// several) is kept whole beside the statements, in its arrival place.
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

    /// One document's statement about one (player, app): every field it gives carries the document's rank.
    private struct Statement: Sendable {
        var player: SteamID64
        var minutesTotal: Int
        var lastPlayed: Int64
        var minutes2Weeks: Int
        var appID: UInt32
        var rank: RankRef
        /// Index into `names`, or `noName`.
        var name: UInt32
        /// `Field` bits: which of the values were stated, and whether the minutes are exact (JSON).
        var fields: UInt8
    }

    private enum Field {
        static let minutesTotal: UInt8 = 1, exactMinutes: UInt8 = 2, minutes2Weeks: UInt8 = 4, lastPlayed: UInt8 = 8
    }

    private static let noName = UInt32.max

    /// Entries per chunk: 384 KiB of statements, small against a partition and large enough to amortize the chunk. A
    /// chunk stays above malloc's fixed mapping threshold (`FreedMemory.mappedBlockBytes`, 256 KiB, in PipelineRunner)
    /// so it gets its own mapping and goes back to the system when the fold frees it: 192 KiB chunks came from the
    /// arenas and left the freed statements resident while the resolved rows grew (+30 MiB at 100,000 players).
    static let chunkCapacity = 8192

    private var chunks: [[Statement]] = []
    private var statementCount = 0
    /// Accumulators no statement can hold, each with the number of statements appended before it.
    private var wholes: [(statementsBefore: Int, entry: Entry)] = []
    /// Game names, one string per spelling met in a row (`nameOfApp` points at each app's latest).
    private var names: [String] = []
    private var nameOfApp: [UInt32: UInt32] = [:]

    /// Statements appended.
    var count: Int { statementCount + wholes.count }

    var isEmpty: Bool { count == 0 }

    /// Bytes the chunks, names and whole accumulators reserve (the spill estimate's share for this table; the names'
    /// text is counted by `add`'s result).
    var reservedBytes: Int {
        chunks.count * (Self.chunkCapacity * MemoryLayout<Statement>.stride + 32) + chunks.capacity * MemoryLayout<[Statement]>.stride
            + names.capacity * MemoryLayout<String>.stride + nameOfApp.capacity * 12
            + wholes.capacity * MemoryLayout<(Int, Entry)>.stride
    }

    /// Calls `body` with every statement in arrival order, unmerged (what the spill codec writes; reading it back
    /// appends them).
    func forEachEntry(_ body: (Entry) -> Void) {
        forEachPosition { _, item in
            switch item {
            case .statement(let s): body(entry(s))
            case .whole(let w): body(w.entry)
            }
        }
    }

    /// Appends `accumulator` as the next statement about `key`.
    mutating func append(_ key: GameKey, _ accumulator: GameAccumulator) {
        if let s = accumulator.statement {
            push(key, rank: s.rank, name: s.name, minutesTotal: s.minutesTotal, exact: s.exact, minutes2Weeks: s.minutes2Weeks,
                 lastPlayed: s.lastPlayed)
        } else {
            wholes.append((statementCount, Entry(key: key, accumulator: accumulator)))
        }
    }

    /// One document's statement about `key`. Returns the heap bytes of a name spelling not held before (for the
    /// partition's memory estimate); the log keeps one string per app and spelling, so rows share their name.
    @discardableResult
    mutating func add(_ key: GameKey, _ game: GameFacts, exactMinutes: Bool, rank: RankRef) -> Int {
        push(key, rank: rank, name: game.name, minutesTotal: game.minutesTotal, exact: exactMinutes,
             minutes2Weeks: game.minutes2Weeks, lastPlayed: game.lastPlayed)
    }

    /// One entry per key, in ascending (player, app) order, each the merge of that key's statements.
    func folded(ranks table: RankTable) -> [Entry] {
        precondition(count <= Int(UInt32.max), "more statements than a UInt32 position holds")
        // Arrival positions: statement s sits after the wholes appended before it.
        var wholeAt: [Int] = []
        wholeAt.reserveCapacity(wholes.count)
        var order: [(player: UInt64, appID: UInt32, position: UInt32)] = []
        order.reserveCapacity(count)
        forEachPosition { position, item in
            switch item {
            case .statement(let s):
                order.append((s.player.rawValue, s.appID, UInt32(position)))
            case .whole(let w):
                wholeAt.append(position)
                order.append((w.entry.key.player.rawValue, w.entry.key.appID, UInt32(position)))
            }
        }
        order.sort { ($0.player, $0.appID, $0.position) < ($1.player, $1.appID, $1.position) }
        var result: [Entry] = []
        result.reserveCapacity(count)
        for item in order {
            let entry = self.entry(atPosition: Int(item.position), wholeAt: wholeAt)
            if let last = result.indices.last, result[last].key == entry.key {
                result[last].accumulator.merge(entry.accumulator, shift: 0, in: table)
            } else {
                result.append(entry)
            }
        }
        return result
    }

    // MARK: - Storage

    private enum Item {
        case statement(Statement)
        case whole((statementsBefore: Int, entry: Entry))
    }

    private func forEachPosition(_ body: (Int, Item) -> Void) {
        var position = 0, next = 0, statement = 0
        for chunk in chunks {
            for s in chunk {
                while next < wholes.count, wholes[next].statementsBefore == statement {
                    body(position, .whole(wholes[next]))
                    position += 1
                    next += 1
                }
                body(position, .statement(s))
                position += 1
                statement += 1
            }
        }
        while next < wholes.count {
            body(position, .whole(wholes[next]))
            position += 1
            next += 1
        }
    }

    /// The entry at arrival `position` (`wholeAt`: the wholes' positions, ascending).
    private func entry(atPosition position: Int, wholeAt: [Int]) -> Entry {
        guard !wholeAt.isEmpty else { return entry(statement(position)) }
        // How many wholes sit before `position`, and whether one sits there.
        var low = 0, high = wholeAt.count
        while low < high {
            let middle = (low + high) / 2
            if wholeAt[middle] < position { low = middle + 1 } else { high = middle }
        }
        if low < wholeAt.count, wholeAt[low] == position { return wholes[low].entry }
        return entry(statement(position - low))
    }

    private func statement(_ index: Int) -> Statement {
        chunks[index / Self.chunkCapacity][index % Self.chunkCapacity]
    }

    private func entry(_ s: Statement) -> Entry {
        let has = { (field: UInt8) in s.fields & field != 0 }
        let accumulator = GameAccumulator(
            statementOf: s.rank, name: s.name == Self.noName ? nil : names[Int(s.name)],
            minutesTotal: has(Field.minutesTotal) ? s.minutesTotal : nil, exact: has(Field.exactMinutes),
            minutes2Weeks: has(Field.minutes2Weeks) ? s.minutes2Weeks : nil, lastPlayed: has(Field.lastPlayed) ? s.lastPlayed : nil)
        return Entry(key: GameKey(player: s.player, appID: s.appID), accumulator: accumulator)
    }

    /// Appends one statement (`add` and `append` alike) and returns the heap bytes of a name spelling new to the log.
    /// Past `noName` spellings (never in practice) the statement is kept whole instead.
    @discardableResult
    private mutating func push(_ key: GameKey, rank: RankRef, name: String?, minutesTotal: Int?, exact: Bool,
                               minutes2Weeks: Int?, lastPlayed: Int64?) -> Int {
        guard names.count < Int(Self.noName) else {
            let accumulator = GameAccumulator(statementOf: rank, name: name, minutesTotal: minutesTotal, exact: exact,
                                              minutes2Weeks: minutes2Weeks, lastPlayed: lastPlayed)
            wholes.append((statementCount, Entry(key: key, accumulator: accumulator)))
            return NormalizerPartition.heapBytes(name)
        }
        var index = Self.noName, newBytes = 0
        if let name {
            let (interned, isNew) = intern(name, appID: key.appID)
            index = interned
            if isNew { newBytes = NormalizerPartition.heapBytes(name) }
        }
        var fields: UInt8 = 0
        if minutesTotal != nil { fields |= Field.minutesTotal | (exact ? Field.exactMinutes : 0) }
        if minutes2Weeks != nil { fields |= Field.minutes2Weeks }
        if lastPlayed != nil { fields |= Field.lastPlayed }
        if chunks.isEmpty || chunks[chunks.count - 1].count == Self.chunkCapacity {
            var chunk: [Statement] = []
            chunk.reserveCapacity(Self.chunkCapacity)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(Statement(
            player: key.player, minutesTotal: minutesTotal ?? 0, lastPlayed: lastPlayed ?? 0, minutes2Weeks: minutes2Weeks ?? 0,
            appID: key.appID, rank: rank, name: index, fields: fields))
        statementCount += 1
        return newBytes
    }

    /// The index of `name`'s spelling for `appID`: the app's latest one when the UTF-8 bytes are equal, else a new one.
    private mutating func intern(_ name: String, appID: UInt32) -> (index: UInt32, isNew: Bool) {
        if let index = nameOfApp[appID], SharedRowValues.sameBytes(names[Int(index)], name) { return (index, false) }
        let index = UInt32(names.count)
        names.append(name)
        nameOfApp[appID] = index
        return (index, true)
    }
}
