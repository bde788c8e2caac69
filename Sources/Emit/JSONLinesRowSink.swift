import PipelineCore

/// Renders rows given field by field as JSON Lines, with the bytes `JSONLinesWriter` gives the same rows as cells.
public final class JSONLinesRowSink: RowFieldSink {
    // One thread renders into a sink at a time: no dynamic exclusivity checks per field (they were ~2 % of a
    // profile-XML convert, in the players table).
    @exclusivity(unchecked) public var bytes: [UInt8] = []
    @exclusivity(unchecked) public private(set) var rows = 0
    @exclusivity(unchecked) private var column = 0
    private let keys: [[UInt8]]

    /// `reusing`: a buffer whose capacity is kept (its bytes are dropped).
    public init(columns: [String], capacity: Int = 0, reusing buffer: consuming [UInt8] = []) {
        keys = JSONLinesWriter.keyPrefixes(columns)
        bytes = buffer
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) private func key() {
        bytes.append(contentsOf: keys[column])
        column += 1
    }

    public func null() {
        key()
        bytes.append(contentsOf: DecimalText.nullBytes)
    }
    public func string(_ value: String) {
        key()
        JSONLinesWriter.appendString(value, to: &bytes)
    }
    public func int(_ value: Int64) {
        key()
        DecimalText.append(value, to: &bytes)
    }
    public func id(_ value: UInt64) {
        key()
        bytes.append(UInt8(ascii: "\""))
        DecimalText.append(value, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
    public func bool(_ value: Bool) {
        key()
        bytes.append(contentsOf: value ? DecimalText.trueBytes : DecimalText.falseBytes)
    }
    public func fixed(_ value: Double, places: Int) {
        key()
        DecimalText.appendFixed(value, places: places, to: &bytes)
    }
    public func strings(_ values: [String]) {
        key()
        JSONLinesWriter.appendStrings(values, to: &bytes)
    }
    public func cell(_ value: Cell) {
        key()
        JSONLinesWriter.append(value, to: &bytes)
    }
    public func endRow() {
        precondition(column == keys.count, "row has \(column) fields, table has \(keys.count) columns")
        if column == 0 { bytes.append(UInt8(ascii: "{")) }
        bytes.append(UInt8(ascii: "}"))
        bytes.append(0x0A)
        column = 0
        rows += 1
    }
}
