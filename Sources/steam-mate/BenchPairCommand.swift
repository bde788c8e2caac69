import ArgumentParser
import Foundation
import Geo
import Pairing
import PipelineCore
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
    @Option(help: "Regions of at least this many players use the pruned traversal (default: never).") var pruneFrom: Int = .max
    @Option(help: "Spread players over this many synthetic towns around the generator's real cities (0: the generator's cities).")
    var cities: Int = 0

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

    func generatorConfig(_ n: Int) -> SyntheticPopulationConfig {
        SyntheticPopulationConfig(players: n, seed: seed, cities: Self.towns(cities, seed: seed))
    }

    func run() throws {
        let threadCount = threads ?? ProcessInfo.processInfo.activeProcessorCount
        print("bench pair: players \(players), seed \(seed), k \(k), threads \(threadCount), cities \(cities == 0 ? SyntheticCity.defaults.count : cities), prune from \(pruneFrom)")
        print("stage      seconds   peak_rss_mb")
        var clock = ContinuousClock.now
        func stage(_ name: String) {
            let elapsed = ContinuousClock.now - clock
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print(name.padding(toLength: 11, withPad: " ", startingAt: 0)
                  + Cell.formatFixed(seconds, places: 3).padding(toLength: 10, withPad: " ", startingAt: 0)
                  + String(Self.peakRSSMegabytes()))
            clock = ContinuousClock.now
        }
        let dataset = SyntheticPopulation.generate(generatorConfig(players))
        stage("generate")
        let config = PairingConfig(k: k, threads: threadCount, pruneFromRegionSize: pruneFrom)
        let population = PreparedPopulation(dataset: dataset, exclusions: PairExclusions(
            pairs: dataset.friendships.map { ($0.a, $0.b) }), config: config)
        stage("index")
        let result = BulkPairer.pair(population)
        stage("score")
        // Explanations and rows for every emitted pair, built 16,384 players at a time as `PairingJob` does.
        var rows = 0
        var from = 0
        while from < population.count {
            let to = min(population.count, from + 16_384)
            rows += PairingRun.pairingsTable(result.lists, population: population, players: from..<to).rows.count
            from = to
        }
        stage("explain")
        let c = result.counters
        print("pairings \(rows), players paired \(result.lists.counts.filter { $0 > 0 }.count), "
              + "postings scanned \(c.postingsScanned), candidates evaluated \(c.candidatesEvaluated), blocks \(c.blocks)")
        if checkSingleThread {
            let t0 = ContinuousClock.now
            let single = BulkPairer.pair(population, threads: 1)
            let t1 = ContinuousClock.now - t0
            print("single-thread score: \(t1), identical to \(threadCount)-thread output: \(single.lists == result.lists)")
        }
        if oraclePlayers > 0 {
            let small = SyntheticPopulation.generate(generatorConfig(oraclePlayers))
            let p = PreparedPopulation(dataset: small, exclusions: PairExclusions(
                pairs: small.friendships.map { ($0.a, $0.b) }), config: PairingConfig(k: k, threads: 1, pruneFromRegionSize: pruneFrom))
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

    static func peakRSSMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) / 1024
    }
}
