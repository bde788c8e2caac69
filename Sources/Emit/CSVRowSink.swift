import PipelineCore

/// Renders rows given field by field as CSV, with the bytes `CSVWriter` gives the same rows as cells.
public final class CSVRowSink: RowFieldSink {
    // One thread renders into a sink at a time: no dynamic exclusivity checks per field (they were ~2 % of a
    // profile-XML convert, in the players table).
    @exclusivity(unchecked) public var bytes: [UInt8] = []
    @exclusivity(unchecked) public private(set) var rows = 0
    @exclusivity(unchecked) private var column = 0

    /// `reusing`: a buffer whose capacity is kept (its bytes are dropped).
    public init(capacity: Int = 0, reusing buffer: consuming [UInt8] = []) {
        bytes = buffer
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(capacity)
    }

    @inline(__always) private func separate() {
        if column > 0 { bytes.append(UInt8(ascii: ",")) }
        column += 1
    }

    public func null() { separate() }
    public func string(_ value: String) {
        separate()
        CSVWriter.appendField(value, to: &bytes)
    }
    public func int(_ value: Int64) {
        separate()
        DecimalText.append(value, to: &bytes)
    }
    public func id(_ value: UInt64) {
        separate()
        DecimalText.append(value, to: &bytes)
    }
    public func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? DecimalText.trueBytes : DecimalText.falseBytes)
    }
    public func fixed(_ value: Double, places: Int) {
        separate()
        DecimalText.appendFixed(value, places: places, to: &bytes)
    }
    public func strings(_ values: [String]) {
        separate()
        CSVWriter.appendStrings(values, to: &bytes)
    }
    public func cell(_ value: Cell) {
        separate()
        CSVWriter.appendCell(value, to: &bytes)
    }
    public func endRow() {
        bytes.append(0x0D)
        bytes.append(0x0A)
        column = 0
        rows += 1
    }
}
