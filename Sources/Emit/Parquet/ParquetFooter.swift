/// The end of a Parquet file this package writes: its `FileMetaData` (Thrift compact), the metadata's length and the
/// magic. The file is the magic, then each row group's column chunks (column by column, each one or more data pages
/// from `ParquetPageSink`), then this footer; the footer says where each chunk starts and how much it holds.
public struct ParquetFooter: Sendable {
    public struct ColumnChunk: Sendable {
        /// The file offset of the chunk's first page.
        public var offset: Int
        /// The chunk's bytes (its pages, headers included).
        public var bytes: Int
        /// Its levels: rows for a value column, list slots for a list column.
        public var levels: Int

        public init(offset: Int, bytes: Int, levels: Int) {
            self.offset = offset
            self.bytes = bytes
            self.levels = levels
        }
    }

    public struct RowGroup: Sendable {
        public var rows: Int
        public var columns: [ColumnChunk]

        public init(rows: Int, columns: [ColumnChunk]) {
            self.rows = rows
            self.columns = columns
        }
    }

    public static let magic: [UInt8] = Array("PAR1".utf8)

    public var columns: [ParquetColumn]
    public var rowGroups: [RowGroup] = []

    public init(columns: [ParquetColumn]) {
        self.columns = columns
    }

    /// The footer's bytes: the metadata, its 4-byte little-endian length, the magic.
    public func bytes() -> [UInt8] {
        var w = ThriftCompactWriter()
        w.i32(1, 1)  // version
        let elements = 1 + columns.reduce(0) { $0 + ($1.kind.isList ? 3 : 1) }
        w.list(2, count: elements, of: .struct)
        w.beginElement()
        w.binary(4, "schema")
        w.i32(5, Int32(columns.count))
        w.endStruct()
        for column in columns {
            if column.kind.isList {
                // optional group NAME (LIST) { repeated group list { optional TYPE item; } }
                w.beginElement()
                w.i32(3, 1)  // OPTIONAL
                w.binary(4, column.name)
                w.i32(5, 1)
                w.i32(6, 3)  // converted type LIST
                w.beginStruct(10)  // logical type
                w.beginStruct(3)  // LIST
                w.endStruct()
                w.endStruct()
                w.endStruct()
                w.beginElement()
                w.i32(3, 2)  // REPEATED
                w.binary(4, "list")
                w.i32(5, 1)
                w.endStruct()
                value(&w, column.kind, name: "item")
            } else {
                value(&w, column.kind, name: column.name)
            }
        }
        w.i64(3, Int64(rowGroups.reduce(0) { $0 + $1.rows }))
        w.list(4, count: rowGroups.count, of: .struct)
        for group in rowGroups {
            w.beginElement()
            w.list(1, count: group.columns.count, of: .struct)
            for (column, chunk) in zip(columns, group.columns) {
                w.beginElement()
                w.i64(2, Int64(chunk.offset))
                w.beginStruct(3)  // ColumnMetaData
                w.i32(1, column.kind.physicalType)
                w.list(2, count: 2, of: .i32)
                w.element(0)  // PLAIN
                w.element(3)  // RLE (levels)
                let path = column.path
                w.list(3, count: path.count, of: .binary)
                for part in path { w.element(part) }
                w.i32(4, 0)  // UNCOMPRESSED
                w.i64(5, Int64(chunk.levels))
                w.i64(6, Int64(chunk.bytes))
                w.i64(7, Int64(chunk.bytes))
                w.i64(9, Int64(chunk.offset))
                w.endStruct()
                w.endStruct()
            }
            w.i64(2, Int64(group.columns.reduce(0) { $0 + $1.bytes }))
            w.i64(3, Int64(group.rows))
            w.endStruct()
        }
        w.binary(6, "steam-mate")
        w.endStruct()
        var out = w.bytes
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: out.count).littleEndian) { out.append(contentsOf: $0) }
        return out + Self.magic
    }

    /// A leaf's schema element: `optional TYPE name`, strings marked UTF-8.
    private func value(_ w: inout ThriftCompactWriter, _ kind: ParquetColumn.Kind, name: String) {
        w.beginElement()
        w.i32(1, kind.physicalType)
        w.i32(3, 1)  // OPTIONAL
        w.binary(4, name)
        if kind.isString {
            w.i32(6, 0)  // converted type UTF8
            w.beginStruct(10)
            w.beginStruct(1)  // STRING
            w.endStruct()
            w.endStruct()
        }
        w.endStruct()
    }
}
