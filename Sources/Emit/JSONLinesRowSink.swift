import PipelineCore

/// Renders rows given field by field as JSON Lines, with the bytes `JSONLinesWriter` gives the same rows as cells.
public final class JSONLinesRowSink: RowFieldSink {
    // One thread renders into a sink at a time: no dynamic exclusivity checks per field (they were ~2 % of a
    // profile-XML convert, in the players table).
    @exclusivity(unchecked) public var bytes: [UInt8] = []
    @exclusivity(unchecked) public private(set) var rows = 0
    @exclusivity(unchecked) private var column = 0
    /// Every column's key prefix (`{"name":` or `,"name":`) back to back, `keyEnds[i]` ending column i's: read
    /// through a pointer, so a field costs no retain and release of a per-key array.
    private let keyBytes: UnsafeMutableBufferPointer<UInt8>
    private let keyEnds: [Int]

    /// `reusing`: a buffer whose capacity is kept (its bytes are dropped).
    public init(columns: [String], capacity: Int = 0, reusing buffer: consuming [UInt8] = []) {
        let keys = JSONLinesWriter.keyPrefixes(columns)
        let flat = keys.flatMap { $0 }
        keyBytes = .allocate(capacity: max(1, flat.count))
        _ = keyBytes.initialize(from: flat)
        var end = 0
        keyEnds = keys.map { end += $0.count; return end }
        bytes = buffer
        bytes.removeAll(keepingCapacity: true)
        bytes.reserveCapacity(capacity)
    }

    deinit { keyBytes.deallocate() }

    @inline(__always) private func key() {
        let start = column == 0 ? 0 : keyEnds[column - 1]
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: keyBytes[start..<keyEnds[column]]))
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
        precondition(column == keyEnds.count, "row has \(column) fields, table has \(keyEnds.count) columns")
        if column == 0 { bytes.append(UInt8(ascii: "{")) }
        bytes.append(UInt8(ascii: "}"))
        bytes.append(0x0A)
        column = 0
        rows += 1
    }
}
