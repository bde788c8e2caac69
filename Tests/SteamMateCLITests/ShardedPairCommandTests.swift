import Foundation
import PipelineTestSupport
import Testing

/// `steam-mate plan`, `pair --shard I/N` and `pair --shard-lists` as a driver (Spark, or a shell loop) runs them: each
/// shard reads only the players `player_shards.csv` gives it, and the union publishes exactly what `pair` does.
@Suite(.serialized) struct ShardedPairCommandTests {
    static let options = ["--k", "8", "--exposure-cap", "2", "--decisions", "gen/decisions.jsonl", "--quiet"]

    /// A generated dataset converted to the canonical layout, and the whole run's output `whole`.
    static func prepared() throws -> URL {
        let dir = try RepositoryPaths.temporaryDirectory("sharded-pair")
        for args in [["generate", "--players", "2500", "--seed", "9", "--out", "gen"], ["convert", "gen", "--out", "ds", "--quiet"],
                     ["pair", "ds", "--out", "whole"] + options] {
            let r = try CommandRunner.run(args, in: dir)
            #expect(r.status == 0, "\(args.joined(separator: " ")): \(r.stderr)")
        }
        return dir
    }

    static let tables = [("players", ["steamid"]), ("player_games", ["steamid"]), ("preferences", ["steamid"]),
                         ("friendships", ["steamid_a", "steamid_b"])]

    /// The byte ranges of the lines of `ds/<table>.jsonl` shard `shard` reads (the steamids `player_shards.csv` gives
    /// it, for a friendship both ends), with the file's bytes.
    static func shardLines(_ dir: URL, shard: Int, table: String, keys: [String], dropping role: String? = nil) throws
        -> (bytes: [UInt8], lines: [Range<Int>]) {
        let rows = try String(contentsOf: dir.appendingPathComponent("plan/player_shards.csv"), encoding: .utf8)
            .split(separator: "\r\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        let ids = Set(rows.filter { $0[1] == String(shard) && $0[2] != role }.map { $0[0] })
        let bytes = Array(try Data(contentsOf: dir.appendingPathComponent("ds/\(table).jsonl")))
        var lines: [Range<Int>] = [], start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            let line = String(decoding: bytes[start..<i], as: UTF8.self)
            let kept = keys.allSatisfy { key in
                guard let r = line.range(of: "\"\(key)\":\"") else { return false }
                return ids.contains(String(line[r.upperBound...].prefix(17)))
            }
            if kept { lines.append(start..<(i + 1)) }
            start = i + 1
        }
        return (bytes, lines)
    }

    /// The dataset shard `shard` reads: `ds`'s pairing tables cut to the steamids `player_shards.csv` gives it.
    static func cut(_ dir: URL, shard: Int, dropping role: String? = nil) throws -> String {
        let target = dir.appendingPathComponent("ds\(shard)")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for (table, keys) in tables {
            let (bytes, lines) = try shardLines(dir, shard: shard, table: table, keys: keys, dropping: role)
            try Data(lines.flatMap { bytes[$0] }).write(to: target.appendingPathComponent("\(table).jsonl"))
        }
        return "ds\(shard)"
    }

    /// The same lines as `cut` gives, as a `--line-runs` file of runs of `ds`'s lines (adjacent lines in one run).
    static func runsFile(_ dir: URL, shard: Int) throws -> String {
        var text = "table,start,end\n"
        for (table, keys) in tables {
            var runs: [Range<Int>] = []
            for line in try shardLines(dir, shard: shard, table: table, keys: keys).lines {
                if let last = runs.last, last.upperBound == line.lowerBound { runs[runs.count - 1] = last.lowerBound..<line.upperBound } else { runs.append(line) }
            }
            text += runs.map { "\(table),\($0.lowerBound),\($0.upperBound)\n" }.joined()
        }
        let name = "runs\(shard).csv"
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        return name
    }

