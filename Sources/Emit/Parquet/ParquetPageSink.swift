import PipelineCore

/// Collects rows field by field (`RowFieldSink`, as the CSV and JSON Lines writers get them) into one Parquet data
/// page per column: definition (and for lists repetition) levels and PLAIN values, uncompressed. A row renders to
/// the values Arrow reads from the same row's JSON line with the columns' declared types: ids as decimal strings,
/// fixed decimals as the double their text denotes, lists as lists (empty stays empty, null stays null).
///
/// A field that does not fit its column's type (a bug in a table's row definition, never input) makes `pages()`
/// throw rather than write a file that says something else.
public final class ParquetPageSink: RowFieldSink {
    /// One column's page, ready to be written: `head` (the page header and the levels) then `values`, kept apart so
    /// the values are never copied into one buffer; and how many levels (rows, or list slots) it holds.
    public struct Page: Sendable {
        public var head: [UInt8]
        public var values: [UInt8]
        public var levels: Int

        public var byteCount: Int { head.count + values.count }
    }

    public struct Mismatch: Error, CustomStringConvertible {
        public var description: String
    }

    private struct Buffer {
        var definitions: [UInt8] = []
        var repetitions: [UInt8] = []
        var values: [UInt8] = []
        var booleans = 0
        var booleanByte: UInt8 = 0
    }

    private let columns: [ParquetColumn]
    private var buffers: [Buffer]
    private var column = 0
    private var mismatch: String?
    public private(set) var rows = 0

    public init(columns: [ParquetColumn]) {
        self.columns = columns
        buffers = Array(repeating: Buffer(), count: columns.count)
    }

    public func null() {
        guard let c = next(nil) else { return }
        buffers[c].definitions.append(0)
        if columns[c].kind.isList { buffers[c].repetitions.append(0) }
    }

    public func string(_ value: String) {
        guard let c = next(.string) else { return }
        buffers[c].definitions.append(1)
        appendString(value, c)
    }

    public func int(_ value: Int64) {
        guard let c = next(.int64) else { return }
        buffers[c].definitions.append(1)
        appendInt(value, c)
    }

    public func id(_ value: UInt64) {
        guard let c = next(.string) else { return }
        buffers[c].definitions.append(1)
        let lengthAt = buffers[c].values.count
        buffers[c].values += [0, 0, 0, 0]
        DecimalText.append(value, to: &buffers[c].values)
        patchLength(c, at: lengthAt)
    }

    public func bool(_ value: Bool) {
        guard let c = next(.bool) else { return }
        buffers[c].definitions.append(1)
        if value { buffers[c].booleanByte |= 1 << UInt8(buffers[c].booleans % 8) }
        buffers[c].booleans += 1
        if buffers[c].booleans % 8 == 0 {
            buffers[c].values.append(buffers[c].booleanByte)
            buffers[c].booleanByte = 0
        }
    }

    public func fixed(_ value: Double, places: Int) {
        guard let c = next(.double) else { return }
        buffers[c].definitions.append(1)
        // The double the written decimal denotes (what a reader of the JSON line gets), not `value` itself.
        var text: [UInt8] = []
        DecimalText.appendFixed(value, places: places, to: &text)
        appendDouble(Double(String(decoding: text, as: UTF8.self)) ?? .nan, c)
    }

    public func strings(_ values: [String]) {
        guard let c = next(.stringList) else { return }
        appendList(values.count, c) { appendString(values[$0], c) }
    }

    public func cell(_ value: Cell) {
        switch value {
        case .null: null()
        case .string(let s): string(s)
        case .int(let v): int(v)
        case .id(let v): id(v)
        case .bool(let v): bool(v)
        case .fixed(let v, let places): fixed(v, places: places)
        case .list(let items):
            // A list of strings for a string-list column, else of integers (which the column must then hold).
            let strings = column < columns.count && columns[column].kind == .stringList
            guard let c = next(strings ? .stringList : .int64List) else { return }
            appendList(items.count, c) { i in
                switch (items[i], strings) {
                case (.string(let value), true): appendString(value, c)
                case (.int(let value), false): appendInt(value, c)
                default: fail("a list of other values than strings or integers")
                }
            }
        case .object: fail("an object")
        }
    }

