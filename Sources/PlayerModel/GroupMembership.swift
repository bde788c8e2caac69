/// One row of `group_members`.
public struct GroupMembership: Sendable, Hashable, Codable {
    public var groupID: GroupID64
    public var steamID: SteamID64
    public var sources: [String]

    public init(groupID: GroupID64, steamID: SteamID64, sources: [String] = []) {
        self.groupID = groupID
        self.steamID = steamID
        self.sources = sources
    }
}
