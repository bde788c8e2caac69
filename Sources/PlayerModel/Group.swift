/// One row of `groups`.
public struct Group: Sendable, Hashable, Codable {
    public var groupID: GroupID64
    public var name: String?
    public var url: String?
    public var headline: String?
    public var memberCount: Int?
    public var sources: [String]

    public init(groupID: GroupID64, name: String? = nil, url: String? = nil, headline: String? = nil,
                memberCount: Int? = nil, sources: [String] = []) {
        self.groupID = groupID
        self.name = name
        self.url = url
        self.headline = headline
        self.memberCount = memberCount
        self.sources = sources
    }
}
