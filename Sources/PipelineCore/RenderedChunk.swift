/// One chunk of a table's rows already rendered to bytes, for tables that render CSV and JSON Lines in one
/// pass (`StreamedTable.renderBytes`): the CSV rows without the header, and the JSON Lines. A format the
/// writer did not ask for is left empty.
public struct RenderedChunk: Sendable {
    public var rows: Int
    public var csv: [UInt8]
    public var jsonl: [UInt8]

    public init(rows: Int = 0, csv: [UInt8] = [], jsonl: [UInt8] = []) {
        self.rows = rows
        self.csv = csv
        self.jsonl = jsonl
    }
}
