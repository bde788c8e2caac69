/// A named output table: a header and rows of typed cells. Stages build tables; the Emit module
/// renders them as CSV and JSON Lines. Rows must already be in their final (sorted) order.
public struct Table: Sendable, Hashable {
    public var name: String
    public var columns: [String]
    public var rows: [[Cell]]

    public init(name: String, columns: [String], rows: [[Cell]] = []) {
        self.name = name
        self.columns = columns
        self.rows = rows
    }

    public mutating func append(_ row: [Cell]) {
        precondition(row.count == columns.count, "row has \(row.count) cells, table \(name) has \(columns.count) columns")
        rows.append(row)
    }
}