    public func endRow() {
        if column != columns.count { fail("a row of \(column) fields for \(columns.count) columns") }
        column = 0
        rows += 1
    }

    /// Each column's data page (in column order); throws when a field did not fit its column.
    public func pages() throws -> [Page] {
        if let mismatch { throw Mismatch(description: mismatch) }
        return try columns.indices.map { c in
            var buffer = Buffer()
            swap(&buffer, &buffers[c])  // taken, not copied: the sink is done with it
            if buffer.booleans % 8 != 0 { buffer.values.append(buffer.booleanByte) }
            let kind = columns[c].kind
            var levels: [UInt8] = []
            if kind.isList { ParquetLevelEncoder.append(buffer.repetitions, bitWidth: 1, to: &levels) }
            ParquetLevelEncoder.append(buffer.definitions, bitWidth: kind.isList ? 2 : 1, to: &levels)
            let body = levels.count + buffer.values.count
            guard body <= Int32.max else {
                throw Mismatch(description: "column \(columns[c].name): a page of \(body) bytes (at most 2 GiB)")
            }
            var header = ThriftCompactWriter()
            header.i32(1, 0)  // DATA_PAGE
            header.i32(2, Int32(body))
            header.i32(3, Int32(body))
            header.beginStruct(5)  // DataPageHeader
            header.i32(1, Int32(buffer.definitions.count))
            header.i32(2, 0)  // PLAIN
            header.i32(3, 3)  // RLE
            header.i32(4, 3)  // RLE
            header.endStruct()
            header.endStruct()
            return Page(head: header.bytes + levels, values: buffer.values, levels: buffer.definitions.count)
        }
    }

    /// The column the next field fills, when it is of `kind` (nil: a null, which fits any column).
    private func next(_ kind: ParquetColumn.Kind?) -> Int? {
        guard column < columns.count else {
            fail("more fields than the \(columns.count) columns")
            return nil
        }
        let c = column
        column += 1
        if let kind, columns[c].kind != kind {
            fail("\(kind) for column \(columns[c].name), a \(columns[c].kind) column")
            return nil
        }
        return c
    }

    /// The levels of a list of `count` elements in column `c` (an empty list is defined but holds no element),
    /// `element(i)` appending each one's value.
    private func appendList(_ count: Int, _ c: Int, _ element: (Int) -> Void) {
        if count == 0 {
            buffers[c].definitions.append(1)
            buffers[c].repetitions.append(0)
        }
        for i in 0..<count {
            buffers[c].definitions.append(3)
            buffers[c].repetitions.append(i == 0 ? 0 : 1)
            element(i)
        }
    }

    private func fail(_ what: String) {
        if mismatch == nil { mismatch = "row \(rows + 1): \(what)" }
    }

    private func appendString(_ value: String, _ c: Int) {
        let appended: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
            appendLength(utf8.count, c)
            buffers[c].values.append(contentsOf: utf8)
        }
        if appended == nil {  // not stored as contiguous UTF-8 (a bridged string)
            appendLength(value.utf8.count, c)
            buffers[c].values.append(contentsOf: value.utf8)
        }
    }

    private func appendInt(_ value: Int64, _ c: Int) {
        withUnsafeBytes(of: value.littleEndian) { buffers[c].values.append(contentsOf: $0) }
    }

    private func appendDouble(_ value: Double, _ c: Int) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { buffers[c].values.append(contentsOf: $0) }
    }

    private func appendLength(_ count: Int, _ c: Int) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: count).littleEndian) { buffers[c].values.append(contentsOf: $0) }
    }

    private func patchLength(_ c: Int, at offset: Int) {
        let count = UInt32(truncatingIfNeeded: buffers[c].values.count - offset - 4)
        for k in 0..<4 { buffers[c].values[offset + k] = UInt8(truncatingIfNeeded: count >> (8 * UInt32(k))) }
    }
}
