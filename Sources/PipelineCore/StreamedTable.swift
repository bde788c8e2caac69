/// A table produced chunk by chunk, for tables too large to hold whole (player libraries, pairings):
/// the writer asks for chunk 0, 1, … in order, renders each and lets it go, so only one chunk of rows is
/// alive at a time. Concatenating the chunks' rows gives the table's rows in their final order.
public struct StreamedTable: Sendable {
    public var name: String
    public var columns: [String]
    public var chunkCount: Int
    /// The rows of chunk `index` (0 ..< chunkCount). May be called from any thread.
    public var chunk: @Sendable (_ index: Int) -> [[Cell]]
    /// When set, gives the rows of chunk `index` to a sink field by field (the same rows as `chunk`, without
    /// building cells); the writers use it instead of `chunk`.
    public var renderChunk: (@Sendable (_ index: Int, _ sink: any RowFieldSink) -> Void)?
    /// When set, renders chunk `index` straight to bytes in the formats asked for (`csv`, `jsonl`), equal to
    /// rendering the rows of `chunk`, into `rendered` (whose buffers arrive empty, often with the capacity of an
    /// earlier chunk: the writers reuse them); the writers prefer it to `renderChunk` and `chunk`.
    public var renderBytes: (@Sendable (_ index: Int, _ csv: Bool, _ jsonl: Bool, _ rendered: inout RenderedChunk) -> Void)?

    public init(name: String, columns: [String], chunkCount: Int, chunk: @escaping @Sendable (_ index: Int) -> [[Cell]]) {
        self.name = name
        self.columns = columns
        self.chunkCount = chunkCount
        self.chunk = chunk
    }

    /// `count` items served as chunks of `itemsPerChunk`, each item given to a sink as its rows by `render`;
    /// `chunk` collects the same rows as cells.
    public init(name: String, columns: [String], count: Int, itemsPerChunk: Int,
                render: @escaping @Sendable (Range<Int>, any RowFieldSink) -> Void) {
        let size = max(1, itemsPerChunk)
        self.init(name: name, columns: columns, chunkCount: (count + size - 1) / size) { index in
            let cells = CellRowSink()
            render((index * size)..<min(count, (index + 1) * size), cells)
            return cells.rows
        }
        renderChunk = { index, sink in render((index * size)..<min(count, (index + 1) * size), sink) }
    }

    /// `count` items served as chunks of `itemsPerChunk`, rendered to bytes by `render` (both formats in one
    /// pass); `rows` builds the same rows as cells (for `materialized()` and tests).
    public init(name: String, columns: [String], count: Int, itemsPerChunk: Int,
                rows: @escaping @Sendable (Range<Int>) -> [[Cell]],
                renderBytes render: @escaping @Sendable (_ items: Range<Int>, _ csv: Bool, _ jsonl: Bool,
                                                         _ rendered: inout RenderedChunk) -> Void) {
        let size = max(1, itemsPerChunk)
        self.init(name: name, columns: columns, count: count, itemsPerChunk: size, rows: rows)
        renderBytes = { index, csv, jsonl, rendered in
            render((index * size)..<min(count, (index + 1) * size), csv, jsonl, &rendered)
        }
    }

    /// A table already in memory, served in chunks of `rowsPerChunk` rows.
    public init(_ table: Table, rowsPerChunk: Int = 65_536) {
        let rows = table.rows
        let size = max(1, rowsPerChunk)
        self.init(name: table.name, columns: table.columns, chunkCount: (rows.count + size - 1) / size) { index in
            Array(rows[(index * size)..<min(rows.count, (index + 1) * size)])
        }
    }

    /// `count` items served as chunks of `itemsPerChunk`, each item turned into its rows by `rows`.
    public init(name: String, columns: [String], count: Int, itemsPerChunk: Int,
                rows: @escaping @Sendable (Range<Int>) -> [[Cell]]) {
        let size = max(1, itemsPerChunk)
        self.init(name: name, columns: columns, chunkCount: (count + size - 1) / size) { index in
            rows((index * size)..<min(count, (index + 1) * size))
        }
    }

    /// All chunks concatenated into one table (for small tables and tests).
    public func materialized() -> Table {
        var table = Table(name: name, columns: columns)
        for index in 0..<chunkCount { table.rows += chunk(index) }
        return table
    }
}
