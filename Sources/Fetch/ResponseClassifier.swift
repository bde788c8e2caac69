import JSONPullReader
import PlayerModel

/// Reads one HTTP answer for one request and says, per cache key, what it gave: an envelope body (one
/// line of minified JSON; a batch answer split per player) or a typed failure. Pure: the transport's
/// status, content type and bytes are the input.
public enum ResponseClassifier {
    /// What one key got.
    public enum Outcome: Sendable, Equatable {
        /// The body to store (single-line JSON), and for ResolveVanityURL the SteamID64 it resolved to.
        case answer(body: [UInt8], resolvedSteamID: String?)
        case failure(FetchFailure)
    }

    public static func classify(_ request: FetchRequest, status: Int, contentType: String?, retryAfter: Double? = nil,
                                body: [UInt8]) -> [CacheKey: Outcome] {
        switch check(request, status: status, contentType: contentType, retryAfter: retryAfter, body: body) {
        case .failure(let failure):
            return Dictionary(uniqueKeysWithValues: request.keys.map { ($0, .failure(failure)) })
        case .success(let outcomes):
            return outcomes
        }
    }

    static func check(_ request: FetchRequest, status: Int, contentType: String?, retryAfter: Double?,
                      body: [UInt8]) -> Result<[CacheKey: Outcome], FetchFailure> {
        let endpoint = request.endpoint
        let looksHTML = (contentType?.lowercased().contains("html") ?? false) || firstNonBlank(body) == UInt8(ascii: "<")
        if status != 200 {
            if (status == 401 || status == 403), endpoint == .friendList || endpoint == .playerAchievements {
                return .failure(FetchFailure(.privateData, status: status, cause: "Steam refused: the data is private"))
            }
            let detail = looksHTML ? "an HTML error page" : snippet(body)
            return .failure(FetchFailure(.httpStatus, status: status, cause: "HTTP \(status): \(detail)", retryAfter: retryAfter))
        }
        if looksHTML {
            return .failure(FetchFailure(.html, status: status, cause: "an HTML page instead of JSON: \(snippet(body))"))
        }
        return body.withUnsafeBytes { bytes -> Result<[CacheKey: Outcome], FetchFailure> in
            if let problem = validate(bytes) { return .failure(problem) }
            let whole = 0..<bytes.count
            guard let top = JSONSpans.members(of: bytes, in: whole) else {
                return .failure(FetchFailure(.malformedJSON, cause: "the answer is not a JSON object"))
            }
            if top.isEmpty { return .failure(FetchFailure(.empty, cause: "an empty answer ({})")) }
            switch endpoint {
            case .playerSummaries, .playerBans:
                return .success(splitBatch(request, bytes: bytes, top: top))
            default:
                return single(request, bytes: bytes, top: top).map { [request.keys[0]: $0] }
            }
        }
    }

    /// A full grammar check: a cut-off body is `truncated`, anything else broken is `malformedJSON`.
    static func validate(_ bytes: UnsafeRawBufferPointer) -> FetchFailure? {
        if firstNonBlank(bytes) == nil { return FetchFailure(.truncated, cause: "an empty body") }
        var reader = JSONPullReader(bytes: bytes)
        do {
            while try reader.next() != .endOfDocument {}
            return nil
        } catch {
            return FetchFailure(error.kind == .truncated ? .truncated : .malformedJSON, cause: "JSON: \(error.description)")
        }
    }

