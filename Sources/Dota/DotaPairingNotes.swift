import PipelineCore
import PlayerModel

/// Adds Dota 2 facts to the `pairings` table at its edge, without touching the scorer: two columns,
/// `dota_matches_together` (recorded matches both played in, either side) and `dota_shared_roles` (roles in
/// both players' role masks, `DotaHeroRoles.roleMask`), and a clause appended to `reason`
/// ("played 2 recorded Dota matches together", "you both play support heroes"). Used only when the run
/// read Dota documents, so other runs' pairings are unchanged.
public enum DotaPairingNotes {
    public static func annotate(_ tables: inout [Table], dataset: DotaDataset) {
        guard let index = tables.firstIndex(where: { $0.name == "pairings" }) else { return }
        var table = tables[index]
        guard let you = table.columns.firstIndex(of: "steamid"), let them = table.columns.firstIndex(of: "candidate"),
              let reason = table.columns.firstIndex(of: "reason") else { return }
        var paired = Set<UInt64>()
        for row in table.rows {
            if case .id(let a) = row[you], case .id(let b) = row[them] {
                paired.insert(a)
                paired.insert(b)
            }
        }
        var together: [PairKey: Int] = [:]
        for match in dataset.matches {
            let ids = match.facts.players.compactMap { $0.account.steamID?.rawValue }.filter(paired.contains)
            for i in ids.indices { for j in ids.indices where ids[i] < ids[j] { together[PairKey(ids[i], ids[j]), default: 0] += 1 } }
        }
        var roles: [UInt64: DotaRoleSet] = [:]
        for stats in DotaStatistics.playerStats(dataset.matches) where paired.contains(stats.steamID.rawValue) {
            roles[stats.steamID.rawValue] = stats.roles
        }
        table.columns += ["dota_matches_together", "dota_shared_roles"]
        for r in table.rows.indices {
            guard case .id(let a) = table.rows[r][you], case .id(let b) = table.rows[r][them] else {
                table.rows[r] += [.null, .null]
                continue
            }
            let count = together[PairKey(a, b)] ?? 0
            let shared = (roles[a] ?? []).intersection(roles[b] ?? []).roles
            table.rows[r] += [.int(count), .list(shared.map { .string($0.rawValue) })]
            let clauses = clausesFor(count: count, shared: shared)
            if !clauses.isEmpty, case .string(let text) = table.rows[r][reason] {
                table.rows[r][reason] = .string(([text] + clauses).joined(separator: "; "))
            }
        }
        tables[index] = table
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

    private struct PairKey: Hashable {
        var a: UInt64
        var b: UInt64
        init(_ x: UInt64, _ y: UInt64) {
            a = min(x, y)
            b = max(x, y)
        }
    }
}
