import Foundation
import Geo
import PlayerModel
import Testing
@testable import SyntheticData

@Suite struct SyntheticPopulationTests {
    static let config = SyntheticPopulationConfig(players: 3_000, seed: 42)
    static let dataset = SyntheticPopulation.generate(config)

    @Test func sameSeedGivesIdenticalDataset() {
        let again = SyntheticPopulation.generate(Self.config)
        #expect(again == Self.dataset)
    }

    @Test func differentSeedsDiffer() {
        var other = Self.config
        other.seed = 43
        let dataset = SyntheticPopulation.generate(other)
        #expect(dataset.players.map(\.personaName) != Self.dataset.players.map(\.personaName))
        #expect(dataset.games != Self.dataset.games)
    }

    @Test func resultDoesNotDependOnChunkBoundaries() {
        // A population that is a prefix of another shares the first players' libraries exactly.
        var small = Self.config
        small.players = 5_000
        let larger = SyntheticPopulation.generate(small)
        #expect(Array(larger.players.prefix(3_000)) == Self.dataset.players)
        let lastID = Self.dataset.players.last!.steamID
        #expect(larger.games.filter { $0.steamID <= lastID } == Self.dataset.games)
    }

    @Test func isCanonicallySortedWithValidIDs() {
        var sorted = Self.dataset
        sorted.sortCanonically()
        #expect(sorted == Self.dataset)
        #expect(Self.dataset.players.count == 3_000)
        #expect(Set(Self.dataset.players.map(\.steamID)).count == 3_000)
        for player in Self.dataset.players {
            #expect(SteamID64(player.steamID.description) == player.steamID)
        }
        #expect(Set(Self.dataset.games.map { "\($0.steamID)/\($0.appID)" }).count == Self.dataset.games.count)
        #expect(Self.dataset.friendships.allSatisfy { $0.a < $0.b })
    }

    @Test func meanPlayedGamesIsNearConfigured() throws {
        let publicLibraries = Self.dataset.players.filter(\.gamesKnown).count
        let played = Self.dataset.games.filter { $0.minutesTotal > 0 }.count
        let mean = Double(played) / Double(publicLibraries)
        #expect(abs(mean - 25) < 2.5, "mean played games \(mean)")
        let unplayed = Self.dataset.games.filter { $0.minutesTotal == 0 }
        #expect(!unplayed.isEmpty)
        #expect(unplayed.allSatisfy { $0.minutes2Weeks == nil && $0.lastPlayed == nil })
        let recent = Self.dataset.games.filter { ($0.minutes2Weeks ?? 0) > 0 }
        #expect(!recent.isEmpty)
        #expect(recent.allSatisfy { $0.minutes2Weeks! <= $0.minutesTotal })
    }

    @Test func popularityFollowsZipfHead() {
        var owners: [UInt32: Int] = [:]
        for game in Self.dataset.games { owners[game.appID, default: 0] += 1 }
        let dota = owners[570] ?? 0
        let cs2 = owners[730] ?? 0
        let fiftieth = owners[SyntheticCatalogue.syntheticAppIDBase + 10 * 50] ?? 0
        #expect(dota > cs2, "rank 1 \(dota) vs rank 2 \(cs2)")
        #expect(cs2 > 4 * fiftieth)
        let libraries = Double(Self.dataset.players.filter(\.gamesKnown).count)
        let share = Double(dota) / libraries
        #expect(share > 0.4 && share < 0.9, "Dota 2 ownership share \(share)")
        #expect(Self.dataset.games.first { $0.appID == 570 }?.name == "Dota 2")
    }

    @Test func playtimeIsHeavyTailed() {
        let minutes = Self.dataset.games.map(\.minutesTotal).filter { $0 > 0 }.sorted()
        let median = minutes[minutes.count / 2]
        let p99 = minutes[minutes.count * 99 / 100]
        #expect(median > 150 && median < 1_000, "median \(median)")
        #expect(p99 > 20 * median)
    }

