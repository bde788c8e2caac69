import Foundation
import PlayerModel

/// Generates the players of one contiguous index range. Players (and their true city and creation time)
/// are written straight into the population's preallocated columns; libraries and preferences, whose
/// sizes vary, come back as small per-chunk arrays.
struct PlayerChunk: Sendable {
    /// A library row before assembly: 16 bytes (the owner follows from `gameCounts`).
    struct CompactGame: Sendable {
        var catalogueIndex: UInt32
        var minutes: Int32
        var minutes2Weeks: Int32
        var lastPlayed: UInt32
    }

    var games: [CompactGame] = []
    /// Rows per player of the chunk.
    var gameCounts: [Int32] = []
    var preferences: [PlayerPreferences] = []

    static let twoWeeks: Int64 = 14 * 86_400
    static let earliestCreation: Int64 = 1_095_000_000  // 2004-09
    static let latestCreation: Int64 = 1_717_200_000    // 2024-06

    /// Generates players `range`, initialising `players[range]`, `trueCity[range]` and `created[range]`.
    static func generate(_ range: Range<Int>, context: SyntheticPopulationContext, players: UnsafeSlots<Player>,
                         trueCity: UnsafeSlots<Int16>, created: UnsafeSlots<Int64>) -> PlayerChunk {
        let config = context.config
        var chunk = PlayerChunk()
        chunk.games.reserveCapacity(range.count * Int(config.meanPlayedGames + config.meanUnplayedGames + 2))
        chunk.gameCounts.reserveCapacity(range.count)
        var seenStamp = [UInt32](repeating: UInt32.max, count: context.catalogue.count)
        var library: [(appID: UInt32, index: UInt32, minutes: Int32, twoWeeks: Int32, lastPlayed: UInt32)] = []
        var sortKeys: [UInt64] = []
        let mu = log(max(1, config.meanPlayedGames)) - config.playedGamesSigma * config.playedGamesSigma / 2
        let limit = min(context.catalogue.count / 2, 2_000)
        let communities = context.communities
        // Playtime shifts of the log-normal's mu: taste titles and the real head (live-service games) run longer.
        let tasteShift = log(max(1e-9, config.communityPlaytimeFactor))
        let headShift = log(max(1e-9, config.headPlaytimeFactor))
        let headTitles = SyntheticCatalogue.realHead.count

        for index in range {
            var rng = SplitMix(seed: config.seed, index: UInt64(index), stream: 1)
            let offset = UInt32(index - range.lowerBound)
            let steamID = SyntheticPopulation.steamID(ofPlayer: index, config: config)
            var player = Player(steamID: steamID)
            let isPrivate = rng.chance(config.sharePrivateProfile)
            let city = config.cities.isEmpty ? -1 : rng.weighted(context.cityCumulative)
            let showsLocation = city >= 0 && !isPrivate && !rng.chance(config.shareWithoutLocation)
            let creation = Self.earliestCreation + Int64(rng.below(Int(Self.latestCreation - Self.earliestCreation)))
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
                player.timeCreated = creation
                player.memberSince = CivilDate(unixSeconds: creation).iso
                player.friendsKnown = true
                player.gamesKnown = !privateGames
            }
            if showsLocation {
                let c = config.cities[city]
                player.country = c.countryCode
                player.state = c.stateCode
                player.cityID = c.cityID
                player.locationText = context.locationTexts[city]
                player.latitude = c.center.latitude
                player.longitude = c.center.longitude
                player.locationAccuracyKm = 10
            }

            // Library: played games (log-normal count; titles from the global Zipf curve or, for a share of
            // them, from the player's taste communities) plus a few owned-but-unplayed ones (global curve).
            // Community draws use their own stream, so without communities the main stream is unchanged.
            library.removeAll(keepingCapacity: true)
            if player.gamesKnown {
                var taste = SplitMix(seed: config.seed, index: UInt64(index), stream: 5)
                let membership = communities.membership(&taste, shareSecondary: config.shareSecondaryCommunity)
                let played = min(limit, max(1, Int(exp(mu + config.playedGamesSigma * rng.normal()).rounded())))
                let unplayed = min(limit - played, rng.geometric(mean: config.meanUnplayedGames))
                var attempts = 0
                while library.count < played + unplayed, attempts < 30 * (played + unplayed) {
                    attempts += 1
                    let pick: Int
                    var fromTaste = false
                    if membership.primary >= 0, library.count < played, taste.chance(config.shareCommunityGames) {
                        let community = membership.secondary >= 0 && taste.below(3) == 0 ? membership.secondary
                            : membership.primary
                        pick = communities.index(community: community, forUnit: taste.unit())
                        fromTaste = true
                    } else {
                        pick = context.catalogue.index(forUnit: rng.unit())
                    }
                    if seenStamp[pick] == offset { continue }
                    seenStamp[pick] = offset
                    let appID = context.appIDs[pick]
                    if library.count < played {
                        let logMu = config.playtimeLogMu + max(fromTaste ? tasteShift : 0, pick < headTitles ? headShift : 0)
                        let minutes = Int32(min(1_500_000, max(1, exp(logMu + config.playtimeLogSigma * rng.normal()).rounded())))
                        var twoWeeks: Int32 = 0
                        var last: Int64
                        if rng.chance(config.shareRecentlyPlayed) {
                            twoWeeks = min(minutes, Int32(min(20_160, max(1, exp(4.5 + rng.normal()).rounded()))))
                            last = config.referenceTime - Int64(rng.below(Int(Self.twoWeeks)))
                        } else {
                            let span = max(1, config.referenceTime - Self.twoWeeks - creation)
                            last = creation + Int64(rng.below(Int(span)))
                        }
                        // About a tenth of played games predate last-played tracking (rtime_last_played 0).
                        if twoWeeks == 0, rng.chance(0.1) { last = 0 }
                        library.append((appID, UInt32(pick), minutes, twoWeeks, UInt32(clamping: last)))
                    } else {
                        library.append((appID, UInt32(pick), 0, 0, 0))
                    }
                }
                // Sort by app id through packed keys (app id, position): cheaper than sorting the tuples.
                sortKeys.removeAll(keepingCapacity: true)
                for (position, game) in library.enumerated() { sortKeys.append(UInt64(game.appID) << 32 | UInt64(position)) }
                sortKeys.sort()
                for key in sortKeys {
                    let game = library[Int(key & 0xFFFF_FFFF)]
                    chunk.games.append(CompactGame(catalogueIndex: game.index,
                                                   minutes: game.minutes, minutes2Weeks: game.twoWeeks,
                                                   lastPlayed: game.lastPlayed))
                }
            }
            chunk.gameCounts.append(Int32(library.count))

            if rng.chance(config.shareWithPreferences) {
                chunk.preferences.append(preferences(for: steamID, city: city, showsLocation: showsLocation,
                                                     library: library, context: context, rng: &rng))
            }
            (players.base! + index).initialize(to: player)
            (trueCity.base! + index).initialize(to: Int16(city))
            (created.base! + index).initialize(to: creation)
        }
        return chunk
    }

    static func preferences(for steamID: SteamID64, city: Int, showsLocation: Bool,
                            library: [(appID: UInt32, index: UInt32, minutes: Int32, twoWeeks: Int32, lastPlayed: UInt32)],
                            context: SyntheticPopulationContext, rng: inout SplitMix) -> PlayerPreferences {
        let config = context.config
        var prefs = PlayerPreferences(steamID: steamID)
        let favouriteCount = 1 + rng.below(5)
        let played = library.filter { $0.minutes > 0 }
        if played.isEmpty {
            // Hidden library: favourites are still popular games.
            var picks: [UInt32] = []
            for _ in 0..<favouriteCount {
                let appID = context.appIDs[context.catalogue.index(forUnit: rng.unit())]
                if !picks.contains(appID) { picks.append(appID) }
            }
            prefs.favoriteAppIDs = picks
        } else {
            let ranked = played.sorted { ($0.minutes, $1.appID) > ($1.minutes, $0.appID) }
            prefs.favoriteAppIDs = ranked.prefix(favouriteCount).map(\.appID)
        }
        let anywhereShare = showsLocation ? config.shareAnywhere : min(1, 3 * config.shareAnywhere)
        if rng.chance(anywhereShare) {
            prefs.anywhere = true
        } else if !config.capChoicesKm.isEmpty {
            prefs.maxDistanceKm = config.capChoicesKm[rng.weighted(context.capCumulative)]
        }
        if city >= 0 {
            var mask = 1
            for rank in 1..<max(1, config.cities[city].languages.count) where rng.chance(rank == 1 ? 0.5 : 0.2) {
                mask |= 1 << rank
            }
            prefs.languages = context.languageSets[city][mask]
        } else {
            prefs.languages = ["en"]
        }
        if city >= 0, rng.chance(config.shareWithAvailability) {
            // Half state one pattern, half two.
            let single = context.patternCombinations.firstIndex { $0.count == 2 } ?? context.patternCombinations.count
            let combination = rng.chance(0.5) ? rng.below(single)
                : single + rng.below(max(1, context.patternCombinations.count - single))
            let chosen = context.availability[city][min(combination, context.patternCombinations.count - 1)]
            prefs.timeZone = config.cities[city].timeZone
            prefs.availabilityText = chosen.text
            prefs.availability = chosen.mask
        }
        if config.shareAskingForLobbies > 0 {
            var lobbyRNG = SplitMix(seed: config.seed, index: steamID.rawValue, stream: 0x10BB)
            if lobbyRNG.chance(min(1, config.shareAskingForLobbies / max(1e-9, config.shareWithPreferences))) {
                prefs.lobbies = lobbyRequests(library: library, context: context, rng: &lobbyRNG)
            }
        }
        return prefs
    }

    static let lobbyRoles = ["carry", "mid", "offlane", "support"]

    /// One to three lobby requests among the `lobbyGames` most popular titles: the player's most-played of them
    /// first, then titles drawn with weight 1/(rank+1). Half state sizes (min 2–4, max min…min+2), a quarter ask
    /// for one or two roles, 15 % play in the `ranked` group.
    static func lobbyRequests(library: [(appID: UInt32, index: UInt32, minutes: Int32, twoWeeks: Int32, lastPlayed: UInt32)],
                              context: SyntheticPopulationContext, rng: inout SplitMix) -> [LobbyRequest] {
        let top = min(context.config.lobbyGames, context.appIDs.count)
        guard top > 0 else { return [] }
        let wanted = 1 + rng.below(3)
        var games = library.filter { $0.minutes > 0 && Int($0.index) < top }
            .sorted { ($0.minutes, $1.appID) > ($1.minutes, $0.appID) }.map(\.appID)
        games = Array(games.prefix(wanted))
        let harmonic = (1...top).reduce(0.0) { $0 + 1 / Double($1) }
        var attempts = 0
        while games.count < wanted && attempts < 10 {
            attempts += 1
            var target = rng.unit() * harmonic
            var rank = 0
            while rank < top - 1 && target >= 1 / Double(rank + 1) { target -= 1 / Double(rank + 1); rank += 1 }
            let app = context.appIDs[rank]
            if !games.contains(app) { games.append(app) }
        }
        return games.map { app in
            var request = LobbyRequest(appID: app)
            if rng.chance(0.5) {
                let lo = 2 + rng.below(3)
                request.minPlayers = lo
                request.maxPlayers = lo + rng.below(3)
            }
            if rng.chance(0.25) {
                let first = rng.below(lobbyRoles.count)
                request.roles = [lobbyRoles[first]]
                if rng.chance(0.5) { request.roles.append(lobbyRoles[(first + 1 + rng.below(lobbyRoles.count - 1)) % lobbyRoles.count]) }
            }
            if rng.chance(0.15) { request.group = "ranked" }
            return request
        }
    }
}
