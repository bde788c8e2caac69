/// The trades section: counts from `trade_summary.json` and a few loops from `trade_loops`.
public struct TradeFigures: Sendable, Equatable {
    public var items = 0
    public var trades = 0
    public var loops = 0
    public var users = 0
    public var usersTrading = 0
    public var maxLoopLength = 0
    public var optimal: Bool?
    /// When not proven optimal: why the solve stopped (`trade_summary.json`'s `stop_reason`), the proven bound
    /// on trades and the gap to it, as far as the summary gives them.
    public var stopReason: String?
    public var itemsUpperBound: Int?
    public var gap: Double?
    /// Size of every loop, as listed by the summary.
    public var loopSizes: [Int] = []
    /// The first loops of the table, each as its hops in order.
    public var sampleLoops: [[Hop]] = []

    public init() {}

    /// One trade of a loop: `giver` sends `item` to `receiver`.
    public struct Hop: Sendable, Equatable {
        public var giver: String
        public var item: String
        public var receiver: String

        public init(giver: String, item: String, receiver: String) {
            self.giver = giver
            self.item = item
            self.receiver = receiver
        }
    }

    /// Loops by size, ascending.
    public var loopSizeCounts: [NamedCount] {
        var counts: [Int: Int] = [:]
        for size in loopSizes { counts[size, default: 0] += 1 }
        return counts.keys.sorted().map { NamedCount(String($0), counts[$0]!) }
    }
}
