import Ingest
import PipelineCore
import PlayerModel

/// The tables of a partition in `PartialFactsCodec`'s byte form: the rank table first (every ref below
/// points into it), then one section per table, each an entry count and the entries' keys and fields in
/// declaration order.
extension NormalizerPartition {
    func write(to w: inout BinaryWriter) {
        ranks.ranks.write(to: &w)
        w.length(players.count)
        for (id, player) in players {
            id.write(to: &w)
            player.write(to: &w)
        }
        w.length(games.count)
        games.forEachEntry { entry in
            entry.key.player.write(to: &w)
            entry.key.appID.write(to: &w)
            entry.accumulator.write(to: &w)
        }
        w.length(friendships.count)
        for (key, friendship) in friendships {
            key.a.write(to: &w)
            key.b.write(to: &w)
            friendship.friendSince.write(to: &w)
            friendship.sources.write(to: &w)
        }
        w.length(groups.count)
        for (id, group) in groups {
            id.write(to: &w)
            group.name.write(to: &w)
            group.url.write(to: &w)
            group.headline.write(to: &w)
            group.memberCount.write(to: &w)
            group.sources.write(to: &w)
        }
        w.length(memberships.count)
        for (key, sources) in memberships {
            key.group.write(to: &w)
            key.player.write(to: &w)
            sources.write(to: &w)
        }
        w.length(achievements.count)
        for (key, entry) in achievements {
            key.player.write(to: &w)
            key.appID.write(to: &w)
            key.gameName.write(to: &w)
            entry.facts.write(to: &w)
            entry.rank.write(to: &w)
            entry.sources.write(to: &w)
        }
        w.length(globalPercentages.count)
        for (appID, entry) in globalPercentages {
            appID.write(to: &w)
            w.length(entry.entries.count)
            for (name, percent) in entry.entries {
                name.write(to: &w)
                percent.write(to: &w)
            }
            entry.rank.write(to: &w)
        }
        w.length(schemaAppIDs.count)
        for (name, entry) in schemaAppIDs {
            name.write(to: &w)
            entry.appID.write(to: &w)
            entry.rank.write(to: &w)
        }
        preferences.write(to: &w)
    }

    /// Reads the sections `write(to:)` wrote into this (empty) partition.
    mutating func read(from r: inout BinaryReader) throws {
        for rank in try [SourceRank].read(from: &r) { _ = ranks.append(rank) }
        let table = ranks
        let count = table.count
        let playerCount = try r.length()
        players.reserveCapacity(playerCount)
        for _ in 0..<playerCount { players[try SteamID64.read(from: &r)] = try PlayerAccumulator.read(from: &r, ranks: table) }
        let gameCount = try r.length()
        for _ in 0..<gameCount {
            let key = GameKey(player: try SteamID64.read(from: &r), appID: try UInt32.read(from: &r))
            games.append(key, try GameAccumulator.read(from: &r, ranks: table))
        }
        let friendshipCount = try r.length()
        friendships.reserveCapacity(friendshipCount)
        for _ in 0..<friendshipCount {
            let key = FriendshipKey(try SteamID64.read(from: &r), try SteamID64.read(from: &r))
            friendships[key] = FriendshipAccumulator(friendSince: try .read(from: &r, ranks: table), sources: try .read(from: &r, ranks: count))
        }
        for _ in 0..<(try r.length()) {
            let id = try GroupID64.read(from: &r)
            groups[id] = GroupAccumulator(name: try .read(from: &r, ranks: table), url: try .read(from: &r, ranks: table),
                                          headline: try .read(from: &r, ranks: table), memberCount: try .read(from: &r, ranks: table),
                                          sources: try .read(from: &r, ranks: count))
        }
        let membershipCount = try r.length()
        memberships.reserveCapacity(membershipCount)
        for _ in 0..<membershipCount {
            let key = MembershipKey(group: try GroupID64.read(from: &r), player: try SteamID64.read(from: &r))
            memberships[key] = try SourceRefs.read(from: &r, ranks: count)
        }
        for _ in 0..<(try r.length()) {
            let key = AchievementKey(player: try SteamID64.read(from: &r), appID: try UInt32?.read(from: &r), gameName: try String.read(from: &r))
            achievements[key] = RankedAchievements(facts: try .read(from: &r), rank: try .read(from: &r, ranks: count),
                                                   sources: try .read(from: &r, ranks: count))
        }
        for _ in 0..<(try r.length()) {
            let appID = try UInt32.read(from: &r)
            var entries: [String: Double] = [:]
            for _ in 0..<(try r.length()) { entries[try String.read(from: &r)] = try Double.read(from: &r) }
            globalPercentages[appID] = RankedPercentages(entries: entries, rank: try .read(from: &r))
        }
        for _ in 0..<(try r.length()) {
            let name = try String.read(from: &r)
            schemaAppIDs[name] = RankedAppID(appID: try .read(from: &r), rank: try .read(from: &r))
        }
        try preferences.read(from: &r)
    }
}

