import Foundation
import PlayerModel

/// The players of one contiguous index range, with their games as compact records.
struct PlayerChunk: Sendable {
    /// A game in a chunk's library: 16 bytes instead of a full `PlayerGame`.
    struct CompactGame: Sendable {
        var playerOffset: UInt32
        var catalogueIndex: UInt32
        var minutes: Int32
        var minutes2Weeks: Int32
        var lastPlayed: UInt32
    }

    var players: [Player] = []
    var games: [CompactGame] = []
    var preferences: [PlayerPreferences] = []
    /// The city each player lives in (whether or not the profile shows it); -1 for none.
    var trueCity: [Int16] = []
    /// Account creation time, known to the generator even when the profile hides it.
    var timeCreated: [Int64] = []

    static let twoWeeks: Int64 = 14 * 86_400
    static let earliestCreation: Int64 = 1_095_000_000  // 2004-09
    static let latestCreation: Int64 = 1_717_200_000    // 2024-06

    static func generate(_ range: Range<Int>, config: SyntheticPopulationConfig,
                         catalogue: SyntheticCatalogue) -> PlayerChunk {
        var chunk = PlayerChunk()
        chunk.players.reserveCapacity(range.count)
        chunk.games.reserveCapacity(range.count * Int(config.meanPlayedGames + config.meanUnplayedGames + 2))
        var cityCumulative: [Double] = []
        var total = 0.0
        for city in config.cities { total += max(0, city.weight); cityCumulative.append(total) }
        var capCumulative: [Double] = []
        total = 0
        for weight in config.capWeights.prefix(config.capChoicesKm.count) { total += max(0, weight); capCumulative.append(total) }
        var seenStamp = [UInt32](repeating: UInt32.max, count: catalogue.count)
        var library: [(index: Int, minutes: Int32, twoWeeks: Int32, lastPlayed: UInt32)] = []

        for index in range {
            var rng = SplitMix(seed: config.seed, index: UInt64(index), stream: 1)
            let offset = UInt32(index - range.lowerBound)
            let steamID = SyntheticPopulation.steamID(ofPlayer: index, config: config)
            var player = Player(steamID: steamID)
            let isPrivate = rng.chance(config.sharePrivateProfile)
            let city = config.cities.isEmpty ? -1 : rng.weighted(cityCumulative)
            let showsLocation = city >= 0 && !isPrivate && !rng.chance(config.shareWithoutLocation)
            let created = Self.earliestCreation + Int64(rng.below(Int(Self.latestCreation - Self.earliestCreation)))
            let persona = SyntheticNames.persona(&rng)
            player.personaName = persona
            player.visibility = isPrivate ? .private : .public
            player.lastLogoff = config.referenceTime - Int64(rng.below(30 * 86_400))
            player.vacBanned = rng.chance(config.shareVACBanned)
            player.tradeBanState = "None"
            let hasVanity = !isPrivate && rng.chance(0.3)
            let hasRealName = !isPrivate && rng.chance(0.25)
            let privateGames = !isPrivate && rng.chance(config.sharePrivateGames)
            if hasVanity {
                let vanity = SyntheticNames.vanity(persona: persona, accountID: steamID.accountID)
                player.customURL = vanity
                player.profileURL = "https://steamcommunity.com/id/\(vanity)/"
            } else {
                player.profileURL = "https://steamcommunity.com/profiles/\(steamID)/"
            }
            if hasRealName { player.realName = SyntheticNames.realName(&rng) }
            if !isPrivate {
                player.timeCreated = created
                player.memberSince = CivilDate(unixSeconds: created).iso
                player.friendsKnown = true
                player.gamesKnown = !privateGames
            }
            if showsLocation {
                let c = config.cities[city]
                player.country = c.countryCode
                player.state = c.stateCode
                player.cityID = c.cityID
                player.locationText = c.locationText
                player.latitude = c.center.latitude
                player.longitude = c.center.longitude
                player.locationAccuracyKm = 10
            }

            // Library: played games (log-normal count, Zipf titles) plus a few owned-but-unplayed ones.
            library.removeAll(keepingCapacity: true)
            if player.gamesKnown {
                let mu = log(config.meanPlayedGames) - config.playedGamesSigma * config.playedGamesSigma / 2
                let limit = min(catalogue.count / 2, 2_000)
                let played = min(limit, max(1, Int((mu + config.playedGamesSigma * rng.normal()).exp.rounded())))
                let unplayed = min(limit - played, rng.geometric(mean: config.meanUnplayedGames))
                let stamp = offset
                var attempts = 0
                while library.count < played + unplayed, attempts < 30 * (played + unplayed) {
                    attempts += 1
                    let pick = catalogue.index(forUnit: rng.unit())
                    if seenStamp[pick] == stamp { continue }
                    seenStamp[pick] = stamp
                    if library.count < played {
                        let minutes = Int32(min(1_500_000, max(1, (config.playtimeLogMu + config.playtimeLogSigma * rng.normal()).exp.rounded())))
                        var twoWeeks: Int32 = 0
                        var last: Int64
                        if rng.chance(config.shareRecentlyPlayed) {
                            twoWeeks = min(minutes, Int32(min(20_160, max(1, (4.5 + rng.normal()).exp.rounded()))))
                            last = config.referenceTime - Int64(rng.below(Int(Self.twoWeeks)))
                        } else {
                            let span = max(1, config.referenceTime - Self.twoWeeks - created)
                            last = created + Int64(rng.below(Int(span)))
                        }
                        // About a tenth of played games predate last-played tracking (rtime_last_played 0).
                        if twoWeeks == 0, rng.chance(0.1) { last = 0 }
                        library.append((pick, minutes, twoWeeks, UInt32(clamping: last)))
                    } else {
                        library.append((pick, 0, 0, 0))
                    }
                }
                library.sort { catalogue.entries[$0.index].appID < catalogue.entries[$1.index].appID }
                for game in library {
                    chunk.games.append(CompactGame(playerOffset: offset, catalogueIndex: UInt32(game.index),
                                                   minutes: game.minutes, minutes2Weeks: game.twoWeeks,
                                                   lastPlayed: game.lastPlayed))
                }
            }

            if rng.chance(config.shareWithPreferences) {
                chunk.preferences.append(Self.preferences(
                    for: steamID, city: city >= 0 ? config.cities[city] : nil, showsLocation: showsLocation,
                    library: library.filter { $0.minutes > 0 }.map { ($0.index, $0.minutes) },
                    catalogue: catalogue, capCumulative: capCumulative, config: config, rng: &rng))
            }
            chunk.players.append(player)
            chunk.trueCity.append(Int16(city))
            chunk.timeCreated.append(created)
        }
        return chunk
    }

