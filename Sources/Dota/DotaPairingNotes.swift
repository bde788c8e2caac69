import PipelineCore
import PlayerModel

/// Adds Dota 2 facts to the `pairings` table at its edge, without touching the scorer: two columns,
/// `dota_matches_together` (recorded matches both played in, either side) and `dota_shared_roles` (roles in
/// both players' role masks, `DotaHeroRoles.roleMask`), and a clause appended to `reason`
/// ("played 2 recorded Dota matches together", "you both play support heroes"). Used only when the run
/// read Dota documents, so other runs' pairings are unchanged.
public struct DotaPairingNotes: Sendable {
    public static let columns = ["dota_matches_together", "dota_shared_roles"]

    private let together: [PairKey: Int]
    private let roles: [UInt64: DotaRoleSet]

    /// Recorded matches per pair and role sets, for `players` only (the players who can appear in
    /// `pairings`): a million matches hold tens of millions of co-played pairs of public players, but only
    /// pairs of players in the run's dataset are counted, so memory follows the dataset, not the matches.
    public init(dataset: DotaDataset, players: some Sequence<UInt64>) {
        let members = Set(players)
        var together: [PairKey: Int] = [:]
        var ids: [UInt64] = []
        for match in dataset.matches {
            ids.removeAll(keepingCapacity: true)
            for player in match.facts.players {
                if let id = player.steamIDRawValue, members.contains(id), !ids.contains(id) { ids.append(id) }
            }
            guard ids.count > 1 else { continue }
            for i in ids.indices { for j in ids.indices where ids[i] < ids[j] { together[PairKey(ids[i], ids[j]), default: 0] += 1 } }
        }
        let index = DotaPlayerIndex(dataset.matches)
        var roles: [UInt64: DotaRoleSet] = [:]
        for id in members {
            guard let p = index.index(of: id) else { continue }
            let set = index.stats(of: p).roles
            if !set.isEmpty { roles[id] = set }
        }
        self.together = together
        self.roles = roles
    }

    /// Adds the two columns to a whole `pairings` table (no-op without one); only its players are looked at.
    public static func annotate(_ tables: inout [Table], dataset: DotaDataset) {
        guard let index = tables.firstIndex(where: { $0.name == "pairings" }),
              let positions = Positions(tables[index].columns) else { return }
        var players = Set<UInt64>()
        for row in tables[index].rows {
            if case .id(let a) = row[positions.you] { players.insert(a) }
            if case .id(let b) = row[positions.them] { players.insert(b) }
        }
        let notes = DotaPairingNotes(dataset: dataset, players: players)
        tables[index].columns += columns
        for r in tables[index].rows.indices { notes.annotate(&tables[index].rows[r], at: positions) }
    }

    /// The same for a streamed `pairings` table: each chunk is annotated as the writer asks for it. `players`
    /// are the dataset's players (everyone a pairing row can name).
    public static func annotate(_ tables: inout [StreamedTable], dataset: DotaDataset, players: some Sequence<UInt64>) {
        guard let index = tables.firstIndex(where: { $0.name == "pairings" }),
              let positions = Positions(tables[index].columns) else { return }
        let notes = DotaPairingNotes(dataset: dataset, players: players)
        let base = tables[index]
        tables[index] = StreamedTable(name: base.name, columns: base.columns + columns, chunkCount: base.chunkCount) { chunk in
            var rows = base.chunk(chunk)
            for r in rows.indices { notes.annotate(&rows[r], at: positions) }
            return rows
        }
    }

    /// Where the pair and the reason sit in a `pairings` row.
    public struct Positions: Sendable {
        var you: Int, them: Int, reason: Int
        public init?(_ columns: [String]) {
            guard let you = columns.firstIndex(of: "steamid"), let them = columns.firstIndex(of: "candidate"),
                  let reason = columns.firstIndex(of: "reason") else { return nil }
            (self.you, self.them, self.reason) = (you, them, reason)
        }
    }

    /// Appends the two cells to `row` and the clauses to its reason.
    public func annotate(_ row: inout [Cell], at p: Positions) {
        guard case .id(let a) = row[p.you], case .id(let b) = row[p.them] else {
            row += [.null, .null]
            return
        }
        let count = together[PairKey(a, b)] ?? 0
        let shared = (roles[a] ?? []).intersection(roles[b] ?? []).roles
        row += [.int(count), .list(shared.map { .string($0.rawValue) })]
        let clauses = Self.clausesFor(count: count, shared: shared)
        if !clauses.isEmpty, case .string(let text) = row[p.reason] {
            row[p.reason] = .string(([text] + clauses).joined(separator: "; "))
        }
    }

    /// Reason clauses for a pair: matches together first, then shared roles.
    public static func clausesFor(count: Int, shared: [DotaRole]) -> [String] {
        var clauses: [String] = []
        if count > 0 { clauses.append("played \(count) recorded Dota match\(count == 1 ? "" : "es") together") }
        if !shared.isEmpty {
            let names = shared.map(\.rawValue)
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            clauses.append("you both play \(list) heroes")
        }
        return clauses
    }

    private struct PairKey: Hashable, Sendable {
        var a: UInt64
        var b: UInt64
        init(_ x: UInt64, _ y: UInt64) {
            a = min(x, y)
            b = max(x, y)
        }
    }
}
