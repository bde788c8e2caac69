import PlayerModel

extension SyntheticDocumentSet {
    /// `ISteamUser/GetPlayerSummaries/v2` for one player, compact one-line JSON with the 2025 key order.
    public func playerSummariesJSON(player index: Int) -> String {
        playerSummariesJSON(players: index..<(index + 1))
    }

    /// One GetPlayerSummaries call for several players (Steam allows up to 100 ids per call).
    public func playerSummariesJSON(players range: Range<Int>) -> String {
        "{\"response\":{\"players\":[" + range.map(summaryObject(player:)).joined(separator: ",") + "]}}"
    }

    func summaryObject(player index: Int) -> String {
        let player = dataset.players[index]
        let isPublic = player.visibility == .public
        let avatar = avatarHash(player)
        let base = "https://avatars.steamstatic.com/" + avatar
        var j = "{\"steamid\":\"\(player.steamID)\",\"communityvisibilitystate\":\(isPublic ? 3 : 1),\"profilestate\":1,"
        j += "\"personaname\":" + JSONText.quoted(player.personaName ?? "")
        if isPublic { j += ",\"commentpermission\":1" }
        j += ",\"profileurl\":" + JSONText.quoted(player.profileURL ?? "https://steamcommunity.com/profiles/\(player.steamID)/")
        j += ",\"avatar\":\"\(base).jpg\",\"avatarmedium\":\"\(base)_medium.jpg\",\"avatarfull\":\"\(base)_full.jpg\""
        j += ",\"avatarhash\":\"\(avatar)\""
        if let logoff = player.lastLogoff { j += ",\"lastlogoff\":\(logoff)" }
        j += ",\"personastate\":0"
        if isPublic {
            if let realName = player.realName { j += ",\"realname\":" + JSONText.quoted(realName) }
            j += ",\"primaryclanid\":\"\(player.primaryGroupID?.description ?? String(GroupID64.base))\""
            if let created = player.timeCreated { j += ",\"timecreated\":\(created)" }
        }
        j += ",\"personastateflags\":0"
        if let country = player.country {
            j += ",\"loccountrycode\":" + JSONText.quoted(country)
            if let state = player.state {
                j += ",\"locstatecode\":" + JSONText.quoted(state)
                if let city = player.cityID { j += ",\"loccityid\":\(city)" }
            }
        }
        return j + "}"
    }

    /// `IPlayerService/GetOwnedGames/v1` with `include_appinfo=1` and the 2025 field set; `{"response":{}}`
    /// when the library is not visible.
    public func ownedGamesJSON(player index: Int) -> String {
        let player = dataset.players[index]
        guard player.gamesKnown else { return "{\"response\":{}}" }
        let games = self.games(ofPlayer: index)
        var j = "{\"response\":{\"game_count\":\(games.count)"
        guard !games.isEmpty else { return j + "}}" }
        j += ",\"games\":["
        var first = true
        for game in games {
            if !first { j += "," }
            first = false
            let total = game.minutesTotal
            let h = hash(player.steamID.rawValue ^ UInt64(game.appID) << 32, 6)
            // Per-OS split: mostly Windows, some Linux and Deck; older playtime predates OS tracking.
            let untracked = h % 7 == 0 ? total / 3 : 0
            let linux = h % 5 == 0 ? (total - untracked) / 4 : 0
            let deck = h % 11 == 0 ? (total - untracked - linux) / 2 : 0
            let windows = total - untracked - linux - deck
            j += "{\"appid\":\(game.appID)"
            if let name = game.name { j += ",\"name\":" + JSONText.quoted(name) }
            if let recent = game.minutes2Weeks, recent > 0 { j += ",\"playtime_2weeks\":\(recent)" }
            j += ",\"playtime_forever\":\(total),\"img_icon_url\":\"\(iconHash(game.appID))\""
            if hasStats(game.appID) { j += ",\"has_community_visible_stats\":true" }
            j += ",\"playtime_windows_forever\":\(windows),\"playtime_mac_forever\":0"
            j += ",\"playtime_linux_forever\":\(linux),\"playtime_deck_forever\":\(deck)"
            j += ",\"rtime_last_played\":\(game.lastPlayed ?? 0)"
            if h % 13 == 0 { j += ",\"content_descriptorids\":[2,5]" }
            if h % 17 == 0 { j += ",\"has_leaderboards\":true" }
            j += ",\"playtime_disconnected\":0}"
        }
        return j + "]}}"
    }

    /// `ISteamUser/GetFriendList/v1`; `nil` when the list is not visible (Steam answers HTTP 401, not JSON).
    public func friendListJSON(player index: Int) -> String? {
        guard dataset.players[index].friendsKnown else { return nil }
        var j = "{\"friendslist\":{\"friends\":["
        for (n, friend) in friends(ofPlayer: index).enumerated() {
            if n > 0 { j += "," }
            j += "{\"steamid\":\"\(friend.steamID)\",\"relationship\":\"friend\",\"friend_since\":\(friend.since ?? 0)}"
        }
        return j + "]}}"
    }

    /// One bundle line: `{"steamid":…,"source":…,"fetched_at":…,"body":{…}}` (no newline).
    public func envelope(source: String, player index: Int, body: String) -> String {
        "{\"steamid\":\"\(dataset.players[index].steamID)\",\"source\":\"\(source)\",\"fetched_at\":\"\(fetchedAt)\",\"body\":\(body)}"
    }

    /// The GetOwnedGames bundle line for one player.
    public func ownedGamesEnvelope(player index: Int) -> String {
        envelope(source: "GetOwnedGames", player: index, body: ownedGamesJSON(player: index))
    }
}
