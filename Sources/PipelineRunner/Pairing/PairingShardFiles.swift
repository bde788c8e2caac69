import Emit
import Foundation
import Pairing
import PipelineCore
import PlayerModel

/// The files of a sharded pairing run (issue 13), written and read by `steam-mate plan` and `steam-mate pair --shard`
/// / `--shard-lists`, and moved between machines by a driver such as `Pipelines/spark`:
///
/// - a plan directory: `plan.json` (`PairingShardPlan`), `player_shards.csv` (steamid, shard, role: which players each
///   shard reads, one row per player and shard that needs it, by steamid then shard), `diagnostics.json`, `manifest.json`;
/// - a shard directory: `shard.json` (shard, shards, the plan's SHA-256, the work counters), `shard_players.csv`
///   (the players it scored, with the reason when a list is empty), `shard_candidates.csv` (owner, part, candidate,
///   score, dot: exact integers), `diagnostics.json`, `manifest.json`.
public enum PairingShardFiles {
    public static let planFile = "plan.json"
    public static let shardFile = "shard.json"

    /// A plan or shard directory that cannot be used.
    public struct ReadError: Error, CustomStringConvertible {
        public var code: String
        public var file: String
        public var line: Int?
        public var text: String
        public init(code: String, file: String, line: Int?, text: String) {
            self.code = code
            self.file = file
            self.line = line
            self.text = text
        }

