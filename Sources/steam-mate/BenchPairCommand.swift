import ArgumentParser
import Foundation
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

    func run() throws {
        let threadCount = threads ?? ProcessInfo.processInfo.activeProcessorCount
        print("bench pair: players \(players), seed \(seed), k \(k), threads \(threadCount)")
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
        let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: players, seed: seed))
        stage("generate")
        let config = PairingConfig(k: k, threads: threadCount)
        let population = PreparedPopulation(dataset: dataset, exclusions: PairExclusions(
            pairs: dataset.friendships.map { ($0.a, $0.b) }), config: config)
        stage("index")
        let result = BulkPairer.pair(population)
        stage("score")
        let table = PairingRun.pairingsTable(result.lists, population: population)
        stage("explain")
        let c = result.counters
        print("pairings \(table.rows.count), players paired \(result.lists.counts.filter { $0 > 0 }.count), "
              + "postings scanned \(c.postingsScanned), candidates evaluated \(c.candidatesEvaluated), blocks \(c.blocks)")
        if checkSingleThread {
            let t0 = ContinuousClock.now
            let single = BulkPairer.pair(population, threads: 1)
            let t1 = ContinuousClock.now - t0
            print("single-thread score: \(t1), identical to \(threadCount)-thread output: \(single.lists == result.lists)")
        }
        if oraclePlayers > 0 {
            let small = SyntheticPopulation.generate(SyntheticPopulationConfig(players: oraclePlayers, seed: seed))
            let p = PreparedPopulation(dataset: small, exclusions: PairExclusions(
                pairs: small.friendships.map { ($0.a, $0.b) }), config: PairingConfig(k: k, threads: 1))
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
