import Geo
import PlayerModel

/// What the pipeline `trade` stage needs of the normalized dataset's players: who they are (a request's author must be
/// one) and where each located one is. Taken once, so the stage need not hold the dataset's rows while it solves.
public struct TradePlayers: Sendable {
    public var ids: Set<SteamID64>
    public var positions: [SteamID64: TradeLocation]

    public init(_ players: [Player]) {
        ids = Set(players.map(\.steamID))
        positions = [:]
        for player in players {
            if let lat = player.latitude, let lon = player.longitude {
                positions[player.steamID] = TradeLocation(point: GeoPoint(latitude: lat, longitude: lon),
                                                          accuracyKm: player.locationAccuracyKm ?? 0)
            }
        }
    }
}
