/// The key a dataset table is sorted by (`PlayerDataset.sortCanonically()`): up to two ids and a text,
/// compared in that order. Unused parts are 0 and "".
public struct DatasetRowKey: Sendable, Hashable, Comparable {
    public var first: UInt64
    public var second: UInt64
    public var text: String

    public init(_ first: UInt64, _ second: UInt64 = 0, _ text: String = "") {
        self.first = first
        self.second = second
        self.text = text
    }

    public static func < (lhs: DatasetRowKey, rhs: DatasetRowKey) -> Bool {
        (lhs.first, lhs.second, lhs.text) < (rhs.first, rhs.second, rhs.text)
    }
}
