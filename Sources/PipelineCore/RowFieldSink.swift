/// Receives one table row's fields in column order, for tables rendered straight to bytes without
/// building `[Cell]` rows (the writers in Emit implement it). Each call means the same as the `Cell`
/// named in its comment, so a row given to a sink and the same row as cells render to the same bytes.
public protocol RowFieldSink: AnyObject {
    /// `.null`
    func null()
    /// `.string`
    func string(_ value: String)
    /// `.int`
    func int(_ value: Int64)
    /// `.id`
    func id(_ value: UInt64)
    /// `.bool`
    func bool(_ value: Bool)
    /// `.fixed`
    func fixed(_ value: Double, places: Int)
    /// `.list` of `.string`s
    func strings(_ values: [String])
    /// Any cell (lists and objects of the smaller tables).
    func cell(_ value: Cell)
    /// Ends the row.
    func endRow()
}

extension RowFieldSink {
    public func optional(_ value: String?) { if let value { string(value) } else { null() } }
    public func optional(_ value: Int?) { if let value { int(Int64(value)) } else { null() } }
    public func optional(_ value: Int64?) { if let value { int(value) } else { null() } }
    public func optional(_ value: Bool?) { if let value { bool(value) } else { null() } }
    public func optional(id value: UInt64?) { if let value { id(value) } else { null() } }
    public func optional(_ value: Double?, places: Int) { if let value { fixed(value, places: places) } else { null() } }

    /// A whole row given as cells (for tables and sinks that have no field-by-field path between them).
    public func row(_ cells: [Cell]) {
        for cell in cells { self.cell(cell) }
        endRow()
    }
}