extension PlayerAccumulator {
    func write(to w: inout BinaryWriter) {
        personaName.write(to: &w)
        profileURL.write(to: &w)
        customURL.write(to: &w)
        realName.write(to: &w)
        visibility.write(to: &w)
        locationCodes.write(to: &w)
        locationText.write(to: &w)
        memberSince.write(to: &w)
        timeCreated.write(to: &w)
        lastLogoff.write(to: &w)
        primaryGroupID.write(to: &w)
        vacBanned.write(to: &w)
        vacBanCount.write(to: &w)
        gameBans.write(to: &w)
        communityBanned.write(to: &w)
        economyBan.write(to: &w)
        daysSinceLastBan.write(to: &w)
        tradeBanState.write(to: &w)
        gamesKnown.write(to: &w)
        friendsKnown.write(to: &w)
        sources.write(to: &w)
    }

    static func read(from r: inout BinaryReader, ranks table: RankTable) throws -> PlayerAccumulator {
        var p = PlayerAccumulator()
        p.personaName = try .read(from: &r, ranks: table)
        p.profileURL = try .read(from: &r, ranks: table)
        p.customURL = try .read(from: &r, ranks: table)
        p.realName = try .read(from: &r, ranks: table)
        p.visibility = try .read(from: &r, ranks: table)
        p.locationCodes = try .read(from: &r, ranks: table)
        p.locationText = try .read(from: &r, ranks: table)
        p.memberSince = try .read(from: &r, ranks: table)
        p.timeCreated = try .read(from: &r, ranks: table)
        p.lastLogoff = try .read(from: &r, ranks: table)
        p.primaryGroupID = try .read(from: &r, ranks: table)
        p.vacBanned = try .read(from: &r, ranks: table)
        p.vacBanCount = try .read(from: &r, ranks: table)
        p.gameBans = try .read(from: &r, ranks: table)
        p.communityBanned = try .read(from: &r, ranks: table)
        p.economyBan = try .read(from: &r, ranks: table)
        p.daysSinceLastBan = try .read(from: &r, ranks: table)
        p.tradeBanState = try .read(from: &r, ranks: table)
        p.gamesKnown = try .read(from: &r)
        p.friendsKnown = try .read(from: &r)
        p.sources = try .read(from: &r, ranks: table.count)
        return p
    }
}

extension PlayerAccumulator.LocationCodes: SpillValue {
    func write(to w: inout BinaryWriter) {
        country.write(to: &w)
        state.write(to: &w)
        cityID.write(to: &w)
    }

    static func read(from r: inout BinaryReader) throws -> PlayerAccumulator.LocationCodes {
        PlayerAccumulator.LocationCodes(country: try .read(from: &r), state: try .read(from: &r), cityID: try .read(from: &r))
    }
}

extension GameAccumulator {
    func write(to w: inout BinaryWriter) {
        name.write(to: &w)
        minutes2Weeks.write(to: &w)
        lastPlayed.write(to: &w)
        if let minutesTotal, let minutesRank {
            w.byte(1)
            minutesTotal.write(to: &w)
            minutesRank.exact.write(to: &w)
            minutesRank.rank.write(to: &w)
        } else {
            w.byte(0)
        }
        sources.write(to: &w)
    }

