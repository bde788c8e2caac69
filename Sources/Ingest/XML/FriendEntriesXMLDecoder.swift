import PipelineCore
import PlayerModel

/// A `<friends>` block: `<friend>` entries, either bare ids (`<friend>7656…</friend>`, friends XML) or full
/// records (`steamID64`, `friendsSince`, …, the 2011-era profile block). `friendsSince` 0 means unknown.
/// An entry with a bad id is reported (`steamid.invalid`) and skipped; the list stands.
enum FriendEntriesXMLDecoder {
    /// Called at `<friends>`'s start; consumes through its end.
    static func decode(_ context: XMLDecodingContext) -> [FriendFacts] {
        var friends: [FriendFacts] = []
        while let child = context.nextChild() {
            guard child == .friend else {
                context.skip()
                continue
            }
            var id: IDField<SteamID64> = .absent
            var since: Int?
            while let field = context.nextChild() {
                switch field {
                case .steamID64: id = context.steamID()
                case .friendsSince: since = context.integer()
                default: context.skip()
                }
            }
            if context.isBroken { break }
            if !context.reader.hadChildElements { id = context.steamIDFromText() }
            guard let steamID = id.value else {
                if case .absent = id {
                    context.error("xml.missingSteamID64", "friend entry without steamID64; skipped")
                } else {
                    context.reportInvalid(id, code: "steamid.invalid", what: "SteamID64", consequence: "friend skipped")
                }
                continue
            }
            friends.append(FriendFacts(steamID: steamID, friendSince: since.flatMap { $0 == 0 ? nil : Int64($0) }))
        }
        return friends
    }
}
