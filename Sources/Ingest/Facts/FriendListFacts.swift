import PlayerModel

/// One friend entry.
public struct FriendFacts: Sendable, Hashable {
    public var steamID: SteamID64
    /// Unix seconds; `nil` for 0 ("unknown, very old") or when the source has no dates (XML).
    public var friendSince: Int64?

    public init(steamID: SteamID64, friendSince: Int64? = nil) {
        self.steamID = steamID
        self.friendSince = friendSince
    }
}

/// A friend list (GetFriendList JSON or friends XML).
public struct FriendListFacts: Sendable, Hashable {
    public var owner: SteamID64?
    /// `nil` when the list is private or missing: "unknown", never "no friends".
    public var friends: [FriendFacts]?

    public init(owner: SteamID64? = nil, friends: [FriendFacts]?) {
        self.owner = owner
        self.friends = friends
    }
}
