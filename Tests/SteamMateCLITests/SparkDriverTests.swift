import Foundation
import PipelineTestSupport
import Testing

/// Where the Spark driver's Python is, if this machine can run the driver: Java on the path, and
/// `STEAM_MATE_SPARK_PYTHON` or `.venv-spark/bin/python` (which `.ci/run` creates) with pyspark and pyarrow.
enum SparkEnvironment {
    static let python: String? = {
        let candidates = [ProcessInfo.processInfo.environment["STEAM_MATE_SPARK_PYTHON"],
                          RepositoryPaths.root().appendingPathComponent(".venv-spark/bin/python").path].compactMap { $0 }
        guard succeeds("/bin/sh", ["-c", "command -v java >/dev/null"]) else { return nil }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) && succeeds($0, ["-c", "import pyspark, pyarrow"]) }
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

/// The PySpark driver (`Pipelines/spark/steam_mate_spark.py`) in local mode publishes exactly what `steam-mate pair`
/// does; without Java or PySpark the suite is skipped and says why.
@Suite(.serialized, .enabled(if: SparkEnvironment.python != nil, "Spark driver tests skipped: no Java, or no Python with pyspark and pyarrow (set STEAM_MATE_SPARK_PYTHON or create .venv-spark; see README, Sharded pairing on Spark)"))
struct SparkDriverTests {
    static var python: String? { SparkEnvironment.python }

    /// Runs the driver on `dataset` (inside `dir`) and `steam-mate pair` on the same, and compares the trees.
    static func expectSparkEqualsPair(_ dir: URL, dataset: String, decisions: String?, shards: Int, options: [String]) throws {
        let decisionArgs = decisions.map { ["--decisions", $0] } ?? []
        let pair = try CommandRunner.run(["pair", dataset, "--out", "whole", "--quiet"] + decisionArgs + options, in: dir)
        #expect(pair.status == 0, "\(pair.stderr)")
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: python!)
        driver.currentDirectoryURL = dir
        driver.arguments = [RepositoryPaths.root().appendingPathComponent("Pipelines/spark/steam_mate_spark.py").path,
                            "--binary", CommandRunner.binary.path, "--dataset", dataset, "--out", "spark", "--work", "work",
                            "--shards", String(shards), "--master", "local[2]", "--report", "report.json"]
            + decisionArgs + ["--"] + options
        let log = dir.appendingPathComponent("driver.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        driver.standardOutput = handle
        driver.standardError = handle
        try driver.run()
        driver.waitUntilExit()
        try handle.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(driver.terminationStatus == 0, "driver failed: \(text.suffix(3000))")
        let whole = PublishedTree.snapshot(dir.appendingPathComponent("whole"))
        let spark = PublishedTree.snapshot(dir.appendingPathComponent("spark"))
        #expect(whole.count > 10)
        #expect(whole.keys.sorted() == spark.keys.sorted())
        for (path, bytes) in whole { #expect(spark[path] == bytes, "\(path) differs") }
        // Every shard ran as its own task, and the canonical tables were written as Parquet.
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("report.json"))) as? [String: Any]
        #expect((report?["shard_tasks"] as? [[String: Any]])?.count == shards)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("work/canonical_parquet/players/_SUCCESS").path))
    }

    @Test func embeddedSample() throws {
        let dir = try RepositoryPaths.temporaryDirectory("spark-sample")
        let sample = RepositoryPaths.root().appendingPathComponent("Data/sample").path
        let convert = try CommandRunner.run(["convert", sample, "--out", "ds", "--quiet"], in: dir)
        #expect(convert.status == 0, "\(convert.stderr)")
        try Self.expectSparkEqualsPair(dir, dataset: "ds", decisions: sample + "/decisions.jsonl", shards: 2,
                                       options: ["--k", "10", "--exposure-cap", "3"])
    }

    @Test func generated20kPlayers() throws {
        let dir = try RepositoryPaths.temporaryDirectory("spark-20k")
        for args in [["generate", "--players", "20000", "--seed", "13", "--out", "gen"], ["convert", "gen", "--out", "ds", "--quiet"]] {
            let r = try CommandRunner.run(args, in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        try Self.expectSparkEqualsPair(dir, dataset: "ds", decisions: "gen/decisions.jsonl", shards: 5,
                                       options: ["--k", "20", "--exposure-cap", "3"])
    }
}
