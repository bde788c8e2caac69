/// One labelled count of a distribution (a document kind, a diagnostic code, a reason, a game).
public struct NamedCount: Sendable, Equatable {
    public var name: String
    public var count: Int

    public init(_ name: String, _ count: Int) {
        self.name = name
        self.count = count
    }

    /// The entries of `counts` by count descending, then name ascending (a total order), at most `limit`.
    public static func ranked(_ counts: [String: Int], limit: Int = .max) -> [NamedCount] {
        Array(counts.map { NamedCount($0.key, $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
            .prefix(limit))
    }

    /// The entries of `counts` in name order.
    public static func byName(_ counts: [String: Int]) -> [NamedCount] {
        counts.map { NamedCount($0.key, $0.value) }.sorted { $0.name < $1.name }
    }
}
