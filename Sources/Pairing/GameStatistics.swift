/// The population statistics behind IDF: players with a non-empty game vector and, per appid, how many of
/// them have the game. Normally computed from the dataset; pass a frozen copy to score against another
/// population's statistics (IDF is the one population-wide input of a pair's score).
public struct GameStatistics: Sendable, Hashable {
    public var players: Int
    public var documentFrequency: [UInt32: Int]

    public init(players: Int, documentFrequency: [UInt32: Int]) {
        self.players = players
        self.documentFrequency = documentFrequency
    }
}
