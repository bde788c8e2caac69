import Foundation
import PipelineTestSupport
import Testing

/// Where the Spark driver's Python is, if this machine can run the driver: Java on the path, and
/// `STEAM_MATE_SPARK_PYTHON` or `.venv-spark/bin/python` (which `.ci/run` creates) with pyspark, pyarrow and numpy.
enum SparkEnvironment {
    static let python: String? = {
        let candidates = [ProcessInfo.processInfo.environment["STEAM_MATE_SPARK_PYTHON"],
                          RepositoryPaths.root().appendingPathComponent(".venv-spark/bin/python").path].compactMap { $0 }
        guard succeeds("/bin/sh", ["-c", "command -v java >/dev/null"]) else { return nil }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) && succeeds($0, ["-c", "import pyspark, pyarrow, numpy"]) }
    }()

    static func succeeds(_ executable: String, _ arguments: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }
}

/// The PySpark driver (`Pipelines/spark/steam_mate_spark.py`) in local mode publishes exactly what `steam-mate run` does
/// for a pipeline, and what `steam-mate convert` and `steam-mate pair` do from Steam files; without Java or PySpark the
/// suite is skipped and says why.
@Suite(.serialized, .enabled(if: SparkEnvironment.python != nil, "Spark driver tests skipped: no Java, or no Python with pyspark, pyarrow and numpy (set STEAM_MATE_SPARK_PYTHON or create .venv-spark; see README, Sharded pairing on Spark)"))
struct SparkDriverTests {
    static var python: String? { SparkEnvironment.python }