    @Test func shardsOnTheirOwnPlayersUnionToThePairOutput() throws {
        let dir = try Self.prepared()
        let plan = try CommandRunner.run(["plan", "ds", "--shards", "3", "--k", "8", "--exposure-cap", "2", "--out", "plan"], in: dir)
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stderr.contains("plan: 3 shards"))
        var shardDirs: [String] = []
        for i in 0..<3 {
            let input = try Self.cut(dir, shard: i)
            let r = try CommandRunner.run(["pair", input, "--plan", "plan", "--shard", "\(i)/3", "--out", "s\(i)"] + Self.options, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            shardDirs.append("s\(i)")
        }
        // Each shard again, reading its runs of lines straight from `ds` (`--line-runs`, as the Spark driver runs it):
        // the same published lists as from the copy of those lines.
        for i in 0..<3 {
            let runs = try Self.runsFile(dir, shard: i)
            let r = try CommandRunner.run(["pair", "ds", "--plan", "plan", "--shard", "\(i)/3", "--line-runs", runs, "--out", "r\(i)"]
                                          + Self.options, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let copied = PublishedTree.snapshot(dir.appendingPathComponent("s\(i)"))
            #expect(copied.count > 3)
            #expect(PublishedTree.snapshot(dir.appendingPathComponent("r\(i)")) == copied, "shard \(i) from runs differs")
        }
        let union = try CommandRunner.run(["pair", "ds", "--plan", "plan", "--shard-lists"] + shardDirs.reversed()
                                          + ["--out", "union"] + Self.options, in: dir)
        #expect(union.status == 0, "\(union.stderr)")
        let whole = PublishedTree.snapshot(dir.appendingPathComponent("whole"))
        let merged = PublishedTree.snapshot(dir.appendingPathComponent("union"))
        #expect(whole.count > 10)
        #expect(whole.keys.sorted() == merged.keys.sorted())
        for (path, bytes) in whole { #expect(merged[path] == bytes, "\(path) differs") }

        // Bad inputs, each refused with a clear message before anything is published.
        let missing = try CommandRunner.run(["pair", "ds", "--plan", "plan", "--shard-lists", "s0", "s2", "--out", "bad1"] + Self.options, in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("not exactly shards 0…2 once each [pair.shardUnion]"))
        let settings = try CommandRunner.run(["pair", "ds", "--plan", "plan", "--shard", "1/3", "--out", "bad2", "--k", "9",
                                              "--exposure-cap", "2", "--quiet"], in: dir)
        #expect(settings.status == 2)
        #expect(settings.stderr.contains("other pairing settings"))
        #expect(settings.stderr.contains("[pair.shardSettings]"))
        let noHalo = try Self.cut(dir, shard: 1, dropping: "halo")
        let incomplete = try CommandRunner.run(["pair", noHalo, "--plan", "plan", "--shard", "1/3", "--out", "bad3"] + Self.options, in: dir)
        #expect(incomplete.status == 2)
        #expect(incomplete.stderr.contains("lacks players this shard needs"))
        #expect(incomplete.stderr.contains("[pair.shardInput]"))
        let wrongN = try CommandRunner.run(["pair", "ds", "--plan", "plan", "--shard", "3/3", "--out", "bad4"] + Self.options, in: dir)
        #expect(wrongN.status == 2)
        // A damaged row: the file and line are named.
        let candidates = dir.appendingPathComponent("s1/shard_candidates.csv")
        var lines = try String(contentsOf: candidates, encoding: .utf8).components(separatedBy: "\r\n")
        lines[3] = lines[3].replacingOccurrences(of: ",geo,", with: ",gep,").replacingOccurrences(of: ",pool,", with: ",poo,")
        try lines.joined(separator: "\r\n").write(to: candidates, atomically: true, encoding: .utf8)
        let damaged = try CommandRunner.run(["pair", "ds", "--plan", "plan", "--shard-lists", "s0", "s1", "s2", "--out", "bad5"] + Self.options, in: dir)
        #expect(damaged.status == 2)
        #expect(damaged.stderr.contains("s1/shard_candidates.csv:4: error: part must be geo or pool [pair.shardUnreadable]"))
        // Runs: only with --shard; a bad runs file is named at its line; a run off the lines is refused.
        let unsharded = try CommandRunner.run(["pair", "ds", "--line-runs", "runs0.csv", "--out", "bad6"] + Self.options, in: dir)
        #expect(unsharded.status == 2)
        #expect(unsharded.stderr.contains("--line-runs needs --shard I/N [pair.shardOptions]"))
        try "table,start,end\nplayers,0,100\nplayers,50,200\n".write(to: dir.appendingPathComponent("overlap.csv"), atomically: true, encoding: .utf8)
        let overlap = try CommandRunner.run(["pair", "ds", "--plan", "plan", "--shard", "0/3", "--line-runs", "overlap.csv", "--out", "bad7"]
                                            + Self.options, in: dir)
        #expect(overlap.status == 2)
        #expect(overlap.stderr.contains("overlap.csv:3: error: this players run starts at 50, before the end of the one before it (100) [pair.lineRuns]"))
        try "table,start,end\nplayers,1,100\n".write(to: dir.appendingPathComponent("offline.csv"), atomically: true, encoding: .utf8)
        let offLine = try CommandRunner.run(["pair", "ds", "--plan", "plan", "--shard", "0/3", "--line-runs", "offline.csv", "--out", "bad8"]
                                            + Self.options, in: dir)
        #expect(offLine.status == 2)
        #expect(offLine.stderr.contains("players.jsonl: the run 1..<100 does not start at a line [dataset.unreadable]"))
        for bad in ["bad1", "bad2", "bad3", "bad4", "bad5", "bad6", "bad7", "bad8"] {
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(bad).path), "\(bad) was published")
        }
    }
}
