import PipelineCore
import Testing
@testable import Emit

/// Rows given field by field become one data page per column: levels for nulls, empty lists and list elements, PLAIN
/// values after them; a field that does not fit its column is an error, never a file.
@Suite struct ParquetPageSinkTests {
    /// The page's body after its header: the header is a Thrift struct, so it ends at its STOP byte (the body's first
    /// byte is the levels' length, written after it). Here the header is parsed only as far as its known shape.
    static func body(_ page: [UInt8]) -> [UInt8] {
        // type, sizes (3 i32 fields), the DataPageHeader struct (4 i32 fields, STOP), STOP: fields are 1-byte headers
        // followed by varints.
        var i = 0
        func skipVarint() { while page[i] >= 0x80 { i += 1 }; i += 1 }
        for _ in 0..<3 { i += 1; skipVarint() }
        i += 1  // struct field header
        for _ in 0..<4 { i += 1; skipVarint() }
        i += 2  // the two STOPs
        return Array(page[i...])
    }

    @Test func listsKeepNullEmptyAndElementsApart() throws {
        let sink = ParquetPageSink(columns: [.init("l", .stringList), .init("n", .int64List)])
        sink.null(); sink.cell(.list([.int(7)])); sink.endRow()
        sink.strings([]); sink.null(); sink.endRow()
        sink.strings(["a", "bc"]); sink.cell(.list([])); sink.endRow()
        let pages = try sink.pages()
        #expect(sink.rows == 3)
        #expect(pages.map(\.levels) == [4, 3])
        // l: repetition 0 0 0 1 (one bit-packed group of 1-bit levels: 6 bytes with the length), definition 0 1 3 3
        // (2-bit levels: 7 bytes), values "a" "bc"
        let l = Self.body(pages[0].head + pages[0].values)
        #expect(ParquetLevelEncoderTests.decode(Array(l[0..<6]), bitWidth: 1, count: 4) == [0, 0, 0, 1])
        #expect(ParquetLevelEncoderTests.decode(Array(l[6..<13]), bitWidth: 2, count: 4) == [0, 1, 3, 3])
        #expect(Array(l[13...]) == [1, 0, 0, 0, 0x61, 2, 0, 0, 0, 0x62, 0x63])
        // n: [7], null, []: definition 3 0 1, one value
        let n = Self.body(pages[1].head + pages[1].values)
        #expect(ParquetLevelEncoderTests.decode(Array(n[6..<13]), bitWidth: 2, count: 3) == [3, 0, 1])
        #expect(Array(n[13...]) == [7, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func valuesAreWhatTheJSONLineSays() throws {
        let sink = ParquetPageSink(columns: [.init("id", .string), .init("x", .double), .init("b", .bool)])
        for i in 0..<10 {
            sink.id(76_561_197_960_287_930 + UInt64(i)); sink.fixed(0.1 + 0.2, places: 1); sink.bool(i % 3 == 0); sink.endRow()
        }
        let pages = try sink.pages()
        let id = Self.body(pages[0].head + pages[0].values)
        #expect(Array(id[6..<27]) == [17, 0, 0, 0] + Array("76561197960287930".utf8))
        // 0.1 + 0.2 is not 0.3, but its text with one decimal is "0.3", which a reader parses to 0.3.
        let x = Self.body(pages[1].head + pages[1].values)
        #expect(Array(x[6..<14]) == withUnsafeBytes(of: (0.3).bitPattern.littleEndian, Array.init))
        // Ten booleans, LSB first: 1001001001 → 0b01001001, 0b10.
        let b = Self.body(pages[2].head + pages[2].values)
        #expect(Array(b[6...]) == [0b0100_1001, 0b10])
    }

    @Test func aFieldThatDoesNotFitItsColumnIsAnError() {
        let wrongType = ParquetPageSink(columns: [.init("s", .string), .init("n", .int64)])
        wrongType.string("a"); wrongType.string("b"); wrongType.endRow()
        #expect(throws: ParquetPageSink.Mismatch.self) { try wrongType.pages() }
        let short = ParquetPageSink(columns: [.init("s", .string), .init("n", .int64)])
        short.string("a"); short.endRow()
        #expect((try? short.pages()) == nil)
        let long = ParquetPageSink(columns: [.init("s", .string)])
        long.string("a"); long.int(1); long.endRow()
        #expect((try? long.pages()) == nil)
        let object = ParquetPageSink(columns: [.init("s", .string)])
        object.cell(.object([])); object.endRow()
        #expect((try? object.pages()) == nil)
    }

    /// Every dataset table's Parquet columns are its columns, in order.
    @Test func everyDatasetTableHasItsParquetColumns() {
        let tables = DatasetTables.streamedTables(for: .init())
        #expect(tables.count == DatasetTables.parquetColumns.count)
        for table in tables { #expect(DatasetTables.parquetColumns[table.name]?.map(\.name) == table.columns, "\(table.name)") }
    }
}
