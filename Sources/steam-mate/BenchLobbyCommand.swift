import ArgumentParser
import Foundation
import Geo
import Lobby
import Pairing
import PipelineCore
import PlayerModel
import SyntheticData

/// `steam-mate bench lobby`: the lobby stage on a seeded population (time, CPU and peak RSS per stage, with the
/// pair scorer on the same population as the same-run baseline), then the bulk heuristic against the exact
/// set-packing oracle (CBC) on seeded instances of `--oracle-size` players.
struct BenchLobbyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lobby",
        abstract: "Benchmark lobby formation: generate, index, lobbies (bulk), pair scorer baseline, exact oracle ratio."
    )

    @Option(help: "Synthetic players.") var players: Int = 100_000
    @Option(help: "Generator seed.") var seed: UInt64 = 1
    @Option(help: "Share of players asking for lobbies.") var lobbyShare: Double = 0.2
    @Option(help: "Lobby requests go to this many of the most popular titles.") var lobbyGames: Int = 50
    @Option(help: "Worker threads (default: all cores).") var threads: Int?
    @Flag(help: "Also run the lobby stage on 1 thread and check the output is identical.") var checkSingleThread = false
    @Flag(inversion: .prefixedNo, help: "Run the pair scorer on the same population as the baseline.") var pairBaseline = true
    @Option(help: "Steam location table: located players are moved onto its city rows (Zipf-weighted; default: the shipped table).")
    var locations: String?
    @Option(help: "Exact-oracle instances (0: skip).") var oracleInstances: Int = 5
    @Option(help: "Players per oracle instance (one game, everybody with availability).") var oracleSize: Int = 200
    @Option(help: "Valid lobbies the exact oracle may enumerate per connected part.") var oracleLobbies: Int = 5_000_000

    func run() throws {
        let threadCount = threads ?? ProcessInfo.processInfo.activeProcessorCount
        let cityRows = try BenchLocationTable.load(locations).locations
        print("bench lobby: players \(players), seed \(seed), lobby share \(lobbyShare) over \(lobbyGames) games, threads \(threadCount)")
        print("stage      seconds   cpu_s     peak_rss_mb")
        var clock = ContinuousClock.now
        var cpu = BenchPairCommand.cpuSeconds()
        func stage(_ name: String) -> Double {
            let elapsed = ContinuousClock.now - clock
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let used = BenchPairCommand.cpuSeconds() - cpu
            print(name.padding(toLength: 11, withPad: " ", startingAt: 0)
                  + Cell.formatFixed(seconds, places: 3).padding(toLength: 10, withPad: " ", startingAt: 0)
                  + Cell.formatFixed(used, places: 3).padding(toLength: 10, withPad: " ", startingAt: 0)
                  + String(BenchPairCommand.peakRSSMegabytes()))
            clock = ContinuousClock.now
            cpu = BenchPairCommand.cpuSeconds()
            return used
        }
        var generator = SyntheticPopulationConfig(players: players, seed: seed)
        generator.shareAskingForLobbies = lobbyShare
        generator.lobbyGames = lobbyGames
        let pairing = PairingConfig(k: 20, threads: threadCount)
        let population: PreparedPopulation
        let preferences: [PlayerPreferences]
        do {
            var compact = SyntheticPopulation.generateCompact(generator)
            RealCityPlacement(locations: cityRows, zipfExponent: 0.9, seed: seed).relocate(&compact.players)
            _ = stage("generate")
            preferences = compact.preferences
            let columns = compact.libraryColumns
            compact.libraries = SyntheticLibraries()
            let generated = compact.players
            compact.players = []
            population = PreparedPopulation(players: consume generated, libraries: consume columns, preferences: preferences,
                                            config: pairing)
            _ = stage("index")
        }
        let config = LobbyConfig(pairing: pairing, threads: threadCount)
        let output = LobbyRun.run(LobbyRun.Input(population: population, preferences: preferences, config: config))
        let lobbySeconds = stage("lobby")
        let s = output.summary
        print("lobby: asking \(s.playersAsking), requests \(s.requests), placed players \(s.playersPlaced), requests placed \(s.requestsPlaced), lobbies \(s.lobbies), parts exact \(s.partsExact) / greedy \(s.partsGreedy)")
        print("unplaced by reason: " + s.unplacedByReason.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        print("lobby sizes: " + s.lobbySizeHistogram.sorted { Int($0.key)! < Int($1.key)! }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
        print("checksum \(SHA256.hex(of: Array(output.lobbies.rows.description.utf8)))")
        if checkSingleThread {
            var single = config
            single.threads = 1
            let again = LobbyRun.run(LobbyRun.Input(population: population, preferences: preferences, config: single))
            _ = stage("lobby 1t")
            print("1-thread output identical: \(again.lobbies == output.lobbies && again.members == output.members && again.unplaced == output.unplaced)")
        }
        if pairBaseline {
            _ = BulkPairer.pair(population)
            let pairSeconds = stage("pair score")
            print("baseline: pair score CPU \(Cell.formatFixed(pairSeconds, places: 2)) s; lobby / pair CPU = \(Cell.formatFixed(lobbySeconds / max(1e-9, pairSeconds), places: 3))")
        }
        if oracleInstances > 0 { try runOracle(cityRows) }
    }

    /// Bulk (the heuristic, no exact parts) against the exact set-packing oracle on seeded single-game instances.
    func runOracle(_ cityRows: [ResolvedLocation]) throws {
        let bulkSolver = GreedyLobbySolver()
        print("oracle: \(oracleInstances) instances of \(oracleSize) players, one game, bulk = GreedyLobbySolver on every part (exact_up_to off;"
              + " parts of ≤ \(bulkSolver.exactPartsUpTo) players re-solved whole by CBC, larger ones by the neighbourhood search);"
              + " big = placed in the parts of more than \(bulkSolver.exactPartsUpTo) players")
        print("seed  parts  largest  exact_placed  bulk_placed  ratio   big_exact  big_bulk  exact_lm    bulk_lm     lm_ratio  exact_s  bulk_ms")
        var placedExact = 0, placedBulk = 0, solved = 0
        var worst = 1.0
        for k in 0..<oracleInstances {
            let instanceSeed = seed &+ UInt64(k) &* 7919
            var generator = SyntheticPopulationConfig(players: oracleSize * 2, seed: instanceSeed)
            generator.shareAskingForLobbies = generator.shareWithPreferences
            generator.shareWithAvailability = 1
            generator.lobbyGames = 1
            var dataset = SyntheticPopulation.generate(generator)
            RealCityPlacement(locations: cityRows, zipfExponent: 0.9, seed: instanceSeed).relocate(&dataset.players)
            let config = LobbyConfig(pairing: PairingConfig(), exactUpTo: 0)
            let population = PreparedPopulation(dataset: dataset, config: config.pairing)
            let requests = LobbyRequestSet(population: population, preferences: dataset.preferences, previouslyUnplaced: [],
                                           config: config)
            guard let instance = requests.instances.max(by: { $0.members.count < $1.members.count }) else { continue }
            let full = instance.problem(in: population)
            let problem = full.subproblem(Array(0..<min(oracleSize, full.count)))
            let parts = problem.components().filter { $0.count >= 2 }
            let bulkStart = ContinuousClock.now
            let bulk = bulkSolver.solve(problem)
            let bulkTime = ContinuousClock.now - bulkStart
            let exactStart = ContinuousClock.now
            let exact = CbcLobbySolver(maxLobbies: oracleLobbies).solve(problem)
            let exactTime = ContinuousClock.now - exactStart
            func secs(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }
            let largest = parts.map(\.count).max() ?? 0
            guard let exact else {
                print("\(instanceSeed)  \(parts.count)  \(largest)  not solved within the budget (\(Cell.formatFixed(secs(exactTime), places: 1)) s); bulk placed \(bulk.placed)")
                continue
            }
            solved += 1
            // Players placed inside the parts the bulk solver does not re-solve whole (its heuristic's own share).
            var big = [Bool](repeating: false, count: problem.count)
            for part in parts where part.count > bulkSolver.exactPartsUpTo { for m in part { big[m] = true } }
            func placedInBig(_ s: LobbySolution) -> Int { s.lobbies.reduce(0) { $0 + $1.filter { big[$0] }.count } }
            placedExact += exact.placed
            placedBulk += bulk.placed
            worst = min(worst, Double(bulk.placed) / Double(max(1, exact.placed)))
            let lmE = ScoreModel.scoreValue(exact.leastMiserySum), lmB = ScoreModel.scoreValue(bulk.leastMiserySum)
            print("\(instanceSeed)  \(parts.count)  \(largest)  \(exact.placed)  \(bulk.placed)  "
                  + "\(Cell.formatFixed(Double(bulk.placed) / Double(max(1, exact.placed)), places: 4))  "
                  + "\(placedInBig(exact))  \(placedInBig(bulk))  "
                  + "\(Cell.formatFixed(lmE, places: 4))  \(Cell.formatFixed(lmB, places: 4))  "
                  + "\(Cell.formatFixed(lmB / max(1e-12, lmE), places: 4))  \(Cell.formatFixed(secs(exactTime), places: 2))  "
                  + Cell.formatFixed(secs(bulkTime) * 1000, places: 1))
        }
        print("oracle total: solved \(solved) of \(oracleInstances), placed bulk \(placedBulk) / exact \(placedExact) = "
              + Cell.formatFixed(Double(placedBulk) / Double(max(1, placedExact)), places: 4) + "; worst instance "
              + Cell.formatFixed(worst, places: 4))
    }
}
