import Foundation
import Geo
import PlayerModel

/// Moves a generated population onto the real Steam city table, for benchmarks: every player who shows a location
/// is placed in one of the table's city rows, drawn Zipf-weighted by rank after a seeded shuffle of the cities
/// (so the big "cities" are scattered over the map the way the table's rows are: dense in Europe, the US, Brazil).
///
/// Only the location columns change (country, state, city id, location text, coordinates, accuracy from the
/// table's `accuracy_km`); languages, time zones and friendships keep the generator's twelve home cities. The
/// generator itself is untouched, so `steam-mate generate` output does not depend on this type.
public struct RealCityPlacement: Sendable {
    /// City rows in rank order (rank 0 = heaviest).
    public let cities: [ResolvedLocation]
    /// Cumulative Zipf weights `1/(rank+1)^exponent`, aligned with `cities`.
    let cumulative: [Double]
    public let zipfExponent: Double
    public let seed: UInt64

    /// `locations`: the table rows (any level; only city rows are used), in table order.
    public init(locations: [ResolvedLocation], zipfExponent: Double = 0.9, seed: UInt64) {
        var rows = locations.filter { $0.level == .city }
        // Seeded Fisher–Yates: the shuffle is the city ranking.
        var rng = SplitMix(seed: seed, index: 0, stream: 0xC17E)
        if rows.count > 1 {
            for i in stride(from: rows.count - 1, to: 0, by: -1) { rows.swapAt(i, rng.below(i + 1)) }
        }
        cities = rows
        var total = 0.0
        cumulative = rows.indices.map { total += 1 / pow(Double($0 + 1), zipfExponent); return total }
        self.zipfExponent = zipfExponent
        self.seed = seed
    }

    /// The city rank drawn for player `index` (independent of every other player).
    public func cityRank(ofPlayer index: Int) -> Int {
        var rng = SplitMix(seed: seed, index: UInt64(index), stream: 0xC17E)
        let target = rng.unit() * (cumulative.last ?? 0)
        var lo = 0, hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) >> 1
            if cumulative[mid] <= target { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Relocates every player that has coordinates; players without a location stay without one.
    public func relocate(_ players: inout [Player]) {
        guard !cities.isEmpty else { return }
        for i in players.indices where players[i].latitude != nil && players[i].longitude != nil {
            let city = cities[cityRank(ofPlayer: i)]
            players[i].country = city.code.country
            players[i].state = city.code.state
            players[i].cityID = city.code.cityID
            players[i].locationText = city.displayName
            players[i].latitude = city.point.latitude
            players[i].longitude = city.point.longitude
            players[i].locationAccuracyKm = city.accuracyKm
        }
    }
}
