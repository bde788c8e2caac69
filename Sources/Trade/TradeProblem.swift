/// One tradeable thing: a want-list item, a `%dummy`, or an app trade request.
public struct TradeItem: Sendable, Hashable {
    /// Display name (case-folded unless `CASE-SENSITIVE`); dummies keep their `%` prefix.
    public var name: String
    /// Owner (username or SteamID64 text); nil when the file has no usernames.
    public var owner: String?
    public var isDummy: Bool
    /// 1-based line of the want list (or request) that defined the item.
    public var line: Int

    public init(name: String, owner: String?, isDummy: Bool, line: Int) {
        self.name = name
        self.owner = owner
        self.isDummy = isDummy
        self.line = line
    }

    /// `(OWNER) NAME` or `NAME`, as TradeMaximizer prints it.
    public var displayName: String {
        guard let owner else { return name }
        return "(\(owner)) \(name)"
    }
}

/// "The owner of `receiver` would give it up to get `wanted`", at `rank` on its want list, costing `cost`.
///
/// 32 bytes: the distance is stored as a plain `Double` with NaN for "none" (a `Double?` took 9 bytes and padded
/// the edge to 40; a dense 1M-player night has 48.6 M edges).
public struct WantEdge: Sendable, Hashable {
    public var receiver: Int32
    public var wanted: Int32
    public var rank: Int64
    public var cost: Int64
    private var storedDistanceKm: Double

    /// Giver–receiver distance for app requests; nil for want lists.
    public var distanceKm: Double? {
        get { storedDistanceKm.isNaN ? nil : storedDistanceKm }
        set { storedDistanceKm = newValue ?? .nan }
    }

    public init(receiver: Int32, wanted: Int32, rank: Int64, cost: Int64, distanceKm: Double? = nil) {
        self.receiver = receiver
        self.wanted = wanted
        self.rank = rank
        self.cost = cost
        self.storedDistanceKm = distanceKm ?? .nan
    }

    // By the public fields (NaN never equals itself, so the stored form cannot be compared as it is).
    public static func == (a: WantEdge, b: WantEdge) -> Bool {
        a.receiver == b.receiver && a.wanted == b.wanted && a.rank == b.rank && a.cost == b.cost && a.distanceKm == b.distanceKm
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(receiver)
        hasher.combine(wanted)
        hasher.combine(rank)
        hasher.combine(cost)
        hasher.combine(distanceKm)
    }
}

/// A solver input: items and want edges (grouped by receiver, in want-list order). Dummy
/// out-edges already carry the non-trade cost. Built by `WantListParser` or `TradeRequestMatcher`.
public struct TradeProblem: Sendable {
    public var items: [TradeItem]
    public var edges: [WantEdge]
    public var nontradeCost: Int64
    public var options: WantListOptions
    /// Official names that had no want list (for `SHOW-MISSING`), sorted.
    public var missingOfficial: [String]

    public init(items: [TradeItem], edges: [WantEdge], nontradeCost: Int64 = 1_000_000_000,
                options: WantListOptions = WantListOptions(), missingOfficial: [String] = []) {
        self.items = items
        self.edges = edges
        self.nontradeCost = nontradeCost
        self.options = options
        self.missingOfficial = missingOfficial
    }

    /// Non-dummy items (all of them have a want list, possibly empty).
    public var realItemCount: Int { items.reduce(0) { $0 + ($1.isDummy ? 0 : 1) } }

    /// Distinct owners of non-dummy items, sorted.
    public var users: [String] {
        Array(Set(items.compactMap { $0.isDummy ? nil : $0.owner })).sorted()
    }
}
