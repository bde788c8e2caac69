import PipelineCore
import Testing

/// The LEB128 numbers `BinaryWriter` writes (also Thrift's compact varints and Parquet's run headers): 7 bits per
/// byte, low bits first; and `BinaryReader` reads them back.
@Suite struct BinaryWriterTests {
    @Test func varintsUseSevenBitsPerByte() throws {
        var w = BinaryWriter()
        w.unsigned(300)
        w.unsigned(0)
        w.unsigned(UInt64.max)
        #expect(w.bytes == [0xAC, 0x02, 0x00] + Array(repeating: 0xFF, count: 9) + [0x01])
        var r = BinaryReader(w.bytes)
        #expect(try r.unsigned() == 300)
        #expect(try r.unsigned() == 0)
        #expect(try r.unsigned() == UInt64.max)
        #expect(r.isAtEnd)
    }
}