    static func read(from r: inout BinaryReader, ranks table: RankTable) throws -> GameAccumulator {
        var game = GameAccumulator()
        game.name = try .read(from: &r, ranks: table)
        game.minutes2Weeks = try .read(from: &r, ranks: table)
        game.lastPlayed = try .read(from: &r, ranks: table)
        if try r.byte() != 0 {
            game.minutesTotal = try Int.read(from: &r)
            game.minutesRank = MinutesRank(exact: try .read(from: &r), rank: try .read(from: &r, ranks: table.count))
        }
        game.sources = try .read(from: &r, ranks: table.count)
        return game
    }
}

extension PlayerAchievementFacts: SpillValue {
    func write(to w: inout BinaryWriter) {
        owner.write(to: &w)
        gameName.write(to: &w)
        achievements.write(to: &w)
        error.write(to: &w)
    }

    static func read(from r: inout BinaryReader) throws -> PlayerAchievementFacts {
        PlayerAchievementFacts(owner: try .read(from: &r), gameName: try .read(from: &r), achievements: try .read(from: &r),
                               error: try .read(from: &r))
    }
}

extension PlayerAchievementFacts.AchievementState: SpillValue {
    func write(to w: inout BinaryWriter) {
        apiName.write(to: &w)
        achieved.write(to: &w)
        unlockTime.write(to: &w)
    }

    static func read(from r: inout BinaryReader) throws -> PlayerAchievementFacts.AchievementState {
        .init(apiName: try .read(from: &r), achieved: try .read(from: &r), unlockTime: try .read(from: &r))
    }
}

extension PreferencesFacts: SpillValue {
    func write(to w: inout BinaryWriter) {
        steamID.write(to: &w)
        favoriteAppIDs.write(to: &w)
        maxDistanceKm.write(to: &w)
        anywhere.write(to: &w)
        languages.write(to: &w)
        timeZone.write(to: &w)
        windows.write(to: &w)
        lobbies.write(to: &w)
        updatedAt.write(to: &w)
    }

    static func read(from r: inout BinaryReader) throws -> PreferencesFacts {
        var facts = PreferencesFacts(steamID: try .read(from: &r), favoriteAppIDs: try .read(from: &r), maxDistanceKm: try .read(from: &r),
                                     anywhere: try .read(from: &r), languages: try .read(from: &r), timeZone: try .read(from: &r),
                                     windows: try .read(from: &r))
        facts.lobbies = try .read(from: &r)
        facts.updatedAt = try .read(from: &r)
        return facts
    }
}

extension PreferencesFacts.AvailabilityWindow: SpillValue {
    func write(to w: inout BinaryWriter) {
        day.write(to: &w)
        startHour.write(to: &w)
        endHour.write(to: &w)
    }

    static func read(from r: inout BinaryReader) throws -> PreferencesFacts.AvailabilityWindow {
        .init(day: try .read(from: &r), startHour: try .read(from: &r), endHour: try .read(from: &r))
    }
}

extension LobbyRequest: SpillValue {
    func write(to w: inout BinaryWriter) {
        appID.write(to: &w)
        minPlayers.write(to: &w)
        maxPlayers.write(to: &w)
        roles.write(to: &w)
        roleMask.write(to: &w)
        group.write(to: &w)
    }

    static func read(from r: inout BinaryReader) throws -> LobbyRequest {
        LobbyRequest(appID: try .read(from: &r), minPlayers: try .read(from: &r), maxPlayers: try .read(from: &r), roles: try .read(from: &r),
                     roleMask: try .read(from: &r), group: try .read(from: &r))
    }
}

extension DocumentOrigin: SpillValue {
    func write(to w: inout BinaryWriter) {
        file.write(to: &w)
        line.write(to: &w)
        fetchedAt.write(to: &w)
        owner.write(to: &w)
        appID.write(to: &w)
        declaredKind.write(to: &w)
    }

    static func read(from r: inout BinaryReader) throws -> DocumentOrigin {
        DocumentOrigin(file: try .read(from: &r), line: try .read(from: &r), fetchedAt: try .read(from: &r), owner: try .read(from: &r),
                       appID: try .read(from: &r), declaredKind: try .read(from: &r))
    }
}