    @Test func locationsAndPrivacyShares() {
        let players = Self.dataset.players
        let noLocation = Double(players.filter { $0.cityID == nil }.count) / Double(players.count)
        // 8 % private (never shows a location) + 15 % of the rest.
        #expect(abs(noLocation - (0.08 + 0.92 * 0.15)) < 0.03, "share without location \(noLocation)")
        let privateShare = Double(players.filter { $0.visibility == .private }.count) / Double(players.count)
        #expect(abs(privateShare - 0.08) < 0.02)
        #expect(players.filter { $0.visibility == .private }.allSatisfy { !$0.gamesKnown && $0.country == nil })
        let cityIDs = Set(SyntheticCity.defaults.map(\.cityID))
        for player in players where player.cityID != nil {
            #expect(cityIDs.contains(player.cityID!))
            let city = SyntheticCity.defaults.first { $0.cityID == player.cityID }!
            #expect(player.latitude == city.center.latitude && player.country == city.countryCode)
        }
        let seattle = players.filter { $0.cityID == 4030 }.count
        #expect(seattle > players.count / 20)
    }

    @Test func friendshipsAreMostlyLocal() {
        let cityOf = Dictionary(uniqueKeysWithValues: Self.dataset.players.map { ($0.steamID, $0.cityID) })
        let located = Self.dataset.friendships.filter { cityOf[$0.a]! != nil && cityOf[$0.b]! != nil }
        let local = located.filter { cityOf[$0.a]! == cityOf[$0.b]! }.count
        #expect(Double(local) / Double(located.count) > 0.6)
        let perPlayer = 2 * Double(Self.dataset.friendships.count) / Double(Self.dataset.players.count)
        #expect(perPlayer > 5 && perPlayer < 11, "friends per player \(perPlayer)")
        #expect(Self.dataset.friendships.contains { $0.friendSince == nil })
    }

    @Test func preferencesAreConsistent() throws {
        let prefs = Self.dataset.preferences
        let share = Double(prefs.count) / Double(Self.dataset.players.count)
        #expect(abs(share - 0.85) < 0.03)
        let games = Dictionary(grouping: Self.dataset.games, by: \.steamID)
        for pref in prefs {
            #expect(!pref.favoriteAppIDs.isEmpty && pref.favoriteAppIDs.count <= 5)
            if let library = games[pref.steamID] {
                let played = Set(library.filter { $0.minutesTotal > 0 }.map(\.appID))
                #expect(pref.favoriteAppIDs.allSatisfy { played.contains($0) })
            }
            if pref.anywhere { #expect(pref.maxDistanceKm == nil) } else {
                let cap = try #require(pref.maxDistanceKm)
                #expect(cap >= 25 && cap <= 500)
            }
            #expect(pref.languages == pref.languages.sorted() && !pref.languages.isEmpty)
            if let mask = pref.availability {
                #expect(pref.timeZone != nil && !pref.availabilityText.isEmpty)
                #expect(mask.count > 0 && mask.count <= 168)
            }
        }
        let capped = prefs.compactMap(\.maxDistanceKm)
        let mid = capped.filter { $0 >= 50 && $0 <= 250 }.count
        #expect(Double(mid) / Double(capped.count) > 0.8)
        #expect(prefs.contains { $0.anywhere })
    }

    @Test func availabilityMaskIsInUTC() throws {
        // Seattle (UTC−8) "mon 18-23" covers Tuesday 02:00–07:00 UTC.
        let seattle = Self.dataset.players.filter { $0.cityID == 4030 }.map(\.steamID)
        let pref = try #require(Self.dataset.preferences.first {
            seattle.contains($0.steamID) && $0.availabilityText.contains("mon 18-23")
        })
        let mask = try #require(pref.availability)
        #expect(mask.contains(hour: 24 + 2))
        #expect(mask.contains(hour: 24 + 6))
        #expect(pref.timeZone == "America/Los_Angeles")
    }
}