    /// Availability patterns: (days 0 = Monday …, start hour, end hour); end ≤ start wraps past midnight.
    static let availabilityPatterns: [([Int], Int, Int)] = [
        ([0, 1, 2, 3, 4], 18, 23),
        ([5, 6], 12, 20),
        ([4, 5], 22, 2),
        ([0, 1, 2, 3, 4], 12, 14),
        ([5, 6], 10, 24),
        ([1, 3], 19, 22),
    ]

    static func preferences(for steamID: SteamID64, city: SyntheticCity?, showsLocation: Bool,
                            library: [(index: Int, minutes: Int32)], catalogue: SyntheticCatalogue,
                            capCumulative: [Double], config: SyntheticPopulationConfig,
                            rng: inout SplitMix) -> PlayerPreferences {
        var prefs = PlayerPreferences(steamID: steamID)
        let favouriteCount = 1 + rng.below(5)
        if library.isEmpty {
            // Hidden library: favourites are still popular games.
            var picks: [UInt32] = []
            for _ in 0..<favouriteCount {
                let appID = catalogue.entries[catalogue.index(forUnit: rng.unit())].appID
                if !picks.contains(appID) { picks.append(appID) }
            }
            prefs.favoriteAppIDs = picks
        } else {
            let ranked = library.sorted {
                ($0.minutes, catalogue.entries[$1.index].appID) > ($1.minutes, catalogue.entries[$0.index].appID)
            }
            prefs.favoriteAppIDs = ranked.prefix(favouriteCount).map { catalogue.entries[$0.index].appID }
        }
        let anywhereShare = showsLocation ? config.shareAnywhere : min(1, 3 * config.shareAnywhere)
        if rng.chance(anywhereShare) {
            prefs.anywhere = true
        } else if !config.capChoicesKm.isEmpty {
            prefs.maxDistanceKm = config.capChoicesKm[rng.weighted(capCumulative)]
        }
        var languages: [String] = []
        if let city {
            for (rank, language) in city.languages.enumerated() where rank == 0 || rng.chance(rank == 1 ? 0.5 : 0.2) {
                languages.append(language)
            }
        } else {
            languages = ["en"]
        }
        prefs.languages = languages.sorted()
        if let city, rng.chance(config.shareWithAvailability) {
            prefs.timeZone = city.timeZone
            var chosen: [Int] = []
            let patternCount = 1 + rng.below(2)
            while chosen.count < patternCount {
                let p = rng.below(availabilityPatterns.count)
                if !chosen.contains(p) { chosen.append(p) }
            }
            var windows: [(day: Int, start: Int, end: Int)] = []
            for p in chosen.sorted() {
                let (days, start, end) = availabilityPatterns[p]
                for day in days { windows.append((day, start, end)) }
            }
            windows.sort { ($0.day, $0.start, $0.end) < ($1.day, $1.start, $1.end) }
            var mask = WeeklyHourMask()
            for window in windows {
                prefs.availabilityText.append("\(AvailabilityDay.names[window.day]) \(window.start)-\(window.end)")
                let length = window.end > window.start ? window.end - window.start : window.end + 24 - window.start
                for h in 0..<length {
                    mask.insert(hour: window.day * 24 + window.start + h - city.utcOffsetHours)
                }
            }
            prefs.availability = mask
        }
        return prefs
    }
}

private extension Double {
    var exp: Double { Foundation.exp(self) }
}
