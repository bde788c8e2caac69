import Foundation
import PipelineTestSupport
import Testing

/// `steam-mate run --canonical-parquet DIR`: the dataset's tables as Parquet beside the run's output, published as the
/// output is (atomically, replacing only a steam-mate output). The files' contents are checked by
/// `ParquetTableWriterTests` (read back with pyarrow) and `SparkDriverTests` (through Spark).
@Suite struct CanonicalParquetCommandTests {
    static func pipeline(_ dir: URL) throws {
        let root = RepositoryPaths.root()
        let text = try String(contentsOf: root.appendingPathComponent("Pipelines/default.yml"), encoding: .utf8)
            .replacingOccurrences(of: "input: Data/sample", with: "input: \(root.path)/Data/sample")
            .replacingOccurrences(of: "locations: Data/reference", with: "locations: \(root.path)/Data/reference")
        try text.write(to: dir.appendingPathComponent("p.yml"), atomically: true, encoding: .utf8)
    }

    @Test func aRunPublishesEveryTableAsParquetAndRunsAgainOverIt() throws {
        let dir = try RepositoryPaths.temporaryDirectory("canonical-parquet")
        try Self.pipeline(dir)
        var trees: [[String: Data]] = []
        for threads in ["1", "4"] {
            let r = try CommandRunner.run(["run", "p.yml", "--out", "out", "--quiet", "--canonical-parquet", "pq", "--threads", threads], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr.contains("timing: dataset_pa"))
            trees.append(PublishedTree.snapshot(dir.appendingPathComponent("pq")))
        }
        #expect(trees[0] == trees[1], "the same bytes for 1 and 4 threads, and the second run replaced the first's")
        let tree = trees[0]
        for table in ["players", "player_games", "friendships", "groups", "group_members", "achievements", "preferences"] {
            #expect(tree["\(table)/part-00000.parquet"].map { Array($0.prefix(4)) == Array("PAR1".utf8) } == true, "\(table)")
            #expect(tree["\(table)/_SUCCESS"]?.isEmpty == true, "\(table)")
        }
        // The manifest counts each table's rows as the run's JSON Lines hold them.
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: dir.appendingPathComponent("pq/manifest.json"))) as? [String: Any]
        let files = manifest?["files"] as? [[String: Any]] ?? []
        for table in ["players", "player_games", "friendships"] {
            let lines = try String(contentsOf: dir.appendingPathComponent("out/\(table).jsonl"), encoding: .utf8).split(separator: "\n").count
            let rows = files.filter { ($0["path"] as? String)?.hasPrefix("\(table)/") == true }.compactMap { $0["rows"] as? Int }.reduce(0, +)
            #expect(rows == lines && lines > 0, "\(table)")
        }
    }

    @Test func aDirectoryThatIsNotOursIsRefusedBeforeAnyWork() throws {
        let dir = try RepositoryPaths.temporaryDirectory("canonical-parquet-refused")
        try Self.pipeline(dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("pq"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: dir.appendingPathComponent("pq/notes.txt"))
        let r = try CommandRunner.run(["run", "p.yml", "--out", "out", "--quiet", "--canonical-parquet", "pq"], in: dir)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("[output.notOurs]"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
        #expect(try String(contentsOf: dir.appendingPathComponent("pq/notes.txt"), encoding: .utf8) == "mine")
    }
}
