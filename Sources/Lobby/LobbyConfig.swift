import Pairing

/// Knobs of a lobby run. Every default is documented here and in the README ("Lobbies").
public struct LobbyConfig: Sendable {
    /// The pairing knobs whose hard filters every member pair must pass (caps, accuracy, `anywhere`,
    /// `require_shared_language`, `min_shared_games`).
    public var pairing: PairingConfig
    /// The members' common weekly UTC window must have at least this many hours.
    public var minOverlapHours: Int
    /// Lobbies per player in total: a player's first requests (in their order) up to this count are considered.
    public var maxLobbiesPerPlayer: Int
    /// Size for players who did not state one, per appid; `fallbackSize` for other games.
    public var defaultSizes: [UInt32: ClosedRange<Int>]
    public var fallbackSize: ClosedRange<Int>
    /// Role names per appid, in bit order (bit 0 first). A game with configured roles needs all of them filled.
    public var roles: [UInt32: [String]]
    /// Components of at most this many players are solved exactly (branch and bound) when the search finishes
    /// within its budget; larger ones by the bulk heuristic. 0 = always the heuristic.
    public var exactUpTo: Int
    /// Worker threads (output does not depend on it).
    public var threads: Int
    /// Friends and mutual matches: added to their pair's score (on the reported 0…1 scale) wherever the objective
    /// uses it (a lobby's least-misery score), never to the reported scores; 0 turns the bonus off.
    public var friendBonus: Double

    public init(pairing: PairingConfig = PairingConfig(), minOverlapHours: Int = 2, maxLobbiesPerPlayer: Int = 3,
                defaultSizes: [UInt32: ClosedRange<Int>] = [:], fallbackSize: ClosedRange<Int> = 2...4,
                roles: [UInt32: [String]] = [:], exactUpTo: Int = 16, threads: Int = 1, friendBonus: Double = 0.1) {
        self.pairing = pairing
        self.minOverlapHours = minOverlapHours
        self.maxLobbiesPerPlayer = maxLobbiesPerPlayer
        self.defaultSizes = defaultSizes
        self.fallbackSize = fallbackSize
        self.roles = roles
        self.exactUpTo = exactUpTo
        self.threads = threads
        self.friendBonus = friendBonus
    }

    /// `friendBonus` in the pairing score's fixed point (`ScoreModel.scoreScale` = 1.0).
    var friendBonusScore: UInt64 { UInt64((max(0, min(1, friendBonus)) * ScoreModel.scoreScale).rounded()) }

    /// The size range of a request: the stated bounds, the game's default for the rest (an only-min request
    /// gets `max(min, default max)`, an only-max request `min(default min, max)`).
    public func sizeRange(_ appID: UInt32, minPlayers: Int?, maxPlayers: Int?) -> ClosedRange<Int> {
        let d = defaultSizes[appID] ?? fallbackSize
        let lo = minPlayers ?? min(d.lowerBound, maxPlayers ?? d.lowerBound)
        let hi = maxPlayers ?? max(lo, d.upperBound)
        return max(1, lo)...max(max(1, lo), hi)
    }
}
