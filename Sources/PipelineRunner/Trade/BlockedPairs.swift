import Pairing
import PlayerModel
import Trade

/// The players who blocked each other, from the decision log (a block in either direction keeps both
/// out of each other's trades). Decisions are parsed once, by the pairing stage's parser.
enum BlockedPairs {
    static func from(_ decisions: [Decision]) -> Set<BlockedPair> {
        Set(decisions.filter { $0.kind == .block }.map { BlockedPair($0.from, $0.to) })
    }
}
