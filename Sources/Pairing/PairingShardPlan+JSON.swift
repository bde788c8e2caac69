import Foundation
import PlayerModel

extension PairingShardPlan {
    /// The file form (`plan.json`): sorted keys, document frequencies as `[appid, players]` pairs by appid.
    private struct File: Codable {
        var formatVersion: Int
        var shards: Int
        var settings: String
        var gridCellKm: Double
        var statisticsPlayers: Int
        var documentFrequency: [[UInt64]]
        var maxFiniteCapKm: Double
        var poolPlayers: Int
        var shardWork: [Int]
        var cells: [FileCell]
    }

    private struct FileCell: Codable {
        var key: UInt64
        var shards: [Int]
        var players: Int
        var work: Int
        var reachKm: Double
    }

    public enum DecodeError: Error, CustomStringConvertible {
        case unreadable(String)
        case version(Int)
        case invalid(String)

        public var description: String {
            switch self {
            case .unreadable(let why): "not a shard plan: \(why)"
            case .version(let v): "shard plan format \(v) is not \(PairingShardPlan.formatVersion)"
            case .invalid(let why): "shard plan is inconsistent: \(why)"
            }
        }
    }

    public func jsonBytes() -> [UInt8] {
        let file = File(formatVersion: Self.formatVersion, shards: shards, settings: settings, gridCellKm: gridCellKm,
                        statisticsPlayers: statistics.players,
                        documentFrequency: statistics.documentFrequency.keys.sorted().map { [UInt64($0), UInt64(statistics.documentFrequency[$0]!)] },
                        maxFiniteCapKm: maxFiniteCapKm, poolPlayers: poolPlayers, shardWork: shardWork,
                        cells: cells.map { FileCell(key: $0.key, shards: $0.shards, players: $0.players, work: $0.work, reachKm: $0.reachKm) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return Array((try? encoder.encode(file)) ?? Data()) + [0x0A]
    }

    public init(json bytes: [UInt8]) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let file: File
        do { file = try decoder.decode(File.self, from: Data(bytes)) } catch {
            throw DecodeError.unreadable(String(describing: error).prefix(200).description)
        }
        guard file.formatVersion == Self.formatVersion else { throw DecodeError.version(file.formatVersion) }
        guard (1...Self.maxShards).contains(file.shards) else { throw DecodeError.invalid("\(file.shards) shards (1…\(Self.maxShards))") }
        guard file.gridCellKm.isFinite, file.gridCellKm > 0, file.maxFiniteCapKm.isFinite, file.maxFiniteCapKm >= 0,
              file.statisticsPlayers >= 0, file.poolPlayers >= 0 else { throw DecodeError.invalid("grid, cap or player count out of range") }
        var frequency: [UInt32: Int] = [:]
        for pair in file.documentFrequency {
            guard pair.count == 2, pair[0] <= UInt64(UInt32.max), pair[1] <= UInt64(Int.max), frequency[UInt32(pair[0])] == nil else {
                throw DecodeError.invalid("document frequency entry \(pair)")
            }
            frequency[UInt32(pair[0])] = Int(pair[1])
        }
        for (i, c) in file.cells.enumerated() {
            guard !c.shards.isEmpty, c.shards.count <= max(1, c.players), c.shards.allSatisfy({ (0..<file.shards).contains($0) }), c.players >= 0, c.work >= 0, c.reachKm.isFinite,
                  i == 0 || file.cells[i - 1].key < c.key else { throw DecodeError.invalid("cell \(c.key)") }
        }
        self.init(shards: file.shards, settings: file.settings, gridCellKm: file.gridCellKm,
                  statistics: GameStatistics(players: file.statisticsPlayers, documentFrequency: frequency),
                  maxFiniteCapKm: file.maxFiniteCapKm, poolPlayers: file.poolPlayers,
                  cells: file.cells.map { Cell(key: $0.key, shards: $0.shards, players: $0.players, work: $0.work, reachKm: $0.reachKm) })
    }

    /// The most shards a plan may have.
    public static let maxShards = 4_096
}
