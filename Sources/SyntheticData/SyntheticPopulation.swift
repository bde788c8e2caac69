import Dispatch
import Foundation
import PlayerModel
import Synchronization

/// Generates a seeded synthetic population.
///
/// Every player draws from its own random stream (seed, player index), so the output does not depend on
/// how players are split across threads. Players are generated in fixed-size chunks on all cores.
public enum SyntheticPopulation {
    /// Players per unit of parallel work.
    static let chunkSize = 4_096

    /// The canonical dataset (sorted like `sortCanonically()`). At a million players prefer
    /// `generateCompact(_:)`: `PlayerGame` rows cost 80 bytes each.
    public static func generate(_ config: SyntheticPopulationConfig) -> PlayerDataset {
        generateCompact(config).playerDataset()
    }

    /// The population with libraries as flat columns.
    public static func generateCompact(_ config: SyntheticPopulationConfig) -> CompactSyntheticPopulation {
        let context = SyntheticPopulationContext(config)
        let count = max(0, config.players)
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let results = Mutex<[PlayerChunk?]>(Array(repeating: nil, count: chunkCount))
        var trueCity: [Int16] = []
        var created: [Int64] = []
        let players = [Player](unsafeUninitializedCapacity: count) { playerBuffer, playersDone in
            trueCity = [Int16](unsafeUninitializedCapacity: count) { cityBuffer, citiesDone in
                created = [Int64](unsafeUninitializedCapacity: count) { createdBuffer, createdDone in
                    let p = UnsafeSlots(base: playerBuffer.baseAddress)
                    let c = UnsafeSlots(base: cityBuffer.baseAddress)
                    let t = UnsafeSlots(base: createdBuffer.baseAddress)
                    DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                        let range = (chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize)
                        let result = PlayerChunk.generate(range, context: context, players: p, trueCity: c, created: t)
                        results.withLock { $0[chunk] = result }
                    }
                    createdDone = count
                }
                citiesDone = count
            }
            playersDone = count
        }
        let gameCounts = results.withLock { slots in slots.map { $0!.gameCounts } }

        // Assemble the library columns: offsets first, then each chunk copies its rows in parallel.
        var start = [Int](repeating: 0, count: count + 1)
        var chunkRowStart = [Int](repeating: 0, count: chunkCount + 1)
        var row = 0
        for (c, counts) in gameCounts.enumerated() {
            chunkRowStart[c] = row
            for (k, n) in counts.enumerated() {
                start[c * chunkSize + k] = row
                row += Int(n)
            }
        }
        chunkRowStart[chunkCount] = row
        start[count] = row
        let rows = row
        let rowStarts = chunkRowStart
        let appIDs = context.appIDs
        var minutes: [Int32] = [], recent: [Int32] = [], last: [UInt32] = []
        let apps = [UInt32](unsafeUninitializedCapacity: rows) { appBuffer, appsDone in
            minutes = [Int32](unsafeUninitializedCapacity: rows) { minuteBuffer, minutesDone in
                recent = [Int32](unsafeUninitializedCapacity: rows) { recentBuffer, recentDone in
                    last = [UInt32](unsafeUninitializedCapacity: rows) { lastBuffer, lastDone in
                        let a = UnsafeSlots(base: appBuffer.baseAddress)
                        let m = UnsafeSlots(base: minuteBuffer.baseAddress)
                        let r = UnsafeSlots(base: recentBuffer.baseAddress)
                        let l = UnsafeSlots(base: lastBuffer.baseAddress)
                        DispatchQueue.concurrentPerform(iterations: chunkCount) { c in
                            var at = rowStarts[c]
                            // Take the chunk's rows out, so each is freed as soon as it is copied.
                            let games = results.withLock { slots in
                                defer { slots[c]!.games = [] }
                                return slots[c]!.games
                            }
                            for game in games {
                                (a.base! + at).initialize(to: appIDs[Int(game.catalogueIndex)])
                                (m.base! + at).initialize(to: game.minutes)
                                (r.base! + at).initialize(to: game.minutes2Weeks)
                                (l.base! + at).initialize(to: game.lastPlayed)
                                at += 1
                            }
                        }
                        lastDone = rows
                    }
                    recentDone = rows
                }
                minutesDone = rows
            }
            appsDone = rows
        }
        let preferences = results.withLock { slots in slots.flatMap { $0!.preferences } }
        let friendships = SyntheticFriendships.generate(players: players, trueCity: trueCity, timeCreated: created,
                                                        cityCount: config.cities.count, config: config)
        return CompactSyntheticPopulation(
            players: players,
            libraries: SyntheticLibraries(start: start, appIDs: apps, minutes: minutes, minutes2Weeks: recent,
                                          lastPlayed: last),
            friendships: friendships, preferences: preferences, catalogue: context.catalogue)
    }

    /// The SteamID64 of player `index`: account ids rise by 1…4 per player, so ids sort like indices.
    public static func steamID(ofPlayer index: Int, config: SyntheticPopulationConfig) -> SteamID64 {
        let jitter = UInt32(truncatingIfNeeded: SplitMix.mix(config.seed &+ UInt64(index)) % 4)
        return SteamID64(accountID: config.firstAccountID &+ UInt32(index) &* 4 &+ jitter)!
    }
}
