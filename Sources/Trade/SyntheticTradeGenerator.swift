import Geo
import PipelineCore
import PlayerModel

/// Seeded synthetic trade inputs for the benchmark, tests and sample data. Same seed → same bytes.
///
/// Popularity is skewed (item k is wanted with weight 1/(k+1)^0.5 over a seeded shuffle), wants avoid
/// the owner's own items, and want-list lengths vary around the requested mean.
public enum SyntheticTradeGenerator {
    /// A TradeMaximizer want-list file with `items` items owned by `users` users and about
    /// `wantEdges` wants in total. Names look like `0001-ABCDE`.
    public static func wantList(seed: UInt64, items: Int, users: Int, wantEdges: Int, linearPriorities: Bool = true,
                                semicolonEvery: Int = 0) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        let owners = (0..<items).map { _ in Int(rng.next() % UInt64(max(1, users))) }
        let names = (0..<items).map { k -> String in
            var letters = ""
            for _ in 0..<5 { letters.append(Character(Unicode.Scalar(UInt8(65 + rng.next() % 26)))) }
            let digits = String(k + 1)
            return String(repeating: "0", count: max(0, 5 - digits.count)) + digits + "-" + letters
        }
        let sampler = PopularitySampler(count: items, rng: &rng)
        var out = "# steam-mate synthetic want list (seed \(seed))\n"
        out += "#! REQUIRE-COLONS REQUIRE-USERNAMES" + (linearPriorities ? " LINEAR-PRIORITIES" : "") + "\n"
        let mean = Double(wantEdges) / Double(max(1, items))
        var chosen = Set<Int>()
        for k in 0..<items {
            let length = max(0, Int((mean * (0.5 + rng.nextUnit())).rounded()))
            chosen.removeAll(keepingCapacity: true)
            var wants: [Int] = []
            var attempts = 0
            while wants.count < length && attempts < length * 4 {
                attempts += 1
                let w = sampler.sample(&rng)
                if owners[w] == owners[k] || !chosen.insert(w).inserted { continue }
                wants.append(w)
            }
            out += "(user\(owners[k])) \(names[k]) :"
            for (position, w) in wants.enumerated() {
                if semicolonEvery > 0 && position > 0 && position % semicolonEvery == 0 { out += " ;" }
                out += " " + names[w]
            }
            out += "\n"
        }
        return Array(out.utf8)
    }

    /// `count` active requests by `users` authors over `apps` games (appids 10, 20, …), located
    /// within ~`spreadKm` of `center`. Accepted lists hold 1–`maxAccepted` games, most popular games likelier.
    public static func requests(seed: UInt64, count: Int, users: Int, apps: Int, maxAccepted: Int = 8,
                                center: GeoPoint = GeoPoint(latitude: 52.52, longitude: 13.40),
                                spreadKm: Double = 300) -> (requests: [TradeRequest], locations: [SteamID64: TradeLocation]) {
        var rng = SeededGenerator(seed: seed)
        var locations: [SteamID64: TradeLocation] = [:]
        let authors = (0..<max(1, users)).map { SteamID64(accountID: UInt32(1000 + $0))! }
        for author in authors {
            let dLat = (rng.nextUnit() * 2 - 1) * spreadKm / 111
            let dLon = (rng.nextUnit() * 2 - 1) * spreadKm / 111
            locations[author] = TradeLocation(point: GeoPoint(latitude: center.latitude + dLat, longitude: center.longitude + dLon),
                                              accuracyKm: 5)
        }
        let sampler = PopularitySampler(count: max(1, apps), rng: &rng)
        var requests: [TradeRequest] = []
        for k in 0..<count {
            let author = authors[Int(rng.next() % UInt64(authors.count))]
            let offered = UInt32(10 * (sampler.sample(&rng) + 1))
            var accepted: [UInt32] = []
            let length = 1 + Int(rng.next() % UInt64(max(1, maxAccepted)))
            for _ in 0..<length * 3 where accepted.count < length {
                let app = UInt32(10 * (sampler.sample(&rng) + 1))
                if app != offered && !accepted.contains(app) { accepted.append(app) }
            }
            let day = 1 + k % 28
            requests.append(TradeRequest(
                id: "r\(k + 1)", author: author, offeredAppID: offered, offeredTitle: "Game \(offered)",
                acceptedAppIDs: accepted, status: .active,
                createdAt: "2025-05-\(day < 10 ? "0" : "")\(day)T12:00:00Z", line: k + 1))
        }
        return (requests, locations)
    }
}

/// Draws indices 0..<count with weight 1/√(rank+1) over a seeded permutation (binary search on the CDF).
struct PopularitySampler {
    private var cumulative: [Double] = []
    private var permutation: [Int] = []

    init(count: Int, rng: inout SeededGenerator) {
        permutation = Array(0..<count)
        for k in stride(from: count - 1, to: 0, by: -1) {
            permutation.swapAt(k, Int(rng.next() % UInt64(k + 1)))
        }
        var total = 0.0
        cumulative.reserveCapacity(count)
        for k in 0..<count {
            total += 1 / Double(k + 1).squareRoot()
            cumulative.append(total)
        }
    }

    func sample(_ rng: inout SeededGenerator) -> Int {
        let target = rng.nextUnit() * (cumulative.last ?? 0)
        var lo = 0, hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if cumulative[mid] < target { lo = mid + 1 } else { hi = mid }
        }
        return permutation[lo]
    }
}