    /// Runs the driver on the Steam files in `input` (ingest on Spark, then pairing) and compares its canonical dataset
    /// with `steam-mate convert` and its output with `steam-mate pair` on that dataset, byte for byte. The plan's table
    /// is not broadcast here (`--broadcast-plan-mb 0`): the lines are shuffled to it, as on a cluster with a big plan.
    static func expectSparkEqualsConvertAndPair(_ dir: URL, input: URL, decisions: String?, shards: Int, options: [String]) throws {
        let locations = RepositoryPaths.root().appendingPathComponent("Data/reference/steam-locations.csv").path
        // convert from the input's parent, as the driver's tasks run it, so the provenance paths agree.
        let convert = try CommandRunner.run(["convert", input.lastPathComponent, "--out", dir.appendingPathComponent("ds").path,
                                             "--locations", locations, "--quiet"], in: input.deletingLastPathComponent())
        #expect(convert.status == 0, "\(convert.stderr)")
        let decisionArgs = decisions.map { ["--decisions", $0] } ?? []
        let pair = try CommandRunner.run(["pair", "ds", "--out", "whole", "--quiet"] + decisionArgs + options, in: dir)
        #expect(pair.status == 0, "\(pair.stderr)")
        _ = try Self.runDriver(dir, ["--input", input.path, "--canonical-out", "canonical", "--locations", locations,
                                     "--out", "spark", "--work", "work", "--shards", String(shards), "--ingest-tasks", "3",
                                     "--master", "local[2]", "--report", "report.json", "--broadcast-plan-mb", "0",
                                     "--parquet-piece-mb", "1"]
                                    + decisionArgs + ["--"] + options)
        for (expected, actual) in [("ds", "canonical"), ("whole", "spark")] {
            let a = PublishedTree.snapshot(dir.appendingPathComponent(expected))
            let b = PublishedTree.snapshot(dir.appendingPathComponent(actual))
            #expect(a.count > 10)
            #expect(a.keys.sorted() == b.keys.sorted(), "\(actual): other files than \(expected)")
            for (path, bytes) in a { #expect(b[path] == bytes, "\(actual)/\(path) differs from \(expected)/\(path)") }
        }
        // Every share and shard ran as its own task, and the canonical tables were written as Parquet.
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("report.json"))) as? [String: Any]
        #expect((report?["shard_tasks"] as? [[String: Any]])?.count == shards)
        #expect((report?["ingest_tasks"] as? [[String: Any]])?.count == 3)
        // Each task's binary ran as many threads as Spark gave the task cores (spark.task.cpus, 1 by default), not one per
        // core of the machine in each of the concurrent tasks.
        Self.expectTaskThreads(report, 1)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("work/canonical_parquet/players/_SUCCESS").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("work/shard_inputs").path), "used, then deleted")
        // Without a pipeline Arrow's tasks wrote the Parquet, from 1 MiB pieces of the JSON Lines (so the byte ranges cut
        // lines and tables into many files): read back, every table equals its JSON Lines, with the declared types.
        let work = dir.appendingPathComponent("work")
        let check = try ArrowPython.run(["-c", ArrowPython.parquetEqualsJSONLines, work.appendingPathComponent("canonical_parquet").path,
                                         dir.appendingPathComponent("canonical").path], python: Self.python)
        #expect(check.status == 0 && check.output.contains("player_games rows"), "\(check.output)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: work.appendingPathComponent("canonical_parquet/player_games").path))?
            .filter { $0.hasSuffix(".parquet") }.count ?? 0 > 3)
    }

    /// The default pipeline (every stage) on the embedded sample: the driver's `--pipeline` tree equals `steam-mate run`'s
    /// byte for byte (ingest from the Spark tasks' facts, pairing from the shards, lobby, trade and report on the driver).
    @Test func defaultPipelineOnTheSampleEqualsRun() throws {
        let dir = try RepositoryPaths.temporaryDirectory("spark-sample")
        let text = try Self.runSamplePipeline(dir)
        Self.expectSparkEqualsWhole(dir, log: text)
        // The canonical tables stay as Parquet; the run's JSON Lines linked for the shard inputs, and those, are gone.
        let work = dir.appendingPathComponent("work")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("canonical_parquet/players/_SUCCESS").path))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("canonical").path))
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("shard_inputs").path))
    }

    /// Without a pipeline the canonical Parquet is written by Spark's tasks while the final step runs; when that write
    /// fails (here `WORK/canonical_parquet` is a file), the final step still finishes and publishes what `steam-mate
    /// pair` does, and then the driver fails.
    @Test func aFailedParquetWriteLetsTheFinalStepFinish() throws {
        let dir = try RepositoryPaths.temporaryDirectory("spark-parquet-fails")
        let root = RepositoryPaths.root()
        let convert = try CommandRunner.run(["convert", root.appendingPathComponent("Data/sample").path, "--out", "ds", "--quiet",
                                             "--locations", root.appendingPathComponent("Data/reference/steam-locations.csv").path], in: dir)
        #expect(convert.status == 0, "\(convert.stderr)")
        let options = ["--k", "10", "--exposure-cap", "3", "--default-max-distance", "100"]
        let pair = try CommandRunner.run(["pair", "ds", "--out", "whole", "--quiet"] + options, in: dir)
        #expect(pair.status == 0, "\(pair.stderr)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("work"), withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: dir.appendingPathComponent("work/canonical_parquet"))
        let text = try Self.runDriver(dir, ["--dataset", "ds", "--out", "spark", "--work", "work", "--shards", "2",
                                            "--master", "local[2]", "--"] + options, status: 1)
        let whole = PublishedTree.snapshot(dir.appendingPathComponent("whole"))
        let spark = PublishedTree.snapshot(dir.appendingPathComponent("spark"))
        #expect(whole.count > 5 && whole.keys.sorted() == spark.keys.sorted(), "\(text.suffix(2000))")
        for (path, bytes) in whole { #expect(spark[path] == bytes, "\(path) differs") }
        #expect(text.contains("steam-mate-spark: the output is published, but the canonical Parquet"), "\(text.suffix(2000))")
    }

    /// With a pipeline the run writes the canonical Parquet itself (`run --canonical-parquet`), publishing it as it does
    /// its output: a `WORK/canonical_parquet` that is not a steam-mate output (here a file) stops the run before it
    /// plans anything, nothing is published, and the driver exits 1 naming it.
    @Test func aCanonicalParquetPathNotOursStopsTheRun() throws {
        let dir = try RepositoryPaths.temporaryDirectory("spark-parquet-not-ours")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("work"), withIntermediateDirectories: true)
        try Data("not a directory".utf8).write(to: dir.appendingPathComponent("work/canonical_parquet"))
        let text = try Self.runSamplePipeline(dir, status: 1)
        #expect(text.contains("canonical_parquet") && text.contains("[output.notOurs]"), "\(text.suffix(2000))")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("spark").path))
        #expect(try String(contentsOf: dir.appendingPathComponent("work/canonical_parquet"), encoding: .utf8) == "not a directory")
    }

    /// A shard that fails (here its options differ from the pipeline's pair stage, which planned the shards): the run
    /// waiting for the lists is told they will not come and publishes nothing; the driver exits 1.
    @Test func aFailedShardPublishesNothing() throws {
        let dir = try RepositoryPaths.temporaryDirectory("spark-shard-fails")
        let text = try Self.runSamplePipeline(dir, status: 1, options: ["--k", "9", "--exposure-cap", "3", "--default-max-distance", "100"])
        #expect(text.contains("[pair.shardSettings]"), "\(text.suffix(3000))")
        #expect(text.contains("nothing is published [pair.shardsAbandoned]"), "\(text.suffix(3000))")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("spark").path))
    }

    /// `steam-mate run` of the default pipeline on the sample into `whole`, then the driver into `spark`; the driver's log.
    static func runSamplePipeline(_ dir: URL, status: Int32 = 0,
                                  options: [String] = ["--k", "10", "--exposure-cap", "3", "--default-max-distance", "100"]) throws -> String {
        let root = RepositoryPaths.root()
        let pipeline = try String(contentsOf: root.appendingPathComponent("Pipelines/default.yml"), encoding: .utf8)
            .replacingOccurrences(of: "input: Data/sample", with: "input: \(root.path)/Data/sample")
            .replacingOccurrences(of: "locations: Data/reference", with: "locations: \(root.path)/Data/reference")
        try pipeline.write(to: dir.appendingPathComponent("p.yml"), atomically: true, encoding: .utf8)
        let run = try CommandRunner.run(["run", "p.yml", "--out", "whole", "--quiet"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        return try Self.runDriver(dir, ["--pipeline", "p.yml", "--input", root.appendingPathComponent("Data/sample").path,
                                        "--locations", root.appendingPathComponent("Data/reference/steam-locations.csv").path,
                                        "--out", "spark", "--work", "work", "--shards", "3", "--ingest-tasks", "2",
                                        "--master", "local[2]", "--report", "report.json", "--"] + options, status: status)
    }

    static func expectSparkEqualsWhole(_ dir: URL, log: String) {
        let whole = PublishedTree.snapshot(dir.appendingPathComponent("whole"))
        let spark = PublishedTree.snapshot(dir.appendingPathComponent("spark"))
        #expect(whole.keys.contains("report.html") && whole.keys.contains("trade_loops.csv") && whole.keys.contains("lobbies.csv"))
        #expect(whole.keys.sorted() == spark.keys.sorted(), "\(log.suffix(2000))")
        for (path, bytes) in whole { #expect(spark[path] == bytes, "\(path) differs") }
    }

    /// Every ingest and shard task of the driver's report ran its binary with `threads` threads.
    static func expectTaskThreads(_ report: [String: Any]?, _ threads: Int) {
        for kind in ["ingest_tasks", "shard_tasks"] {
            let tasks = report?[kind] as? [[String: Any]] ?? []
            #expect(!tasks.isEmpty && tasks.allSatisfy { $0["threads"] as? Int == threads }, "\(kind): \(tasks.map { $0["threads"] ?? "none" })")
        }
    }

    /// A `--conf` that is not KEY=VALUE is refused before Spark starts (exit 2, argparse's usage error).
    @Test func aConfWithoutAValueIsRefused() throws {
        let dir = try RepositoryPaths.temporaryDirectory("spark-conf")
        let text = try Self.runDriver(dir, ["--dataset", "ds", "--out", "out", "--work", "work", "--shards", "2",
                                            "--conf", "spark.task.cpus"], status: 2)
        #expect(text.contains("--conf 'spark.task.cpus': give KEY=VALUE"), "\(text.suffix(2000))")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("work").path))
    }

    /// Runs the driver with `arguments` in `dir`; returns its output (stdout and stderr), expecting exit `status`.
    static func runDriver(_ dir: URL, _ arguments: [String], status: Int32 = 0) throws -> String {
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: python!)
        driver.currentDirectoryURL = dir
        driver.arguments = [RepositoryPaths.root().appendingPathComponent("Pipelines/spark/steam_mate_spark.py").path,
                            "--binary", CommandRunner.binary.path] + arguments
        let log = dir.appendingPathComponent("driver-\(UUID().uuidString).log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        driver.standardOutput = handle
        driver.standardError = handle
        try driver.run()
        driver.waitUntilExit()
        try handle.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(driver.terminationStatus == status, "driver exited \(driver.terminationStatus): \(text.suffix(3000))")
        return text
    }

    /// A generated 20k-player population (a fifth of it asking for lobbies) through a pipeline with every stage: the
    /// driver's tree (5 shards, 3 ingest tasks) equals `steam-mate run`'s.
    @Test func generated20kPlayersPipelineEqualsRun() throws {
        let dir = try RepositoryPaths.temporaryDirectory("spark-20k")
        let r = try CommandRunner.run(["generate", "--players", "20000", "--seed", "13", "--lobby-share", "0.2", "--out", "gen"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let locations = RepositoryPaths.root().appendingPathComponent("Data/reference/steam-locations.csv").path
        try """
            name: nightly
            input: gen
            output: whole
            locations: \(locations)
            stages:
              normalize: {}
              pair: {k: 20, exposure_cap: 3}
              match: {}
              lobby: {}
              trade: {max_distance_km: 150}

            """.write(to: dir.appendingPathComponent("p.yml"), atomically: true, encoding: .utf8)
        let run = try CommandRunner.run(["run", "p.yml", "--quiet"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let text = try Self.runDriver(dir, ["--pipeline", "p.yml", "--input", "gen", "--locations", locations, "--out", "spark",
                                           "--work", "work", "--shards", "5", "--ingest-tasks", "3", "--master", "local[2]",
                                           "--report", "report.json", "--shard-input-piece-mb", "1",
                                           "--keep-work", "--conf", "spark.task.cpus=2",
                                           "--", "--k", "20", "--exposure-cap", "3"])
        let whole = PublishedTree.snapshot(dir.appendingPathComponent("whole"))
        let spark = PublishedTree.snapshot(dir.appendingPathComponent("spark"))
        #expect(whole.keys.contains("lobbies.csv") && whole.keys.contains("trade_loops.csv") && whole.keys.contains("pairings.csv"))
        #expect(whole.keys.sorted() == spark.keys.sorted(), "\(text.suffix(2000))")
        for (path, bytes) in whole { #expect(spark[path] == bytes, "\(path) differs") }
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("report.json"))) as? [String: Any]
        #expect((report?["shard_tasks"] as? [[String: Any]])?.count == 5)
        #expect((report?["ingest_tasks"] as? [[String: Any]])?.count == 3)
        Self.expectTaskThreads(report, 2)  // --conf spark.task.cpus=2
        // The run planned the shards itself (no merge step), then merged their lists.
        let steps = report?["steps"] as? [String: Any]
        #expect(steps?["planned_s"] != nil && steps?["run_s"] != nil && steps?["merge_s"] == nil, "\(steps ?? [:])")
        // The canonical Parquet the run wrote holds every table's rows, in order, with the declared types: read back,
        // each equals its JSON Lines (player_games in several row groups of 131,072 rows, a page per 16,384 per column).
        let work = dir.appendingPathComponent("work")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("canonical_parquet/player_games/_SUCCESS").path))
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("canonical/players.jsonl").path), "--keep-work")
        let check = try ArrowPython.run(["-c", ArrowPython.parquetEqualsJSONLines, work.appendingPathComponent("canonical_parquet").path,
                                         dir.appendingPathComponent("whole").path], python: Self.python)
        #expect(check.status == 0 && check.output.contains("player_games rows"), "\(check.output)")
        let rows = (report?["canonical_parquet_rows"] as? [String: Int])?["player_games"] ?? 0
        #expect(rows > 2 * 131_072, "player_games: \(rows) rows, fewer than 3 row groups")
    }

    /// The shard inputs built from byte ranges with the plan broadcast (`shard_input_task`), as the shard task writes
    /// them out (`write_shard_input`: a runs file, `table,start,end`, of the canonical tables, which the binary reads
    /// with `pair --line-runs`), name, for every shard and table,
    /// exactly the lines a line-by-line join gives (each line parsed as JSON, kept where the plan names its player for
    /// the shard, a friendship where it names both ends), in dataset order, and the task counts them: with pieces of
    /// 1,000 and 7,919 bytes (a line is cut by every piece boundary somewhere) and whole tables, on the sample's dataset
    /// and a copy with lines the writer never makes (keys in another order, spaces, an integer id, blank lines, a last
    /// line some shard reads without its newline: its run ends at the file's end). The runs file is what
    /// `DatasetLineRuns` reads: its header, runs ascending and disjoint per table, each within its file. A plan that
    /// lists a player twice for one shard, or names a shard past N, is refused.
    @Test func shardInputsFromByteRangesEqualALineByLineJoin() throws {
        let dir = try RepositoryPaths.temporaryDirectory("spark-shard-inputs")
        let root = RepositoryPaths.root()
        let convert = try CommandRunner.run(["convert", root.appendingPathComponent("Data/sample").path, "--out", "ds", "--quiet",
                                             "--locations", root.appendingPathComponent("Data/reference/steam-locations.csv").path], in: dir)
        #expect(convert.status == 0, "\(convert.stderr)")
        let plan = try CommandRunner.run(["plan", "ds", "--shards", "3", "--out", "plan", "--k", "10", "--exposure-cap", "3",
                                          "--default-max-distance", "100"], in: dir)
        #expect(plan.status == 0, "\(plan.stderr)")
        let check = try Self.runPython(["-c", Self.shardInputsEqualJoin, dir.path,
                                        root.appendingPathComponent("Pipelines/spark/steam_mate_spark.py").path])
        #expect(check.status == 0 && check.output.contains("shard inputs equal the join: 6 cases"), "\(check.output)")
        #expect(check.output.contains("duplicate refused") && check.output.contains("other N refused"), "\(check.output)")
    }

    static let shardInputsEqualJoin = """
        import json, os, shutil, sys
        dir, driver = sys.argv[1], sys.argv[2]
        sys.path.insert(0, os.path.dirname(driver))
        import steam_mate_spark as m
        class Broadcast:
            def __init__(self, value): self.value = value
        plan_csv = os.path.join(dir, "plan", "player_shards.csv")
        need = {}
        for row in open(plan_csv).read().splitlines()[1:]:
            steamid, shard, _ = row.split(","); need.setdefault(int(steamid), set()).add(int(shard))
        odd = os.path.join(dir, "odd")
        shutil.copytree(os.path.join(dir, "ds"), odd)
        def rewrite(table, change, end):
            path = os.path.join(odd, table + ".jsonl")
            lines = open(path, encoding="utf-8").read().split("\\n")[:-1]
            change(lines)
            open(path, "w", encoding="utf-8").write("\\n".join(lines) + end)
        def players(lines):
            lines[3] = json.dumps(json.loads(lines[3]), sort_keys=True)
            lines[5] = json.dumps(json.loads(lines[5]), separators=(", ", ": "))
            lines.insert(7, "")
            # a line some shard reads last, without its newline
            lines.append(lines.pop(next(i for i, l in enumerate(lines) if l and int(json.loads(l)["steamid"]) in need)))
        def friendships(lines):
            o = json.loads(lines[2]); lines[2] = json.dumps({"steamid_b": o["steamid_b"], "steamid_a": o["steamid_a"], **o})
            o = json.loads(lines[4]); o["steamid_a"] = int(o["steamid_a"]); lines[4] = json.dumps(o)
        rewrite("players", players, "")
        rewrite("friendships", friendships, "\\n\\n")
        cases = 0
        ends_at_file_end = 0
        for dataset in [os.path.join(dir, "ds"), odd]:
            for piece in [1000, 1 << 27, 7919]:
                out = os.path.join(dir, "inputs")
                shutil.rmtree(out, ignore_errors=True); os.makedirs(out)
                pieces = []
                for table in m.TABLES:
                    path = os.path.join(dataset, table + ".jsonl")
                    if os.path.exists(path):
                        size = os.path.getsize(path); count = max(1, -(-size // piece))
                        pieces += [(table, k, size * k // count, size * (k + 1) // count) for k in range(count)]
                list(m.shard_input_task(dataset, out, Broadcast(m.plan_arrays(plan_csv, 3)), 3, m.TABLES)(pieces))
                for shard in range(3):
                    scratch = os.path.join(dir, "scratch")
                    shutil.rmtree(scratch, ignore_errors=True); os.makedirs(scratch)
                    reads, runs_file, written = m.write_shard_input(os.path.join(out, f"shard={shard}"), dataset, scratch)
                    if reads != dataset or runs_file != os.path.join(scratch, "runs.csv"):
                        sys.exit(f"the shard reads {reads} with runs {runs_file}, not the dataset's runs")
                    rows = open(runs_file, encoding="utf-8").read().split("\\n")
                    if rows[0] != "table,start,end" or rows[-1] != "":
                        sys.exit(f"{runs_file}: header {rows[0]!r}, last {rows[-1]!r}")
                    text, last_end = {}, {}
                    for row in rows[1:-1]:
                        table, start, end = row.split(","); start, end = int(start), int(end)
                        size = os.path.getsize(os.path.join(dataset, table + ".jsonl"))
                        if not (last_end.get(table, 0) <= start < end <= size):
                            sys.exit(f"{runs_file}: {row} is not after {last_end.get(table, 0)} and within {size} bytes")
                        last_end[table] = end
                        ends_at_file_end += end == size
                        with open(os.path.join(dataset, table + ".jsonl"), "rb") as handle:
                            handle.seek(start); text[table] = text.get(table, b"") + handle.read(end - start)
                    got = {}
                    for t, data in text.items():
                        lines = data.decode("utf-8").split("\\n")
                        if lines[-1] == "":
                            lines.pop()
                        got[t] = [l + "\\n" for l in lines]
                    if written != sum(len(v) for v in got.values()):
                        sys.exit(f"{dataset} pieces {piece} shard {shard}: {written} lines reported, {sum(len(v) for v in got.values())} written")
                    for table, keys in m.TABLES.items():
                        want = []
                        for line in open(os.path.join(dataset, table + ".jsonl"), encoding="utf-8").read().split("\\n"):
                            if line and all(shard in need.get(int(json.loads(line)[k]), ()) for k in keys):
                                want.append(line + "\\n")
                        if got.get(table, []) != want:
                            sys.exit(f"{dataset} pieces {piece} shard {shard} {table}: {len(got.get(table, []))} lines, a join gives {len(want)}")
                        if not want and table != "friendships":
                            sys.exit(f"shard {shard} reads no {table}: the check would be empty")
                cases += 1
        if ends_at_file_end == 0:
            sys.exit("no run ends at its file's end: the last line's case is not checked")
        print(f"shard inputs equal the join: {cases} cases")
        doubled = os.path.join(dir, "doubled.csv")
        rows = open(plan_csv).read().splitlines()
        open(doubled, "w").write("\\n".join(rows + [rows[1]]) + "\\n")
        try:
            m.plan_arrays(doubled, 3)
        except RuntimeError as error:
            print("duplicate refused:", error)
        try:
            m.plan_arrays(plan_csv, 2)
        except RuntimeError as error:
            print("other N refused:", error)
        """

    /// Runs the driver's Python with `arguments`: its exit status and output.
    static func runPython(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try ArrowPython.run(arguments, python: python)
    }

    /// Without a pipeline, from Steam files: the canonical dataset equals `steam-mate convert`'s and the pairings
    /// `steam-mate pair`'s.
    @Test func steamFilesEqualConvertAndPair() throws {
        let dir = try RepositoryPaths.temporaryDirectory("spark-3k")
        let r = try CommandRunner.run(["generate", "--players", "3000", "--seed", "14", "--out", "gen"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        try Self.expectSparkEqualsConvertAndPair(dir, input: dir.appendingPathComponent("gen"), decisions: "gen/decisions.jsonl",
                                                 shards: 4, options: ["--k", "20", "--exposure-cap", "3"])
    }
}
