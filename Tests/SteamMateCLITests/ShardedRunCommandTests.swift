import Foundation
import PipelineTestSupport
import Testing

/// A whole pipeline's last step on sharded pieces: `run --partial-facts F… --pair-plan P --pair-shard-lists S…` publishes
/// what `run` publishes (every stage, report included) when ingest was done by `convert --partial-facts --names-as-run`
/// over shares of the input and pairing by `pair --shard`.
@Suite(.serialized) struct ShardedRunCommandTests {
    @Test func runFromFactsAndShardsEqualsTheRun() throws {
        let dir = try RepositoryPaths.temporaryDirectory("sharded-run")
        let locations = RepositoryPaths.root().appendingPathComponent("Data/reference/steam-locations.csv").path
        try """
            name: sharded
            input: gen
            output: whole
            locations: \(locations)
            stages:
              normalize: {}
              pair: {k: 8, exposure_cap: 2}
              match: {}
              lobby: {}
              trade: {max_distance_km: 150}

            """.write(to: dir.appendingPathComponent("p.yml"), atomically: true, encoding: .utf8)
        let pairing = ["--k", "8", "--exposure-cap", "2"]
        var steps: [[String]] = [["generate", "--players", "1500", "--seed", "31", "--lobby-share", "0.2", "--out", "gen"],
                                 ["run", "p.yml", "--quiet"]]
        for i in 0..<3 {
            steps.append(["convert", "gen", "--partial-facts", "--names-as-run", "--files-shard", "\(i)/3", "--out", "f\(i)", "--quiet"])
        }
        steps.append(["merge", "f0", "f1", "f2", "--out", "canonical", "--locations", locations])
        steps.append(["plan", "canonical", "--shards", "3", "--out", "plan"] + pairing)
        for i in 0..<3 {
            steps.append(["pair", "canonical", "--plan", "plan", "--shard", "\(i)/3", "--decisions", "gen/decisions.jsonl",
                          "--out", "s\(i)", "--quiet"] + pairing)
        }
        steps.append(["run", "p.yml", "--out", "sharded", "--quiet", "--partial-facts", "f0", "f1", "f2",
                      "--pair-plan", "plan", "--pair-shard-lists", "s0", "s1", "s2"])
        for args in steps {
            let r = try CommandRunner.run(args, in: dir)
            #expect(r.status == 0, "\(args.joined(separator: " ")): \(r.stderr)")
        }
        let whole = PublishedTree.snapshot(dir.appendingPathComponent("whole"))
        let sharded = PublishedTree.snapshot(dir.appendingPathComponent("sharded"))
        #expect(whole.keys.contains("report.html") && whole.keys.contains("lobbies.csv") && whole.keys.contains("pairings.csv"))
        #expect(whole.keys.sorted() == sharded.keys.sorted())
        for (path, bytes) in whole { #expect(sharded[path] == bytes, "\(path) differs") }

        // merge --plan writes, from the dataset it merges, the plan `plan` writes from the published dataset; with
        // --formats jsonl the dataset's JSON Lines are the same bytes.
        let merged = try CommandRunner.run(["merge", "f0", "f1", "f2", "--out", "canonical2", "--formats", "jsonl",
                                            "--locations", locations, "--plan", "plan2", "--shards", "3"] + pairing, in: dir)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stderr.contains("plan: 3 shards"))
        let plan = PublishedTree.snapshot(dir.appendingPathComponent("plan"))
        #expect(plan.keys.contains("plan.json") && plan.keys.contains("player_shards.csv"))
        #expect(plan == PublishedTree.snapshot(dir.appendingPathComponent("plan2")))
        let jsonl = PublishedTree.snapshot(dir.appendingPathComponent("canonical")).filter { $0.key.hasSuffix(".jsonl") }
        let jsonlOnly = PublishedTree.snapshot(dir.appendingPathComponent("canonical2"))
        #expect(jsonl.count > 5)
        for (path, bytes) in jsonl { #expect(jsonlOnly[path] == bytes, "\(path)") }
        let half = try CommandRunner.run(["merge", "f0", "--out", "canonical3", "--plan", "plan3"], in: dir)
        #expect(half.status != 0 && half.stderr.contains("--plan and --shards go together"))

        // The run reads each shard's lists in its pair stage: a damaged row is refused there (exit 2, file and line,
        // nothing published); a missing shard is refused before any work.
        let fm = FileManager.default
        try fm.copyItem(at: dir.appendingPathComponent("s1"), to: dir.appendingPathComponent("s1bad"))
        let candidates = dir.appendingPathComponent("s1bad/shard_candidates.csv")
        // Lines end in CRLF (one Character in a Swift String), so the rows are cut as bytes.
        var rows = try Data(contentsOf: candidates).split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        #expect(rows.count > 3)
        rows[2] = rows[2].replacingOccurrences(of: ",geo,", with: ",nowhere,").replacingOccurrences(of: ",pool,", with: ",nowhere,")
        try Data(rows.joined(separator: "\n").utf8).write(to: candidates)
        let damaged = try CommandRunner.run(["run", "p.yml", "--out", "bad2", "--quiet", "--partial-facts", "f0", "f1", "f2",
                                             "--pair-plan", "plan", "--pair-shard-lists", "s0", "s1bad", "s2"], in: dir)
        #expect(damaged.status == 2)
        #expect(damaged.stderr.contains("s1bad/shard_candidates.csv:3: error: part must be geo or pool [pair.shardUnreadable]"), "\(damaged.stderr)")
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent("bad2").path))
        let missing = try CommandRunner.run(["run", "p.yml", "--out", "bad3", "--quiet", "--pair-plan", "plan",
                                             "--pair-shard-lists", "s0", "s2"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("not exactly shards 0…2 once each [pair.shardUnion]"), "\(missing.stderr)")
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent("bad3").path))

        // Shards made with other settings than the pipeline's pair stage: refused, exit 2, nothing published.
        let other = try CommandRunner.run(["plan", "canonical", "--shards", "3", "--out", "plan9", "--k", "9", "--exposure-cap", "2"], in: dir)
        #expect(other.status == 0)
        for i in 0..<3 {
            _ = try CommandRunner.run(["pair", "canonical", "--plan", "plan9", "--shard", "\(i)/3", "--decisions", "gen/decisions.jsonl",
                                       "--out", "t\(i)", "--quiet", "--k", "9", "--exposure-cap", "2"], in: dir)
        }
        let refused = try CommandRunner.run(["run", "p.yml", "--out", "bad", "--quiet", "--pair-plan", "plan9",
                                             "--pair-shard-lists", "t0", "t1", "t2"], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("[pair.shardSettings]"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad").path))
    }

    /// `run --plan-shards N` started before its shards (as the Spark driver starts it): it merges the facts, publishes
    /// the plan `plan` would write and the dataset's JSON Lines, says `planned`, and once told `lists` publishes what
    /// `run` publishes. Its input ending before `lists` publishes nothing (exit 2); options that cannot make a handoff
    /// are refused before any work.
    @Test func runStartedBeforeItsShardsEqualsTheRun() throws {
        let dir = try RepositoryPaths.temporaryDirectory("handoff-run")
        let locations = RepositoryPaths.root().appendingPathComponent("Data/reference/steam-locations.csv").path
        let stages = "  normalize: {}\n  pair: {k: 8, exposure_cap: 2}\n  match: {}\n  trade: {max_distance_km: 150}\n"
        try "name: handoff\ninput: gen\noutput: whole\nlocations: \(locations)\nstages:\n\(stages)"
            .write(to: dir.appendingPathComponent("p.yml"), atomically: true, encoding: .utf8)
        try "name: handoff\ninput: gen\noutput: whole\nlocations: \(locations)\nformats: [csv]\nstages:\n\(stages)"
            .write(to: dir.appendingPathComponent("csv.yml"), atomically: true, encoding: .utf8)
        try "name: handoff\ninput: gen\noutput: whole\nlocations: \(locations)\nstages:\n  normalize: {}\n"
            .write(to: dir.appendingPathComponent("nopair.yml"), atomically: true, encoding: .utf8)
        let pairing = ["--k", "8", "--exposure-cap", "2"]
        var steps: [[String]] = [["generate", "--players", "1200", "--seed", "32", "--out", "gen"], ["run", "p.yml", "--quiet"],
                                 ["convert", "gen", "--out", "canonical", "--locations", locations, "--quiet"],
                                 ["plan", "canonical", "--shards", "3", "--out", "expected-plan"] + pairing]
        for i in 0..<2 {
            steps.append(["convert", "gen", "--partial-facts", "--names-as-run", "--files-shard", "\(i)/2", "--out", "f\(i)", "--quiet"])
        }
        for args in steps {
            let r = try CommandRunner.run(args, in: dir)
            #expect(r.status == 0, "\(args.joined(separator: " ")): \(r.stderr)")
        }
        let handoff = ["run", "p.yml", "--quiet", "--partial-facts", "f0", "f1", "--plan-shards", "3", "--pair-plan", "plan",
                       "--shard-tables", "tables", "--pair-shard-lists", "s0", "s1", "s2"]
        // As the driver starts it in local mode: trade waits for the lists, and the canonical Parquet is written too.
        let run = try TalkingCommand(handoff + ["--out", "sharded", "--trade-after-lists", "--canonical-parquet", "cpq"], in: dir)
        #expect(run.awaitLine("planned"))
        #expect(PublishedTree.snapshot(dir.appendingPathComponent("plan")) == PublishedTree.snapshot(dir.appendingPathComponent("expected-plan")))
        let tables = PublishedTree.snapshot(dir.appendingPathComponent("tables"))
        let whole = PublishedTree.snapshot(dir.appendingPathComponent("whole"))
        #expect(tables.keys.contains("players.jsonl") && tables.keys.contains("player_games.jsonl") && tables.keys.contains("manifest.json"))
        for (path, bytes) in tables where path.hasSuffix(".jsonl") { #expect(whole[path] == bytes, "tables/\(path)") }
        for i in 0..<3 {
            let r = try CommandRunner.run(["pair", "tables", "--plan", "plan", "--shard", "\(i)/3", "--decisions", "gen/decisions.jsonl",
                                           "--out", "s\(i)", "--quiet"] + pairing, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        try run.finishInput(with: "lists")
        let finished = run.wait()
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(finished.stderr.contains("timing: plan"))
        #expect(finished.stderr.contains("timing: trade") && finished.stderr.contains("timing: dataset_pa"))
        let parquet = PublishedTree.snapshot(dir.appendingPathComponent("cpq"))
        #expect(parquet.keys.contains("manifest.json") && parquet.keys.contains("player_games/part-00000.parquet")
                && parquet.keys.contains("player_games/_SUCCESS"), "\(parquet.keys.sorted())")
        let sharded = PublishedTree.snapshot(dir.appendingPathComponent("sharded"))
        #expect(whole.keys.contains("pairings.csv") && whole.keys.contains("trade_loops.csv"))
        #expect(whole.keys.sorted() == sharded.keys.sorted())
        for (path, bytes) in whole { #expect(sharded[path] == bytes, "\(path) differs") }

        // A pipeline without JSON Lines still hands the shards the same JSON Lines tables (written for them). Its input
        // ends before `lists` (the driver stopped, or a shard failed): nothing is published, exit 2.
        var csvOnly = handoff
        csvOnly[1] = "csv.yml"
        csvOnly[csvOnly.firstIndex(of: "tables")!] = "tables2"
        let abandoned = try TalkingCommand(csvOnly + ["--out", "abandoned"], in: dir)
        #expect(abandoned.awaitLine("planned"))
        let written = PublishedTree.snapshot(dir.appendingPathComponent("tables2")).filter { $0.key.hasSuffix(".jsonl") }
        #expect(written.keys.sorted() == tables.keys.filter { $0.hasSuffix(".jsonl") }.sorted())
        for (path, bytes) in written { #expect(whole[path] == bytes, "tables2/\(path)") }
        try abandoned.finishInput()
        let ended = abandoned.wait()
        #expect(ended.status == 2)
        #expect(ended.stderr.contains("the shards' lists were never handed over, so nothing is published [pair.shardsAbandoned]"), "\(ended.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("abandoned").path))

        // Refused before any work: no pair stage; lists that are not one per shard; a missing --shard-tables.
        for (args, message) in [(["run", "nopair.yml", "--out", "x1", "--plan-shards", "3", "--pair-plan", "p1", "--shard-tables", "t1",
                                  "--pair-shard-lists", "s0", "s1", "s2"], "--plan-shards needs a pipeline with a pair stage [pair.shardOptions]"),
                                 (["run", "p.yml", "--out", "x2", "--plan-shards", "3", "--pair-plan", "p2", "--shard-tables", "t2",
                                   "--pair-shard-lists", "s0", "s1"], "needs one --pair-shard-lists directory per shard (got 2) [pair.shardOptions]"),
                                 (["run", "p.yml", "--out", "x3", "--plan-shards", "3", "--pair-plan", "p3",
                                   "--pair-shard-lists", "s0", "s1", "s2"], "--plan-shards needs --pair-plan, --shard-tables and --pair-shard-lists"),
                                 (["run", "p.yml", "--out", "x4", "--trade-after-lists"],
                                  "--shard-tables and --trade-after-lists go with --plan-shards")] {
            let r = try CommandRunner.run(args, in: dir)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains(message), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        for never in ["x1", "x2", "x3", "x4", "p1", "t1"] {
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(never).path), "\(never)")
        }
    }
}
