/// One game as a document lists it.
public struct GameFacts: Sendable, Hashable {
    public var appID: UInt32
    public var name: String?
    /// Lifetime minutes. From XML hours: `round(hours × 60)`; `nil` when the document gives none.
    public var minutesTotal: Int?
    /// Two-week minutes; `nil` when the document gives none.
    public var minutes2Weeks: Int?
    /// Unix seconds; `nil` for absent or 0.
    public var lastPlayed: Int64?

    public init(appID: UInt32, name: String? = nil, minutesTotal: Int? = nil, minutes2Weeks: Int? = nil, lastPlayed: Int64? = nil) {
        self.appID = appID
        self.name = name
        self.minutesTotal = minutesTotal
        self.minutes2Weeks = minutes2Weeks
        self.lastPlayed = lastPlayed
    }
}
