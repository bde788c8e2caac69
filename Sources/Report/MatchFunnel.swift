/// The matches section: proposals → accepts → mutual matches, and the new ones.
public struct MatchFunnel: Sendable, Equatable {
    public var proposals = 0
    public var accepts = 0
    public var rejects = 0
    public var blocks = 0
    public var matches = 0
    public var newMatches = 0
    public var dissolved = 0

    public init() {}
}