        public var diagnostic: Diagnostic { .error(code, text, at: SourceLocation(file: file, line: line)) }
        /// `file[:line]: error: text [code]`.
        public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): error: \(text) [\(code)]" }
    }

    /// `shard.json`.
    struct ShardHeader: Codable {
        var formatVersion: Int
        var shard: Int
        var shards: Int
        var planSha256: String
        var counters: PairingCounters

        enum CodingKeys: String, CodingKey {
            case formatVersion = "format_version", shard, shards, planSha256 = "plan_sha256", counters
        }
    }

    /// Writes a plan directory's files into `staging`, then its manifest (pipeline `plan`).
    @discardableResult
    public static func writePlan(_ plan: PairingShardPlan, needs: [(steamID: SteamID64, shard: Int, role: PairingShardPlan.Role)],
                                 diagnostics: [Diagnostic], into staging: URL, workers: Int = 0) throws -> [RunManifest.Entry] {
        let table = StreamedTable(name: "player_shards", columns: ["steamid", "shard", "role"], count: needs.count,
                                  itemsPerChunk: 65_536) { range, sink in
            for i in range {
                sink.id(needs[i].steamID.rawValue)
                sink.int(Int64(needs[i].shard))
                sink.string(needs[i].role.rawValue)
                sink.endRow()
            }
        }
        let entries = try OutputAssembler.writeFiles(
            tables: [table], files: [OutputFile(path: planFile, bytes: plan.jsonBytes()), PairingJob.diagnosticsFile(diagnostics)],
            formats: [.csv], into: staging, workers: workers)
        return try OutputAssembler.writeManifest(entries, pipeline: "plan", into: staging)
    }

    /// The plan in `directory` and the SHA-256 of its `plan.json` (which shard directories carry).
    public static func readPlan(_ directory: URL) throws -> (plan: PairingShardPlan, sha256: String) {
        let url = directory.appendingPathComponent(planFile)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ReadError(code: "pair.planUnreadable", file: url.path, line: nil, text: "no shard plan here (run steam-mate plan first)")
        }
        let bytes = Array(data)
        do {
            return (try PairingShardPlan(json: bytes), SHA256.hex(of: sha(bytes)))
        } catch {
            throw ReadError(code: "pair.planUnreadable", file: url.path, line: nil, text: "\(error)")
        }
    }

    static func sha(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Writes one shard's lists into `staging`, then its manifest (pipeline `pair-shard`).
    @discardableResult
    public static func writeShard(_ lists: PairingShardLists, planSHA256: String, diagnostics: [Diagnostic], into staging: URL,
                                  workers: Int = 0) throws -> [RunManifest.Entry] {
        let players = lists.players, candidates = lists.candidates
        let playersTable = StreamedTable(name: "shard_players", columns: PairingShardLists.playersColumns, count: players.count,
                                         itemsPerChunk: 65_536) { range, sink in
            for i in range {
                sink.id(players[i].steamID.rawValue)
                sink.optional(players[i].reason?.rawValue)
                sink.endRow()
            }
        }
        let candidatesTable = StreamedTable(name: "shard_candidates", columns: PairingShardLists.candidatesColumns,
                                            count: candidates.count, itemsPerChunk: 65_536) { range, sink in
            for i in range {
                let c = candidates[i]
                sink.id(c.owner.rawValue)
                sink.string(c.part.rawValue)
                sink.id(c.candidate.rawValue)
                sink.id(c.score)
                sink.int(Int64(c.dot))
                sink.endRow()
            }
        }
        let header = ShardHeader(formatVersion: 1, shard: lists.shard, shards: lists.shards, planSha256: planSHA256,
                                 counters: lists.counters)
        let entries = try OutputAssembler.writeFiles(
            tables: [playersTable, candidatesTable],
            files: [OutputFile(path: shardFile, bytes: StableJSON.encode(header)), PairingJob.diagnosticsFile(diagnostics)],
            formats: [.csv], into: staging, workers: workers)
        return try OutputAssembler.writeManifest(entries, pipeline: "pair-shard", into: staging)
    }

    /// One shard directory's lists; refuses one made with another plan than `planSHA256`.
    public static func readShard(_ directory: URL, planSHA256: String) throws -> PairingShardLists {
        let header = try readShardHeader(directory, planSHA256: planSHA256)
        let players = try mapped(directory, "shard_players.csv"), candidates = try mapped(directory, "shard_candidates.csv")
        do {
            return try withExtendedLifetime((players, candidates)) {
                try PairingShardLists.parse(
                    shard: header.shard, shards: header.shards, counters: header.counters,
                    players: players.bytes, playersFile: directory.appendingPathComponent("shard_players.csv").path,
                    candidates: candidates.bytes, candidatesFile: directory.appendingPathComponent("shard_candidates.csv").path)
            }
        } catch let error as PairingShardLists.FileError {
            throw ReadError(code: "pair.shardUnreadable", file: error.file, line: error.line, text: error.message)
        }
    }

    private static func contents(_ directory: URL, _ name: String) throws -> [UInt8] {
        try opened(directory, name) { try FileBytes.read($0) }
    }

    /// A list file mapped (`MappedFile`): its 1–2 GB at 1M players are parsed once, straight from the page cache. Shard
    /// lists are this pipeline's own files, written once; one truncated while mapped would fault the process.
    private static func mapped(_ directory: URL, _ name: String) throws -> MappedFile {
        try opened(directory, name) { try MappedFile($0) }
    }

    private static func opened<T>(_ directory: URL, _ name: String, _ read: (String) throws -> T) throws -> T {
        let url = directory.appendingPathComponent(name)
        do {
            return try read(url.path)
        } catch let error as FileBytes.ReadError where error.errno == ENOENT {
            throw ReadError(code: "pair.shardUnreadable", file: url.path, line: nil, text: "missing (not a steam-mate pair --shard output)")
        } catch {
            throw ReadError(code: "pair.shardUnreadable", file: url.path, line: nil, text: "\(error)")
        }
    }

    /// A shard directory's `shard.json`; refuses one made with another plan than `planSHA256`.
    static func readShardHeader(_ directory: URL, planSHA256: String) throws -> ShardHeader {
        let headerPath = directory.appendingPathComponent(shardFile).path
        let header: ShardHeader
        do { header = try JSONDecoder().decode(ShardHeader.self, from: Data(try contents(directory, shardFile))) } catch let e as ReadError {
            throw e
        } catch {
            throw ReadError(code: "pair.shardUnreadable", file: headerPath, line: 1, text: "unreadable shard header: \(error)")
        }
        guard header.formatVersion == 1 else {
            throw ReadError(code: "pair.shardUnreadable", file: headerPath, line: 1, text: "shard format \(header.formatVersion) is not 1")
        }
        guard header.planSha256 == planSHA256 else {
            throw ReadError(code: "pair.shardPlanMismatch", file: headerPath, line: 1, text: "shard \(header.shard) was made with another plan "
                + "(plan sha256 \(header.planSha256.prefix(12))…, this plan \(planSHA256.prefix(12))…)")
        }
        return header
    }
}
