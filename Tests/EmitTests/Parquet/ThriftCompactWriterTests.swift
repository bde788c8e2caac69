import Testing
@testable import Emit

/// The compact protocol's bytes for what Parquet's headers and footer use, worked out by hand from the Thrift spec.
@Suite struct ThriftCompactWriterTests {
    @Test func fieldsAreDeltaEncodedAndLongJumpsSpelledOut() {
        var w = ThriftCompactWriter()
        w.i32(1, 1)          // delta 1, i32 (5); zigzag 1 = 2
        w.i64(3, -2)         // delta 2, i64 (6); zigzag -2 = 3
        w.binary(4, "ab")    // delta 1, binary (8); length 2
        w.i32(20, 5)         // delta 16: type byte, then zigzag id 40; zigzag 5 = 10
        w.endStruct()
        #expect(w.bytes == [0x15, 0x02, 0x26, 0x03, 0x18, 0x02, 0x61, 0x62, 0x05, 0x28, 0x0A, 0x00])
    }

    @Test func listsAndNestedStructsKeepTheirOwnFieldIDs() {
        var w = ThriftCompactWriter()
        w.list(2, count: 2, of: .struct)     // field 2: 0x29; 2 elements of struct: 0x2C
        w.beginElement()
        w.i32(1, 7)                          // 0x15 0x0E
        w.endStruct()
        w.beginElement()
        w.i32(3, 0)                          // delta 3 from the element's own 0: 0x35 0x00
        w.endStruct()
        w.i64(3, 300)                        // delta 1 from field 2: 0x16; zigzag 600 = 0xD8 0x04
        w.list(4, count: 20, of: .i32)       // 0x19; 15 or more elements: 0xF5, then 20
        w.beginStruct(5)                     // 0x1C, then an empty struct
        w.endStruct()
        w.i32(6, 1)                          // delta 1 from field 5 (the struct's own fields do not count)
        #expect(w.bytes == [0x29, 0x2C, 0x15, 0x0E, 0x00, 0x35, 0x00, 0x00, 0x16, 0xD8, 0x04, 0x19, 0xF5, 0x14, 0x1C, 0x00,
                            0x15, 0x02])
    }
}
