import PlayerModel

/// A group as a document describes it (profile `<groups>` entry or member-list `groupDetails`).
public struct GroupFacts: Sendable, Hashable {
    public var groupID: GroupID64
    public var name: String?
    public var url: String?
    public var headline: String?
    public var memberCount: Int?
    public var isPrimary: Bool?

    public init(groupID: GroupID64, name: String? = nil, url: String? = nil, headline: String? = nil, memberCount: Int? = nil,
                isPrimary: Bool? = nil) {
        self.groupID = groupID
        self.name = name
        self.url = url
        self.headline = headline
        self.memberCount = memberCount
        self.isPrimary = isPrimary
    }
}

/// One page of a group member list.
public struct MemberListFacts: Sendable, Hashable {
    public var group: GroupFacts
    public var members: [SteamID64]
    public var currentPage: Int?
    public var totalPages: Int?

    public init(group: GroupFacts, members: [SteamID64], currentPage: Int? = nil, totalPages: Int? = nil) {
        self.group = group
        self.members = members
        self.currentPage = currentPage
        self.totalPages = totalPages
    }
}
