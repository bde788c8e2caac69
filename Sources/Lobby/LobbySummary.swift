import Foundation

/// The run summary written as `lobby_summary.json` (sorted keys, snake_case).
public struct LobbySummary: Sendable, Hashable, Codable {
    /// Players with at least one lobby request, and their requests.
    public var playersAsking: Int
    public var requests: Int
    /// Players placed in at least one lobby, and the requests placed.
    public var playersPlaced: Int
    public var requestsPlaced: Int
    public var lobbies: Int
    /// Unplaced requests by `LobbyUnplacedReason`.
    public var unplacedByReason: [String: Int]
    /// Lobby size → lobbies of that size (keys as decimal text).
    public var lobbySizeHistogram: [String: Int]
    /// Sum of the lobbies' least-misery scores (the objective's second term).
    public var leastMiseryTotal: Double
    /// Players left out by the previous run who asked again, and how many of them were placed.
    public var carriedOverAsking: Int
    public var carriedOverPlaced: Int
    /// Connected parts solved exactly (branch and bound) and by the greedy builder.
    public var partsExact: Int
    public var partsGreedy: Int
    /// Role names that could not get one of a game's 32 bits.
    public var roleNamesIgnored: Int

    public func jsonBytes() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var rounded = self
        rounded.leastMiseryTotal = (leastMiseryTotal * 1_000_000).rounded() / 1_000_000
        return Array((try? encoder.encode(rounded)) ?? Data()) + [0x0A]
    }
}
