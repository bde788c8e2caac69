/// One column of a Parquet file this package writes: a nullable value, or a nullable list of nullable values (the
/// three-level `LIST` layout), with the Spark/Arrow types the canonical tables declare (`STRING`, `BIGINT`, `DOUBLE`,
/// `BOOLEAN`, `ARRAY<STRING>`, `ARRAY<BIGINT>`).
public struct ParquetColumn: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case string, int64, double, bool, stringList, int64List

        /// The physical type of the values (the list's elements for a list).
        var physicalType: Int32 {
            switch self {
            case .bool: 0            // BOOLEAN
            case .int64, .int64List: 2  // INT64
            case .double: 5          // DOUBLE
            case .string, .stringList: 6  // BYTE_ARRAY
            }
        }

        var isList: Bool { self == .stringList || self == .int64List }
        var isString: Bool { self == .string || self == .stringList }
        /// The highest definition level: 1 for a nullable value; 3 for a nullable list of nullable elements.
        var maxDefinition: UInt8 { isList ? 3 : 1 }
    }

    public var name: String
    public var kind: Kind

    public init(_ name: String, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// The column's path in the file's schema (a list's values sit at `name.list.item`).
    var path: [String] { kind.isList ? [name, "list", "item"] : [name] }
}
