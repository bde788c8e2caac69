import Foundation
import Pairing
import PipelineCore
import PipelineTestSupport
import PlayerModel
import Testing
@testable import PipelineRunner

/// The shard directory's files read back to the lists written, and damaged or foreign ones are refused by file and line.
@Suite struct PairingShardFilesTests {
    static func id(_ n: UInt64) -> SteamID64 { SteamID64(rawValue: SteamID64.base + n)! }

    static let lists: PairingShardLists = {
        var c = PairingCounters()
        c.postingsScanned = 1_234
        c.candidatesEvaluated = 56
        return PairingShardLists(
            shard: 1, shards: 3,
            players: [.init(steamID: id(5), reason: nil), .init(steamID: id(9), reason: .noSharedGames)],
            candidates: [
                .init(owner: id(5), part: .geo, candidate: id(11), score: 4_225_000_000 * 65_536, dot: 4_225_000_000),
                .init(owner: id(5), part: .geo, candidate: id(7), score: 17, dot: 3),
                .init(owner: id(5), part: .geo, candidate: id(8), score: 17, dot: 3),
                .init(owner: id(5), part: .pool, candidate: id(2), score: 99, dot: 1),
                .init(owner: id(12), part: .pool, candidate: id(5), score: 99, dot: 1),
            ],
            counters: c)
    }()

    static func written() throws -> URL {
        let dir = try RepositoryPaths.temporaryDirectory("shard-files")
        try PairingShardFiles.writeShard(lists, planSHA256: "abc", diagnostics: [], into: dir)
        return dir
    }

    @Test func readsBackWhatWasWritten() throws {
        let dir = try Self.written()
        let read = try PairingShardFiles.readShard(dir, planSHA256: "abc")
        #expect(read == Self.lists)
        #expect(PublishedTree.manifestMismatches(in: dir).isEmpty)
    }

    /// The same rows with LF endings, blank lines (spaces, tabs, a lone CR) and no final newline read as written; a
    /// damaged row after them is reported at its line in the file, blank lines counted.
    @Test func readsLFEndingsAndBlankLinesAndCountsThem() throws {
        let dir = try Self.written()
        for name in ["shard_players.csv", "shard_candidates.csv"] {
            let file = dir.appendingPathComponent(name)
            var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\r\n").dropLast()
            lines.insert("", at: 1)
            lines.insert(" \t ", at: 3)
            lines.insert("\r", at: 4)
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        #expect(try PairingShardFiles.readShard(dir, planSHA256: "abc") == Self.lists)
        let file = dir.appendingPathComponent("shard_candidates.csv")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: ",pool,", with: ",poo,").write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try PairingShardFiles.readShard(dir, planSHA256: "abc")
            Issue.record("a damaged row was read")
        } catch {
            // header, blank, geo, blank, blank, geo, geo, then the first pool row
            #expect("\(error)".contains("shard_candidates.csv:8: error: part must be geo or pool"), "\(error)")
        }
    }

    @Test func refusesAnotherPlanAndDamagedRows() throws {
        let dir = try Self.written()
        #expect(throws: PairingShardFiles.ReadError.self) { try PairingShardFiles.readShard(dir, planSHA256: "abd") }
        let file = dir.appendingPathComponent("shard_candidates.csv")
        let original = try String(contentsOf: file, encoding: .utf8)
        let damages: [(String, String)] = [
            ("76561197960265733,geo,7656", "76561197960265733,geo,x7656"),  // candidate not a number
            (",17,3\r\n", ",17,3,1\r\n"),                                    // an extra field
            ("owner,part", "owner,parts"),                                  // header
            (",4225000000\r\n", ",4294967296\r\n"),                          // dot above UInt32
        ]
        for (from, to) in damages {
            let damaged = original.replacingOccurrences(of: from, with: to)
            #expect(damaged != original, "\(from) not found")
            try damaged.write(to: file, atomically: true, encoding: .utf8)
            #expect(throws: PairingShardFiles.ReadError.self) { try PairingShardFiles.readShard(dir, planSHA256: "abc") }
        }
        // Rows out of file order (two geo rows swapped).
        var lines = original.components(separatedBy: "\r\n")
        lines.swapAt(1, 2)
        try lines.joined(separator: "\r\n").write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try PairingShardFiles.readShard(dir, planSHA256: "abc")
            Issue.record("rows out of order were read")
        } catch {
            #expect("\(error)".contains("shard_candidates.csv:3: error: rows not in file order"))
        }
    }
}
