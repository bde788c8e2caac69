import Geo

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
///
/// The edges are held as 16-byte links (receiver, wanted, rank): an edge's cost follows from its rank
/// (`options.priorities`, or `nontradeCost` out of a dummy), and a request edge's distance from its two
/// items' positions, so neither is stored unless an edge given to `init` says otherwise. A dense 1M-player
/// night has 48.6 M edges: 0.78 GB as links against 1.55 GB as `WantEdge`s.
public struct TradeProblem: Sendable {
    public let items: [TradeItem]
    public let nontradeCost: Int64
    public let options: WantListOptions
    /// Official names that had no want list (for `SHOW-MISSING`), sorted.
    public let missingOfficial: [String]
    /// The want edges without their cost and distance.
    let links: [Link]
    /// Per edge, when some edge's cost is not the one its rank gives; else nil.
    private let explicitCosts: [Int64]?
    /// Whether any item is a dummy (else no edge's cost needs its receiver looked up).
    private let hasDummies: Bool
    private let distances: Distances

    /// A want edge as stored: receiver, wanted and rank.
    struct Link: Sendable {
        var receiver: Int32
        var wanted: Int32
        var rank: Int64
    }

    /// Where each edge's distance comes from.
    private enum Distances: Sendable {
        /// No edge has one (want lists).
        case none
        /// Per edge, NaN for none.
        case stored([Double])
        /// Between the receiving and the wanted item's positions (nil: no distance).
        case betweenItems([GeoPoint?])
    }

    public init(items: [TradeItem], edges: [WantEdge], nontradeCost: Int64 = 1_000_000_000,
                options: WantListOptions = WantListOptions(), missingOfficial: [String] = []) {
        self.items = items
        self.nontradeCost = nontradeCost
        self.options = options
        self.missingOfficial = missingOfficial
        hasDummies = items.contains(where: \.isDummy)
        links = edges.map { Link(receiver: $0.receiver, wanted: $0.wanted, rank: $0.rank) }
        let ruled = edges.allSatisfy { $0.cost == Self.cost(rank: $0.rank, fromDummy: items[Int($0.receiver)].isDummy,
                                                              options: options, nontradeCost: nontradeCost) }
        explicitCosts = ruled ? nil : edges.map(\.cost)
        distances = edges.allSatisfy { $0.distanceKm == nil } ? .none : .stored(edges.map { $0.distanceKm ?? .nan })
    }

    /// Request edges: every cost is the one its rank gives, and an edge's distance is its items' (both positions known).
    init(items: [TradeItem], links: [Link], positions: [GeoPoint?], options: WantListOptions) {
        self.items = items
        self.nontradeCost = 1_000_000_000
        self.options = options
        self.missingOfficial = []
        hasDummies = items.contains(where: \.isDummy)
        self.links = links
        explicitCosts = nil
        distances = .betweenItems(positions)
    }

    /// The cost of a want edge at `rank` under these options.
    static func cost(rank: Int64, fromDummy: Bool, options: WantListOptions, nontradeCost: Int64) -> Int64 {
        fromDummy ? nontradeCost : options.priorities.cost(rank: rank)
    }

    public var edgeCount: Int { links.count }

    /// Whether every cost follows from its edge's rank (no cost stored).
    var derivesCosts: Bool { explicitCosts == nil }

    /// Edge `index`'s cost.
    @inline(__always) public func edgeCost(_ index: Int) -> Int64 {
        if let explicitCosts { return explicitCosts[index] }
        let link = links[index]
        return Self.cost(rank: link.rank, fromDummy: hasDummies && items[Int(link.receiver)].isDummy, options: options,
                         nontradeCost: nontradeCost)
    }

    /// Edge `index` with its cost and distance.
    public func edge(_ index: Int) -> WantEdge {
        let link = links[index]
        let distance: Double?
        switch distances {
        case .none: distance = nil
        case .stored(let km): distance = km[index].isNaN ? nil : km[index]
        case .betweenItems(let positions):
            if let here = positions[Int(link.receiver)], let there = positions[Int(link.wanted)] {
                distance = here.distanceKm(to: there)
            } else {
                distance = nil
            }
        }
        return WantEdge(receiver: link.receiver, wanted: link.wanted, rank: link.rank, cost: edgeCost(index), distanceKm: distance)
    }

    /// Every edge with its cost and distance (a copy at 32 bytes an edge: for tests and small problems).
    public var edges: [WantEdge] { (0..<links.count).map(edge) }

    /// Non-dummy items (all of them have a want list, possibly empty).
    public var realItemCount: Int { items.reduce(0) { $0 + ($1.isDummy ? 0 : 1) } }

    /// Distinct owners of non-dummy items, sorted.
    public var users: [String] {
        Array(Set(items.compactMap { $0.isDummy ? nil : $0.owner })).sorted()
    }
}
