/// What `BulkPairer.pair` returns: the lists, deterministic work counters, and why each empty list is empty.
public struct BulkPairingResult: Sendable {
    public var lists: PairingLists
    public var counters: PairingCounters
    /// nil for players with a non-empty list.
    public var emptyReasons: [UnpairedReason?]
}
