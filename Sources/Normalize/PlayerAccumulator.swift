import Ingest
import PlayerModel

/// Everything known about one player while documents arrive; resolved into a `Player` at the end.
struct PlayerAccumulator: Sendable {
    var personaName = RankedValue<String>()
    var profileURL = RankedValue<String>()
    var customURL = RankedValue<String>()
    var realName = RankedValue<String>()
    var visibility = RankedValue<Visibility>()
    /// Country, state and city travel together: they are one statement.
    var locationCodes = RankedValue<LocationCodes>()
    var locationText = RankedValue<String>()
    var memberSince = RankedValue<String>()
    var timeCreated = RankedValue<Int64>()
    var lastLogoff = RankedValue<Int64>()
    var primaryGroupID = RankedValue<GroupID64>()
    var vacBanned = RankedValue<Bool>()
    var vacBanCount = RankedValue<Int>()
    var gameBans = RankedValue<Int>()
    var communityBanned = RankedValue<Bool>()
    var economyBan = RankedValue<String>()
    var daysSinceLastBan = RankedValue<Int>()
    var tradeBanState = RankedValue<String>()
    var gamesKnown = false
    var friendsKnown = false
    var sources = SourceRefs()

    struct LocationCodes: Hashable, Sendable {
        var country: String
        var state: String?
        var cityID: Int?
    }

    mutating func add(profile facts: ProfileFacts, rank: RankRef, in table: RankTable) {
        personaName.offer(facts.personaName, rank: rank, in: table)
        profileURL.offer(facts.profileURL, rank: rank, in: table)
        customURL.offer(facts.customURL, rank: rank, in: table)
        realName.offer(facts.realName, rank: rank, in: table)
        if facts.visibility != .unknown { visibility.offer(facts.visibility, rank: rank, in: table) }
        if let country = facts.country {
            locationCodes.offer(LocationCodes(country: country, state: facts.state, cityID: facts.cityID), rank: rank, in: table)
        }
        locationText.offer(facts.locationText, rank: rank, in: table)
        memberSince.offer(facts.memberSince, rank: rank, in: table)
        timeCreated.offer(facts.timeCreated, rank: rank, in: table)
        lastLogoff.offer(facts.lastLogoff, rank: rank, in: table)
        primaryGroupID.offer(facts.primaryGroupID, rank: rank, in: table)
        vacBanned.offer(facts.vacBanned, rank: rank, in: table)
        tradeBanState.offer(facts.tradeBanState, rank: rank, in: table)
    }

    mutating func add(bans facts: BanFacts, rank: RankRef, in table: RankTable) {
        vacBanned.offer(facts.vacBanned, rank: rank, in: table)
        vacBanCount.offer(facts.vacBanCount, rank: rank, in: table)
        gameBans.offer(facts.gameBanCount, rank: rank, in: table)
        communityBanned.offer(facts.communityBanned, rank: rank, in: table)
        economyBan.offer(facts.economyBan, rank: rank, in: table)
        daysSinceLastBan.offer(facts.daysSinceLastBan, rank: rank, in: table)
    }

    mutating func merge(_ other: PlayerAccumulator, shift: UInt32, in table: RankTable) {
        personaName.merge(other.personaName, shift: shift, in: table)
        profileURL.merge(other.profileURL, shift: shift, in: table)
        customURL.merge(other.customURL, shift: shift, in: table)
        realName.merge(other.realName, shift: shift, in: table)
        visibility.merge(other.visibility, shift: shift, in: table)
        locationCodes.merge(other.locationCodes, shift: shift, in: table)
        locationText.merge(other.locationText, shift: shift, in: table)
        memberSince.merge(other.memberSince, shift: shift, in: table)
        timeCreated.merge(other.timeCreated, shift: shift, in: table)
        lastLogoff.merge(other.lastLogoff, shift: shift, in: table)
        primaryGroupID.merge(other.primaryGroupID, shift: shift, in: table)
        vacBanned.merge(other.vacBanned, shift: shift, in: table)
        vacBanCount.merge(other.vacBanCount, shift: shift, in: table)
        gameBans.merge(other.gameBans, shift: shift, in: table)
        communityBanned.merge(other.communityBanned, shift: shift, in: table)
        economyBan.merge(other.economyBan, shift: shift, in: table)
        daysSinceLastBan.merge(other.daysSinceLastBan, shift: shift, in: table)
        tradeBanState.merge(other.tradeBanState, shift: shift, in: table)
        gamesKnown = gamesKnown || other.gamesKnown
        friendsKnown = friendsKnown || other.friendsKnown
        sources.formUnion(other.sources, shift: shift)
    }

    func resolve(steamID: SteamID64, locator: (any PlayerLocator)?, ranks: RankTable, shared: inout SharedRowValues) -> Player {
        var player = Player(steamID: steamID, visibility: visibility.value ?? .unknown)
        player.personaName = personaName.value
        player.profileURL = profileURL.value
        player.customURL = customURL.value
        player.realName = realName.value
        player.country = locationCodes.value?.country
        player.state = locationCodes.value?.state
        player.cityID = locationCodes.value?.cityID
        player.locationText = locationText.value
        player.memberSince = memberSince.value
        player.timeCreated = timeCreated.value
        player.lastLogoff = lastLogoff.value
        player.primaryGroupID = primaryGroupID.value
        player.vacBanned = vacBanned.value
        player.vacBanCount = vacBanCount.value
        player.gameBans = gameBans.value
        player.communityBanned = communityBanned.value
        player.economyBan = economyBan.value
        player.daysSinceLastBan = daysSinceLastBan.value
        player.tradeBanState = tradeBanState.value
        player.gamesKnown = gamesKnown
        player.friendsKnown = friendsKnown
        player.sources = shared.uncachedSources(sources, in: ranks)
        if let locator, player.country != nil || player.locationText != nil,
           let position = locator.locate(country: player.country, state: player.state, cityID: player.cityID,
                                         displayText: player.locationText) {
            player.latitude = position.latitude
            player.longitude = position.longitude
            player.locationAccuracyKm = position.accuracyKm
        }
        return player
    }
}
