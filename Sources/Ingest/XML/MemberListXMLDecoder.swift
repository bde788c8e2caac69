import PipelineCore
import PlayerModel

/// `<memberList>` (steam-formats §1d) → `.memberList`: one page of a group's members. `groupDetails` is
/// optional (absent in 2011 samples); the group's member count then comes from the top-level `memberCount`.
/// `memberCount` is never checked against the number of `<steamID64>` entries (pages and edited data differ).
/// A member with a bad id is reported (`steamid.invalid`) and skipped; an `<error>` gives `.errorResponse`.
enum MemberListXMLDecoder {
    /// Called at `<memberList>`'s start; consumes through its end.
    static func decode(_ context: XMLDecodingContext) -> SteamDocument? {
        var id: IDField<GroupID64> = .absent
        var details = GroupFacts(groupID: placeholderID)
        var memberCount: Int?
        var totalPages: Int?
        var currentPage: Int?
        var members: [SteamID64] = []
        var errorMessage: String?
        while let child = context.nextChild() {
            switch child {
            case .groupID64: id = context.groupID()
            case .groupDetails: decodeDetails(context, into: &details)
            case .memberCount: memberCount = context.integer()
            case .totalPages: totalPages = context.integer()
            case .currentPage: currentPage = context.integer()
            case .members: decodeMembers(context, into: &members)
            case .error: errorMessage = context.text() ?? ""
            default: context.skip()
            }
        }
        if context.isBroken { return nil }
        if let errorMessage { return .errorResponse(message: errorMessage) }
        guard let groupID = id.value else {
            if case .absent = id {
                context.error("xml.missingGroupID64", "<memberList> has no groupID64; document skipped")
            } else {
                context.reportInvalid(id, code: "groupid.invalid", what: "group id", consequence: "document skipped")
            }
            return nil
        }
        details.groupID = groupID
        if details.memberCount == nil { details.memberCount = memberCount }
        return .memberList(MemberListFacts(group: details, members: members, currentPage: currentPage, totalPages: totalPages))
    }

    /// Only ever overwritten: `decode` returns a list only once the real group id is known.
    private static let placeholderID = GroupID64(rawValue: GroupID64.base + 1)!

    private static func decodeDetails(_ context: XMLDecodingContext, into details: inout GroupFacts) {
        while let child = context.nextChild() {
            switch child {
            case .groupName: details.name = context.text()
            case .groupURL: details.url = context.text()
            case .headline: details.headline = context.text()
            case .memberCount: details.memberCount = context.integer()
            default: context.skip()
            }
        }
    }

    private static func decodeMembers(_ context: XMLDecodingContext, into members: inout [SteamID64]) {
        while let child = context.nextChild() {
            guard child == .steamID64 else {
                context.skip()
                continue
            }
            let field = context.steamID()
            if let member = field.value {
                members.append(member)
            } else {
                context.reportInvalid(field, code: "steamid.invalid", what: "SteamID64", consequence: "member skipped")
            }
        }
    }
}
