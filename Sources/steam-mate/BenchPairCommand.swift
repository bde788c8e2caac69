import ArgumentParser
import Foundation
import Geo
import Pairing
import PipelineCore
import PipelineRunner
import PlayerModel
import Synchronization
import SyntheticData
#if canImport(Glibc)
import Glibc
#endif

/// `steam-mate bench pair --players N`: time and peak RSS per stage on a seeded synthetic population.
struct BenchPairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Benchmark bulk pairing: generate, index, score, explain."
    )

    @Option(help: "Synthetic players.") var players: Int = 100_000
    @Option(help: "Generator seed.") var seed: UInt64 = 1
    @Option(help: "Proposals per player.") var k: Int = 20
    @Option(help: "Worker threads (default: all cores).") var threads: Int?
    @Option(help: "Also score the first N players' population single-threaded and with the brute-force oracle (0: skip).")
    var oraclePlayers: Int = 0
    @Flag(help: "Also run the indexed scorer on 1 thread and check the output is identical.") var checkSingleThread = false
    @Option(help: "Regions of at least this many players use the pruned traversal (default: the pairing default).")
    var pruneFrom: Int = PairingConfig.defaultPruneFromRegionSize
    @Option(help: "`anywhere` pools of at least this many players use the pruned per-member traversal (default: the pairing default).")
    var prunePoolFrom: Int = PairingConfig.defaultPrunePoolFromSize
    @Option(help: "Spread players over this many synthetic towns around the generator's real cities (0: the generator's cities).")
    var cities: Int = 0
    @Option(help: "Steam location table: located players are moved onto its city rows, Zipf-weighted (see --city-zipf; default: the shipped table).")
    var locations: String?
    @Option(help: "Zipf exponent of the city weights over the seeded-shuffled city rows.") var cityZipf: Double = 0.9
    @Flag(inversion: .prefixedNo, help: "Place players on the real Steam city table (off: the generator's 12 cities or --cities towns).")
    var realCities = true

    /// `cities` towns: each real city of the generator plus seeded satellites within ~±6° of it, Zipf(0.8) weights.
    static func towns(_ count: Int, seed: UInt64) -> [SyntheticCity] {
        let base = SyntheticCity.defaults
        guard count > 0 else { return base }
        var rng = SeededGenerator(seed: seed ^ 0x7011_5EED)
        return (0..<count).map { i in
            var town = base[i % base.count]
            if i >= base.count {
                let lat = town.center.latitude + (rng.nextUnit() * 2 - 1) * 6
                let lon = town.center.longitude + (rng.nextUnit() * 2 - 1) * 9
                town.center = GeoPoint(latitude: max(-80, min(80, lat)), longitude: lon)
                town.cityID = 1_000_000 + i
                town.cityName = "\(town.cityName) satellite \(i)"
            }
            town.weight = 1 / pow(Double(i + 1), 0.8)
            return town
        }
    }

    @Option(help: "Side of a geo-grid cell in km (default: the pairing default).") var gridCellKm: Double?
    @Flag(inversion: .prefixedNo, help: "Build every emitted pair's explanation row (the explain stage).")
    var explain = true
    @Flag(inversion: .prefixedNo, help: "Also render every emitted pair to CSV and JSON Lines bytes (the render stage; needs the explain stage).")
    var render = true
    @Option(help: "Give every app user this distance cap in km (default: the generator's mix, mostly 50-250 km).")
    var capKm: Double?
    @Option(help: "Share of app users who accept any distance (default: the generator's 0.1).")
    var shareAnywhere: Double?

    func generatorConfig(_ n: Int) -> SyntheticPopulationConfig {
        var config = SyntheticPopulationConfig(players: n, seed: seed, cities: Self.towns(cities, seed: seed))
        if let capKm { config.capChoicesKm = [capKm]; config.capWeights = [1] }
        if let shareAnywhere { config.shareAnywhere = shareAnywhere }
        return config
    }

    /// The seeded population, moved onto the real city table when `placement` is given.
    func seededDataset(_ n: Int, placement: RealCityPlacement?) -> PlayerDataset {
        var dataset = SyntheticPopulation.generate(generatorConfig(n))
        placement?.relocate(&dataset.players)
        return dataset
    }

    func run() throws {
        let threadCount = threads ?? ProcessInfo.processInfo.activeProcessorCount
        var placement: RealCityPlacement?
        if realCities && cities == 0 {
            placement = RealCityPlacement(locations: try BenchLocationTable.load(locations).locations, zipfExponent: cityZipf, seed: seed)
        }
        let placementText = placement.map { "\($0.cities.count) real cities (Zipf \(cityZipf), seeded shuffle)" }
            ?? "\(cities == 0 ? SyntheticCity.defaults.count : cities) generator cities"
        let caps = capKm.map { "cap \(Cell.formatFixed($0, places: 0)) km" } ?? "generator caps"
        let anywhereText = shareAnywhere.map { "anywhere share \($0)" } ?? "generator anywhere share"
        print("bench pair: players \(players), seed \(seed), k \(k), threads \(threadCount), \(placementText), \(caps), \(anywhereText), prune from \(pruneFrom), prune pool from \(prunePoolFrom)")
        print("stage      seconds   cpu_s     peak_rss_mb")
        var clock = ContinuousClock.now
        var cpu = Self.cpuSeconds()
        func stage(_ name: String) {
            let elapsed = ContinuousClock.now - clock
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print(name.padding(toLength: 11, withPad: " ", startingAt: 0)
                  + Cell.formatFixed(seconds, places: 3).padding(toLength: 10, withPad: " ", startingAt: 0)
                  + Cell.formatFixed(Self.cpuSeconds() - cpu, places: 3).padding(toLength: 10, withPad: " ", startingAt: 0)
                  + String(Self.peakRSSMegabytes()))
            clock = ContinuousClock.now
            cpu = Self.cpuSeconds()
        }
        // The population is generated as library columns and prepared straight from them: no `PlayerGame` rows.
        // The players and rows are handed over to the preparation, which frees them as soon as it is done with
        // them; the rest of the generator's output goes when this block ends.
        var config = PairingConfig(k: k, threads: threadCount, pruneFromRegionSize: pruneFrom, prunePoolFromSize: prunePoolFrom)
        if let gridCellKm { config.gridCellKm = gridCellKm }
        let population: PreparedPopulation
        let density: (withinCap: Double, queriers: Int)
        do {
            var compact = SyntheticPopulation.generateCompact(generatorConfig(players))
            placement?.relocate(&compact.players)
            stage("generate")
            do {  // Not part of any stage.
                let libraries = compact.libraries
                density = Self.density(players: compact.players, preferences: compact.preferences,
                                       defaultCapKm: config.defaultMaxDistanceKm) { k in
                    libraries.rows(ofPlayer: k).contains { libraries.minutes[$0] > 0 }
                }
                clock = ContinuousClock.now
                cpu = Self.cpuSeconds()
            }
            let exclusions = PairExclusions(pairs: compact.friendships.map { ($0.a, $0.b) })
            compact.friendships = []
            let columns = compact.libraryColumns
            compact.libraries = SyntheticLibraries()
            let generated = compact.players
            compact.players = []
            population = PreparedPopulation(players: consume generated, libraries: consume columns,
                                            preferences: compact.preferences, exclusions: exclusions, config: config)
            stage("index")
        }
        let result = BulkPairer.pair(population)
        stage("score")
        // `explain`: every emitted pair's explanation figures (what the "explanations ≤ 20 % of scoring"
        // measures); `render`: the same pairs rendered to CSV and JSON Lines bytes as `steam-mate pair` writes them
        // (explaining each pair again on the way), the end-to-end cost of the output.
        let rows = Int(result.lists.counts.reduce(0) { $0 + Int($1) })
        var bytes = 0
        var explained = 0
        if explain {
            explained = Self.explainAll(result.lists, population: population, workers: threadCount)
            stage("explain")
            if render {
                PairingJob.renderPairings(result.lists, population: population, workers: threadCount) { csv, jsonl in
                    bytes += csv.count + jsonl.count
                }
                stage("render")
            }
        }
        let c = result.counters
        print("pairings \(rows) (\(explained) shared games cited, \(bytes) bytes of CSV + JSON Lines), players paired \(result.lists.counts.filter { $0 > 0 }.count), "
              + "postings scanned \(c.postingsScanned) (anywhere pool \(c.poolPostingsScanned)), index postings built \(c.regionPostingsBuilt), candidates evaluated \(c.candidatesEvaluated), blocks \(c.blocks)")
        print("avg players within own cap (located, capped, with games; centre distance): "
              + Cell.formatFixed(density.withinCap, places: 1) + " over \(density.queriers) players; "
              + "avg region size searched: " + Cell.formatFixed(
                  Double(c.regionPlayersSearched) / Double(max(1, c.playersSearched)), places: 1))
        print("checksum \(Self.checksum(result.lists))")
        if checkSingleThread {
            let t0 = ContinuousClock.now
            let single = BulkPairer.pair(population, threads: 1)
            let t1 = ContinuousClock.now - t0
            print("single-thread score: \(t1), identical to \(threadCount)-thread output: \(single.lists == result.lists)")
        }
        if oraclePlayers > 0 {
            let small = seededDataset(oraclePlayers, placement: placement)
            let p = PreparedPopulation(dataset: small, exclusions: PairExclusions(
                pairs: small.friendships.map { ($0.a, $0.b) }), config: PairingConfig(k: k, threads: 1, pruneFromRegionSize: pruneFrom,
                                                                prunePoolFromSize: prunePoolFrom))
            let t0 = ContinuousClock.now
            let indexed = BulkPairer.pair(p, threads: 1)
            let t1 = ContinuousClock.now
            let oracle = BruteForcePairer.pair(p)
            let t2 = ContinuousClock.now
            let ratio = (t2 - t1) / (t1 - t0)
            print("oracle check at \(oraclePlayers) players (1 thread): indexed \(t1 - t0), brute force \(t2 - t1), "
                  + "ratio \(Cell.formatFixed(ratio, places: 1))x, identical: \(indexed.lists == oracle)")
        }
    }

    /// Fills the explanation figures of every emitted pair (players in chunks over `workers` threads, one reused
    /// `PairExplanationFigures` per chunk); returns the number of shared games cited, so the work is observable.
    static func explainAll(_ lists: PairingLists, population: PreparedPopulation, workers: Int) -> Int {
        let chunk = 4_096
        let chunks = (lists.players + chunk - 1) / chunk
        let total = Mutex(0)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: max(1, min(workers, chunks))) { _ in
            var figures = PairExplanationFigures()
            var cited = 0
            while true {
                let c = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard c < chunks else { break }
                for u in (c * chunk)..<min(lists.players, (c + 1) * chunk) {
                    let list = lists.list(u)
                    for (rank, candidate) in list.enumerated() {
                        population.prefetchExplanations(list, explaining: rank)
                        population.explain(u, Int(candidate.other), into: &figures)
                        cited += figures.cited.count
                    }
                }
            }
            total.withLock { $0 += cited }
        }
        return total.withLock { $0 }
    }

    /// FNV-1a over every list (player, count, partner, score, dot): equal checksums = equal scorer output.
    static func checksum(_ lists: PairingLists) -> String {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ x: UInt64) { for b in 0..<8 { h = (h ^ ((x >> (8 * UInt64(b))) & 0xFF)) &* 0x100_0000_01B3 } }
        for u in 0..<lists.players {
            mix(UInt64(lists.counts[u]))
            for c in lists.list(u) { mix(UInt64(bitPattern: Int64(c.other))); mix(c.score); mix(UInt64(c.dot)) }
        }
        return String(h, radix: 16)
    }

    /// Average number of other located players with games within each capped player's own cap (centre distance),
    /// the figure pairing.md's anchor quotes as "avg users within cap". Players are aggregated by coordinate.
    /// `playsGames(k)`: whether `players[k]` has a row with minutes > 0.
    static func density(players: [Player], preferences: [PlayerPreferences], defaultCapKm: Double,
                        playsGames: (Int) -> Bool) -> (withinCap: Double, queriers: Int) {
        var prefsIndex: [SteamID64: Int] = [:]  // the last line of a player, as a dictionary built from them keeps
        for (k, p) in preferences.enumerated() { prefsIndex[p.steamID] = k }
        struct Key: Hashable { var lat: Double; var lon: Double }
        var pointIndex: [Key: Int] = [:]
        var points: [UnitVector] = [], latitudes: [Double] = [], counts: [Int] = []
        var queries: [Int: [Double: Int]] = [:]  // point → cap → players
        for (k, player) in players.enumerated() {
            guard let lat = player.latitude, let lon = player.longitude, playsGames(k) else { continue }
            let key = Key(lat: lat, lon: lon)
            let i = pointIndex[key] ?? {
                pointIndex[key] = points.count
                points.append(GeoPoint(latitude: lat, longitude: lon).unitVector)
                latitudes.append(lat); counts.append(0)
                return points.count - 1
            }()
            counts[i] += 1
            let pr = prefsIndex[player.steamID].map { preferences[$0] }
            if pr?.anywhere == true { continue }
            queries[i, default: [:]][pr?.maxDistanceKm ?? defaultCapKm, default: 0] += 1
        }
        // Points bucketed into 1°×1° cells; each query scans the cells its largest cap can reach.
        func cellKey(_ lat: Double, _ lon: Double) -> Int { Int((lat + 90).rounded(.down)) * 1_000 + Int((lon + 180).rounded(.down)) }
        var cells: [Int: [Int]] = [:]
        for (i, v) in points.enumerated() {
            let lon = atan2(v.y, v.x) * 180 / .pi
            cells[cellKey(latitudes[i], lon), default: []].append(i)
        }
        var total = 0.0, queriers = 0
        for (i, caps) in queries.sorted(by: { $0.key < $1.key }) {
            let maxCap = caps.keys.max() ?? 0
            let band = (maxCap + 1) / 111.19
            let lat = latitudes[i], lon = atan2(points[i].y, points[i].x) * 180 / .pi
            let poleward = min(89.0, abs(lat) + band)
            let lonBand = poleward >= 89 ? 180 : band / cos(poleward * .pi / 180)
            var near: [(Double, Int)] = []
            for r in Int((lat - band + 90).rounded(.down))...Int((lat + band + 90).rounded(.down)) where r >= 0 && r < 180 {
                var columns = Set<Int>()
                for c in Int((lon - lonBand + 180).rounded(.down))...Int((lon + lonBand + 180).rounded(.down)) {
                    columns.insert(((c % 360) + 360) % 360)
                    if columns.count >= 360 { break }
                }
                for c in columns {
                    for q in cells[r * 1_000 + c] ?? [] {
                        let d = points[i].distanceKm(to: points[q])
                        if d <= maxCap { near.append((d, counts[q])) }
                    }
                }
            }
            for (cap, n) in caps {
                let within = near.reduce(0) { $1.0 <= cap ? $0 + $1.1 : $0 } - 1  // minus the player itself
                total += Double(within * n)
                queriers += n
            }
        }
        return (total / Double(max(1, queriers)), queriers)
    }

    /// User + system CPU seconds of the process so far (robust to other load on the machine, unlike wall time).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func peakRSSMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) / 1024
    }
}
