import PipelineCore
import Geo
import PlayerModel

/// A trade request from the app: `author` offers one game and lists the games they would accept,
/// best first (list order = priority). Only `active` requests trade.
///
/// Schema (`trade_requests.jsonl`; `trade_requests.csv` has the same columns, lists joined by `;`):
/// `request_id` (text, unique), `author` (SteamID64 text), `offered_appid` (int), `offered_title` (text),
/// `accepted_appids` (array of ints, best first), `status` (`active`|`in_progress`|`sold`),
/// `created_at` (ISO 8601 text), and the author's location, all optional: `country` (ISO code as on
/// Steam), `state` (Steam state code), `city_id` (Steam city id), `latitude`, `longitude` (degrees),
/// `accuracy_km`. Explicit latitude/longitude win over the author's dataset location.
public struct TradeRequest: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        case active
        case inProgress = "in_progress"
        case sold
    }

    public var id: String
    public var author: SteamID64
    public var offeredAppID: UInt32
    public var offeredTitle: String
    public var acceptedAppIDs: [UInt32]
    public var status: Status
    public var createdAt: String
    public var country: String?
    public var state: String?
    public var cityID: Int?
    public var point: GeoPoint?
    public var accuracyKm: Double?
    /// 1-based line in the file it came from (0 when built in memory).
    public var line: Int

    public init(id: String, author: SteamID64, offeredAppID: UInt32, offeredTitle: String, acceptedAppIDs: [UInt32],
                status: Status = .active, createdAt: String = "", country: String? = nil, state: String? = nil,
                cityID: Int? = nil, point: GeoPoint? = nil, accuracyKm: Double? = nil, line: Int = 0) {
        self.id = id
        self.author = author
        self.offeredAppID = offeredAppID
        self.offeredTitle = offeredTitle
        self.acceptedAppIDs = acceptedAppIDs
        self.status = status
        self.createdAt = createdAt
        self.country = country
        self.state = state
        self.cityID = cityID
        self.point = point
        self.accuracyKm = accuracyKm
        self.line = line
    }

    public static let columns = [
        "request_id", "author", "offered_appid", "offered_title", "accepted_appids", "status", "created_at",
        "country", "state", "city_id", "latitude", "longitude", "accuracy_km",
    ]
}

extension TradeRequest {
    /// Requests as a `trade_requests` table in the documented schema (render with Emit's CSV/JSONL
    /// writers to produce sample files that `TradeRequestDecoder` reads back).
    public static func table(_ requests: [TradeRequest]) -> Table {
        var table = Table(name: "trade_requests", columns: columns)
        for r in requests {
            table.append([
                .string(r.id), .id(r.author.rawValue), .int(Int64(r.offeredAppID)), .string(r.offeredTitle),
                .list(r.acceptedAppIDs.map { .int(Int64($0)) }), .string(r.status.rawValue), .string(r.createdAt),
                .optional(r.country), .optional(r.state), .optional(r.cityID),
                .optional(r.point?.latitude, places: 6), .optional(r.point?.longitude, places: 6),
                .optional(r.accuracyKm, places: 1),
            ])
        }
        return table
    }
}