    /// GetPlayerSummaries (`response.players`) or GetPlayerBans (`players`): one envelope body per
    /// requested player, in Steam's own wrapper; a requested player the answer does not list is `missing`.
    static func splitBatch(_ request: FetchRequest, bytes: UnsafeRawBufferPointer,
                           top: [(key: String, value: Range<Int>)]) -> [CacheKey: Outcome] {
        let summaries = request.endpoint == .playerSummaries
        var playersRange: Range<Int>?
        if let response = top.last(where: { $0.key == "response" })?.value {
            playersRange = JSONSpans.member("players", of: bytes, in: response)
        }
        if playersRange == nil { playersRange = top.last { $0.key == "players" }?.value }
        var found: [String: [UInt8]] = [:]
        if let playersRange, let elements = JSONSpans.elements(of: bytes, in: playersRange) {
            for element in elements {
                guard let members = JSONSpans.members(of: bytes, in: element),
                      let idRange = members.last(where: { $0.key == "steamid" || $0.key == "SteamId" })?.value,
                      let id = JSONSpans.string(of: bytes, in: idRange) else { continue }
                let player = JSONMinifier.minify(UnsafeRawBufferPointer(rebasing: bytes[element]))
                let prefix = summaries ? Array(#"{"response":{"players":["#.utf8) : Array(#"{"players":["#.utf8)
                let suffix = summaries ? Array("]}}".utf8) : Array("]}".utf8)
                found[id] = prefix + player + suffix
            }
        }
        var out: [CacheKey: Outcome] = [:]
        for key in request.keys {
            if let body = found[key.steamID] {
                out[key] = .answer(body: body, resolvedSteamID: nil)
            } else if playersRange == nil {
                out[key] = .failure(FetchFailure(.malformedJSON, cause: "\(request.endpoint.rawValue): no players list in the answer"))
            } else {
                out[key] = .failure(FetchFailure(.missing, cause: "the answer does not list this player (unknown or deleted account)"))
            }
        }
        return out
    }

    /// Every other method: the whole body is the answer, unless it is Steam's way of saying "private" or "error".
    static func single(_ request: FetchRequest, bytes: UnsafeRawBufferPointer,
                       top: [(key: String, value: Range<Int>)]) -> Result<Outcome, FetchFailure> {
        let minified = { JSONMinifier.minify(bytes) }
        func member(_ name: String) -> Range<Int>? { top.last { $0.key == name }?.value }
        switch request.endpoint {
        case .ownedGames, .recentlyPlayedGames:
            guard let response = member("response"), let fields = JSONSpans.members(of: bytes, in: response) else {
                return .failure(FetchFailure(.malformedJSON, cause: "\(request.endpoint.rawValue): no 'response' object"))
            }
            if fields.isEmpty { return .failure(FetchFailure(.privateData, cause: "an empty 'response': the game details are private")) }
        case .friendList:
            guard member("friendslist") != nil else {
                return .failure(FetchFailure(.malformedJSON, cause: "GetFriendList: no 'friendslist' object"))
            }
        case .playerAchievements:
            guard let stats = member("playerstats"), let fields = JSONSpans.members(of: bytes, in: stats) else {
                return .failure(FetchFailure(.malformedJSON, cause: "GetPlayerAchievements: no 'playerstats' object"))
            }
            if let success = fields.last(where: { $0.key == "success" })?.value, JSONSpans.text(of: bytes, in: success) == "false" {
                let message = fields.last { $0.key == "error" }.flatMap { JSONSpans.string(of: bytes, in: $0.value) } ?? "success: false"
                let lowered = message.lowercased()
                let isPrivate = lowered.contains("private") || lowered.contains("not public")
                return .failure(FetchFailure(isPrivate ? .privateData : .apiError, cause: "Steam: \(message)"))
            }
        case .schemaForGame:
            guard member("game") != nil else { return .failure(FetchFailure(.malformedJSON, cause: "GetSchemaForGame: no 'game' object")) }
        case .globalAchievementPercentages:
            guard member("achievementpercentages") != nil else {
                return .failure(FetchFailure(.malformedJSON, cause: "GetGlobalAchievementPercentagesForApp: no 'achievementpercentages' object"))
            }
        case .resolveVanityURL:
            guard let response = member("response"), let fields = JSONSpans.members(of: bytes, in: response) else {
                return .failure(FetchFailure(.malformedJSON, cause: "ResolveVanityURL: no 'response' object"))
            }
            let success = fields.last { $0.key == "success" }.map { JSONSpans.text(of: bytes, in: $0.value) }
            guard success == "1" else {
                let message = fields.last { $0.key == "message" }.flatMap { JSONSpans.string(of: bytes, in: $0.value) } ?? "no match"
                return .failure(FetchFailure(.apiError, cause: "Steam: \(message)"))
            }
            guard let text = fields.last(where: { $0.key == "steamid" }).flatMap({ JSONSpans.string(of: bytes, in: $0.value) }),
                  let id = SteamID64(text) else {
                return .failure(FetchFailure(.apiError, cause: "ResolveVanityURL answered without a valid SteamID64"))
            }
            return .success(.answer(body: minified(), resolvedSteamID: id.description))
        case .playerSummaries, .playerBans:
            break
        }
        return .success(.answer(body: minified(), resolvedSteamID: nil))
    }

    static func firstNonBlank(_ bytes: some Collection<UInt8>) -> UInt8? {
        bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
    }

    /// The start of a body for a message: printable ASCII only, at most 80 characters.
    static func snippet(_ body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(80).map { $0 >= 0x20 && $0 < 0x7F ? $0 : 0x20 }, as: UTF8.self)
        return body.isEmpty ? "(empty body)" : "'\(text)\(body.count > 80 ? "…" : "")'"
    }
}
