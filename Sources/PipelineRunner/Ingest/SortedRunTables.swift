import Emit
import Foundation
import Normalize
import PipelineCore
import PlayerModel
import Synchronization

/// The dataset tables of a streamed ingest, held as one sorted run file per (table, partition) in the
/// spill directory and merged by key while the writer asks for chunks. Keys never repeat across partitions
/// (each key has one owning partition), so the merge gives exactly the rows, in exactly the order, of the
/// in-memory dataset. Memory: one read buffer per partition of the table being written, and one chunk.
public final class SortedRunTables: Sendable {
    private let spill: PartitionSpill
    private let partitions: Int
    private let layout: [(name: String, columns: [String])]
    private let counts: Mutex<[[Int]]>
    /// Bytes read from a run file at a time.
    static let readSize = 32 << 10

    init(spill: PartitionSpill, partitions: Int) {
        self.spill = spill
        self.partitions = partitions
        var layout: [(name: String, columns: [String])] = []
        DatasetTables.forEachKeyedTable(of: PlayerDataset()) { name, columns, _, _ in layout.append((name, columns)) }
        self.layout = layout
        counts = Mutex([[Int]](repeating: [Int](repeating: 0, count: partitions), count: layout.count))
    }

    private func url(table: Int, partition: Int) -> URL {
        spill.directory.appendingPathComponent("run-t\(table)-p\(partition).bin")
    }

    /// Writes one partition's rows (sorted canonically) as its runs.
    func write(_ partial: PlayerDataset, partition: Int) throws {
        var table = 0
        try DatasetTables.forEachKeyedTable(of: partial) { _, _, count, row in
            defer { table += 1 }
            guard count > 0 else { return }
            var bytes = BinaryWriter()
            for i in 0..<count {
                let (key, cells) = row(i)
                SortedRunCodec.append(key: key, cells: cells, to: &bytes)
            }
            try Data(bytes.take()).write(to: url(table: table, partition: partition))
            counts.withLock { $0[table][partition] = count }
        }
    }

    /// Rows per table, for the run summary.
    var rows: DatasetRowCounts {
        let totals = counts.withLock { $0.map { $0.reduce(0, +) } }
        var rows = DatasetRowCounts()
        rows.players = totals[0]
        rows.games = totals[1]
        rows.friendships = totals[2]
        rows.groups = totals[3]
        return rows
    }

    /// The merged tables, in `DatasetTables.streamedTables` order. Each must be written once, chunks in order.
    public func tables(rowsPerChunk: Int = 16_384) -> [StreamedTable] {
        let perPartition = counts.withLock { $0 }
        return layout.indices.map { table in
            let total = perPartition[table].reduce(0, +)
            let merger = RunMerger(urls: (0..<partitions).filter { perPartition[table][$0] > 0 }.map { url(table: table, partition: $0) })
            return StreamedTable(name: layout[table].name, columns: layout[table].columns, count: total,
                                 itemsPerChunk: rowsPerChunk) { range in merger.next(range.count) }
        }
    }

    /// Deletes the spill directory with every run.
    public func remove() { spill.remove() }
}

/// A k-way merge of sorted run files by `DatasetRowKey` (ties, which the data never has, by run order).
private final class RunMerger: @unchecked Sendable {
    private let lock = NSLock()
    private let urls: [URL]
    private var cursors: [RunCursor] = []
    private var heap: [(key: DatasetRowKey, run: Int)] = []
    private var started = false

    init(urls: [URL]) { self.urls = urls }

    /// The next `count` rows (fewer at the end). Opens the runs on first use; a run that cannot be read
    /// ends the process with a clear message rather than writing a wrong table.
    func next(_ count: Int) -> [[Cell]] {
        lock.withLock {
            if !started {
                started = true
                cursors = urls.map { url in
                    do { return try RunCursor(url: url) } catch { fatalError("cannot read spill run \(url.path): \(error)") }
                }
                for run in cursors.indices { if let key = cursors[run].key { push((key, run)) } }
            }
            var rows: [[Cell]] = []
            rows.reserveCapacity(count)
            while rows.count < count, let top = heap.first {
                rows.append(cursors[top.run].take())
                if let key = cursors[top.run].key { replaceTop((key, top.run)) } else { popTop() }
            }
            return rows
        }
    }

    private static func less(_ a: (key: DatasetRowKey, run: Int), _ b: (key: DatasetRowKey, run: Int)) -> Bool {
        a.key != b.key ? a.key < b.key : a.run < b.run
    }

    private func push(_ item: (key: DatasetRowKey, run: Int)) {
        heap.append(item)
        var i = heap.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard Self.less(heap[i], heap[parent]) else { break }
            heap.swapAt(i, parent)
            i = parent
        }
    }

    private func replaceTop(_ item: (key: DatasetRowKey, run: Int)) {
        heap[0] = item
        siftDown()
    }

    private func popTop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        siftDown()
    }

    private func siftDown() {
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var smallest = i
            if l < heap.count, Self.less(heap[l], heap[smallest]) { smallest = l }
            if r < heap.count, Self.less(heap[r], heap[smallest]) { smallest = r }
            guard smallest != i else { return }
            heap.swapAt(i, smallest)
            i = smallest
        }
    }
}

/// Reads one run file a block at a time, one row ahead.
private struct RunCursor {
    private let handle: FileHandle
    private var reader = SortedRunCodec.Reader(bytes: [], offset: 0)
    private var atEnd = false
    private var current: (key: DatasetRowKey, cells: [Cell])?

    init(url: URL) throws {
        handle = try FileHandle(forReadingFrom: url)
        try advance()
    }

    var key: DatasetRowKey? { current?.key }

    mutating func take() -> [Cell] {
        let cells = current!.cells
        do { try advance() } catch { fatalError("cannot read spill run: \(error)") }
        return cells
    }

    private mutating func advance() throws {
        while true {
            if let row = reader.row() {
                current = row
                return
            }
            guard !atEnd else {
                if reader.offset < reader.bytes.count { fatalError("spill run is truncated") }
                current = nil
                try? handle.close()
                return
            }
            let more = try handle.read(upToCount: SortedRunTables.readSize) ?? Data()
            if more.isEmpty { atEnd = true }
            reader = SortedRunCodec.Reader(bytes: Array(reader.bytes[reader.offset...]) + more, offset: 0)
        }
    }
}
