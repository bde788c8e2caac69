import PipelineCore
import PlayerModel

/// `<friendsList>` (steam-formats §1c) → `.friendList`. A missing `<friends>` (or an `<error>`) gives
/// `friends == nil`: unknown, never "no friends".
enum FriendsListXMLDecoder {
    /// Called at `<friendsList>`'s start; consumes through its end.
    static func decode(_ context: XMLDecodingContext) -> SteamDocument? {
        var id: IDField<SteamID64> = .absent
        var friends: [FriendFacts]?
        var privateMessage: String?
        while let child = context.nextChild() {
            switch child {
            case .steamID64: id = context.steamID()
            case .friends: friends = FriendEntriesXMLDecoder.decode(context)
            case .error: privateMessage = context.text() ?? ""
            default: context.skip()
            }
        }
        if context.isBroken { return nil }
        guard case .owner(let owner) = context.resolveOwner(id, required: false) else { return nil }
        return .friendList(FriendListFacts(owner: owner, friends: privateMessage == nil ? friends : nil))
    }
}
