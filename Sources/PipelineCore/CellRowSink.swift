/// The sink that collects cells: how a sink-rendered row becomes a `[Cell]` row for `Table`s and tests.
public final class CellRowSink: RowFieldSink {
    public private(set) var rows: [[Cell]] = []
    private var row: [Cell] = []

    public init() {}

    public func null() { row.append(.null) }
    public func string(_ value: String) { row.append(.string(value)) }
    public func int(_ value: Int64) { row.append(.int(value)) }
    public func id(_ value: UInt64) { row.append(.id(value)) }
    public func bool(_ value: Bool) { row.append(.bool(value)) }
    public func fixed(_ value: Double, places: Int) { row.append(.fixed(value, places: places)) }
    public func strings(_ values: [String]) { row.append(.list(values.map(Cell.string))) }
    public func cell(_ value: Cell) { row.append(value) }
    public func endRow() {
        rows.append(row)
        row = []
    }
}

