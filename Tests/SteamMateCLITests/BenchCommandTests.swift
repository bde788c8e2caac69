import Foundation
import PipelineTestSupport
import Testing

/// The benchmarks' location table: a missing or broken `--locations` is reported like `run` reports it.
@Suite struct BenchCommandTests {
    @Test(arguments: [["bench", "pair", "--players", "50"], ["bench", "lobby", "--players", "50"],
                      ["bench", "run", "--players", "50", "--dir", "work"]])
    func missingLocationTableIsAUsageError(command: [String]) throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let result = try CommandRunner.run(command + ["--locations", "nowhere.csv"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("nowhere.csv: error: cannot read the location table [locations.missing]"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "nothing generated")
    }

    @Test func unparsableLocationTableIsAUsageError() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try Data("not,a\nlocation table\n".utf8).write(to: dir.appendingPathComponent("bad.csv"))
        let result = try CommandRunner.run(["bench", "pair", "--players", "50", "--locations", "bad.csv"], in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("bad.csv: error: "), "\(result.stderr)")
        #expect(result.stderr.contains("[locations.invalid]"), "\(result.stderr)")
    }
}
