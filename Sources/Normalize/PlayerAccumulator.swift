import Ingest
import PlayerModel

/// Everything known about one player while documents arrive; resolved into a `Player` at the end.
struct PlayerAccumulator: Sendable, Codable {
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
    var sources: Set<String> = []

    struct LocationCodes: Hashable, Sendable, Codable {
        var country: String
        var state: String?
        var cityID: Int?
    }

    mutating func add(profile facts: ProfileFacts, rank: SourceRank) {
        personaName.offer(facts.personaName, rank: rank)
        profileURL.offer(facts.profileURL, rank: rank)
        customURL.offer(facts.customURL, rank: rank)
        realName.offer(facts.realName, rank: rank)
        if facts.visibility != .unknown { visibility.offer(facts.visibility, rank: rank) }
        if let country = facts.country {
            locationCodes.offer(LocationCodes(country: country, state: facts.state, cityID: facts.cityID), rank: rank)
        }
        locationText.offer(facts.locationText, rank: rank)
        memberSince.offer(facts.memberSince, rank: rank)
        timeCreated.offer(facts.timeCreated, rank: rank)
        lastLogoff.offer(facts.lastLogoff, rank: rank)
        primaryGroupID.offer(facts.primaryGroupID, rank: rank)
        vacBanned.offer(facts.vacBanned, rank: rank)
        tradeBanState.offer(facts.tradeBanState, rank: rank)
    }

    mutating func add(bans facts: BanFacts, rank: SourceRank) {
        vacBanned.offer(facts.vacBanned, rank: rank)
        vacBanCount.offer(facts.vacBanCount, rank: rank)
        gameBans.offer(facts.gameBanCount, rank: rank)
        communityBanned.offer(facts.communityBanned, rank: rank)
        economyBan.offer(facts.economyBan, rank: rank)
        daysSinceLastBan.offer(facts.daysSinceLastBan, rank: rank)
    }

    mutating func merge(_ other: PlayerAccumulator) {
        personaName.merge(other.personaName)
        profileURL.merge(other.profileURL)
        customURL.merge(other.customURL)
        realName.merge(other.realName)
        visibility.merge(other.visibility)
        locationCodes.merge(other.locationCodes)
        locationText.merge(other.locationText)
        memberSince.merge(other.memberSince)
        timeCreated.merge(other.timeCreated)
        lastLogoff.merge(other.lastLogoff)
        primaryGroupID.merge(other.primaryGroupID)
        vacBanned.merge(other.vacBanned)
        vacBanCount.merge(other.vacBanCount)
        gameBans.merge(other.gameBans)
        communityBanned.merge(other.communityBanned)
        economyBan.merge(other.economyBan)
        daysSinceLastBan.merge(other.daysSinceLastBan)
        tradeBanState.merge(other.tradeBanState)
        gamesKnown = gamesKnown || other.gamesKnown
        friendsKnown = friendsKnown || other.friendsKnown
        sources.formUnion(other.sources)
    }

    func resolve(steamID: SteamID64, locator: (any PlayerLocator)?) -> Player {
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
        player.sources = sources.sorted()
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
