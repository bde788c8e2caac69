import Foundation

/// A Python that reads Parquet for the tests (pyarrow): `STEAM_MATE_SPARK_PYTHON` or `.venv-spark/bin/python`, which
/// `.ci/run` creates; nil where neither has pyarrow (the tests that need it are skipped and say so).
public enum ArrowPython {
    public static let path: String? = {
        let candidates = [ProcessInfo.processInfo.environment["STEAM_MATE_SPARK_PYTHON"],
                          RepositoryPaths.root().appendingPathComponent(".venv-spark/bin/python").path].compactMap { $0 }
        return candidates.first { candidate in
            FileManager.default.isExecutableFile(atPath: candidate) && (try? run(["-c", "import pyarrow"], python: candidate).status) == 0
        }
    }()

    /// Runs `python` (default: `path`) with `arguments`: its exit status and output (stdout and stderr).
    public static func run(_ arguments: [String], python: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python ?? path ?? "/nonexistent/python")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Checks `PARQUET_DIR/<table>` (part files in name order) against `JSONL_DIR/<table>.jsonl` for every canonical
    /// table: every part's schema is the table's declared one (the Spark driver's `SCHEMAS`, which Spark reads back)
    /// and the rows equal the lines, in order. Prints `<table> rows N parts P` per table; exits 1 at the first that
    /// differs. Arguments: PARQUET_DIR JSONL_DIR.
    public static let parquetEqualsJSONLines = """
        import json, os, sys
        import pyarrow.parquet as pq
        sys.path.insert(0, \(String(reflecting: RepositoryPaths.root().appendingPathComponent("Pipelines/spark").path)))
        from steam_mate_spark import SCHEMAS, arrow_schema
        parquet, jsonl = sys.argv[1], sys.argv[2]
        for table in ["players", "player_games", "friendships", "groups", "group_members", "achievements", "preferences"]:
            directory = os.path.join(parquet, table)
            parts = sorted(f for f in os.listdir(directory) if f.endswith(".parquet"))
            tables = [pq.read_table(os.path.join(directory, part)) for part in parts]
            if any(not t.schema.equals(arrow_schema(SCHEMAS[table])) for t in tables):
                sys.exit(f"{table}: a part's schema is not the declared one")
            rows = [row for t in tables for row in t.to_pylist()]
            with open(os.path.join(jsonl, table + ".jsonl"), "rb") as handle:
                lines = [json.loads(line) for line in handle if line.strip()]
            if rows != lines:
                sys.exit(f"{table}: {len(rows)} Parquet rows differ from {len(lines)} lines")
            print(table, "rows", len(rows), "parts", len(parts))
        """
}
