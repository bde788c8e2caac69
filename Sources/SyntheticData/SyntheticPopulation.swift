import Foundation
import PlayerModel
import Synchronization

/// Generates a canonical, seeded synthetic `PlayerDataset`.
///
/// Every player draws from its own random stream (seed, player index), so the output does not depend on
/// how players are split across threads. Players are generated in fixed-size chunks on all cores; games
/// are kept as 16-byte records until the final assembly, so memory stays close to the size of the result.
public enum SyntheticPopulation {
    /// Players per unit of parallel work (fixed, so chunking never changes results).
    static let chunkSize = 4_096

    public static func generate(_ config: SyntheticPopulationConfig) -> PlayerDataset {
        let catalogue = SyntheticCatalogue(size: config.catalogueSize, zipfExponent: config.zipfExponent,
                                           zipfOffset: config.zipfOffset)
        let count = max(0, config.players)
        let chunkCount = (count + chunkSize - 1) / chunkSize
        let drafts = Mutex<[PlayerChunk?]>(Array(repeating: nil, count: chunkCount))
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = (chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize)
            let result = PlayerChunk.generate(range, config: config, catalogue: catalogue)
            drafts.withLock { $0[chunk] = result }
        }
        let chunks = drafts.withLock { slots in slots.map { $0! } }

        var dataset = PlayerDataset()
        dataset.players.reserveCapacity(count)
        var gameTotal = 0
        for chunk in chunks { gameTotal += chunk.games.count }
        dataset.games.reserveCapacity(gameTotal)
        var trueCity: [Int16] = []
        trueCity.reserveCapacity(count)
        var friendsKnown: [Bool] = []
        friendsKnown.reserveCapacity(count)
        var created: [Int64] = []
        created.reserveCapacity(count)
        for chunk in chunks {
            dataset.players.append(contentsOf: chunk.players)
            dataset.preferences.append(contentsOf: chunk.preferences)
            trueCity.append(contentsOf: chunk.trueCity)
            created.append(contentsOf: chunk.timeCreated)
            for player in chunk.players { friendsKnown.append(player.friendsKnown) }
            for game in chunk.games {
                let entry = catalogue.entries[Int(game.catalogueIndex)]
                let owner = chunk.players[Int(game.playerOffset)].steamID
                dataset.games.append(PlayerGame(
                    steamID: owner, appID: entry.appID, name: entry.name, minutesTotal: Int(game.minutes),
                    minutes2Weeks: game.minutes2Weeks > 0 ? Int(game.minutes2Weeks) : nil,
                    lastPlayed: game.lastPlayed > 0 ? Int64(game.lastPlayed) : nil))
            }
        }
        dataset.friendships = SyntheticFriendships.generate(
            players: dataset.players, trueCity: trueCity, friendsKnown: friendsKnown, timeCreated: created,
            cityCount: config.cities.count, config: config)
        return dataset
    }

    /// The SteamID64 of player `index`: account ids rise by 1…4 per player, so ids sort like indices.
    public static func steamID(ofPlayer index: Int, config: SyntheticPopulationConfig) -> SteamID64 {
        let jitter = UInt32(truncatingIfNeeded: SplitMix.mix(config.seed &+ UInt64(index)) % 4)
        return SteamID64(accountID: config.firstAccountID &+ UInt32(index) &* 4 &+ jitter)!
    }
}
