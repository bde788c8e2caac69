import Foundation
import Glibc
import PipelineTestSupport
import Testing

/// Issue #12, "Must fix" 1–7 with the exact inputs it names, through the built binary: exit status, diagnostic
/// code, and that the previous output and unrelated files are byte-identical afterwards.
@Suite(.serialized) struct PublishSafetyTests {
    private let fm = FileManager.default
    private static let sample = RepositoryPaths.root().appendingPathComponent("Data/sample").path
    private static let locations = RepositoryPaths.root().appendingPathComponent("Data/reference/steam-locations.csv").path

    /// A small synthetic dataset `ds` in a fresh directory.
    private func workspace(players: Int = 30) throws -> URL {
        let dir = try RepositoryPaths.temporaryDirectory()
        let result = try CommandRunner.run(["generate", "--players", "\(players)", "--seed", "7", "--out", "ds"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        return dir
    }

    private func write(_ text: String, _ path: String, in dir: URL) throws {
        let url = dir.appendingPathComponent(path)
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    // MARK: 2. Whatever sits at the output path is deleted

    @Test func outputEqualToTheInputIsRefused() throws {
        let dir = try workspace()
        let before = PublishedTree.snapshot(dir.appendingPathComponent("ds"))
        try write("input: ds\noutput: ds\n", "p.yml", in: dir)
        let result = try CommandRunner.run(["run", "p.yml"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("ds: error: the output is the input; publishing would destroy or re-ingest data [output.overlapsInput]"))
        #expect(PublishedTree.snapshot(dir.appendingPathComponent("ds")) == before)
    }

    @Test func outputInsideTheInputAndInputInsideTheOutputAreRefused() throws {
        let dir = try workspace()
        let before = PublishedTree.snapshot(dir.appendingPathComponent("ds"))
        try write("input: ds\noutput: ds/out\n", "inside.yml", in: dir)
        let inside = try CommandRunner.run(["run", "inside.yml"], in: dir)
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("[output.overlapsInput]"))
        let around = try CommandRunner.run(["convert", "ds/players", "--out", "ds"], in: dir)
        #expect(around.status == 2)
        #expect(around.stderr.contains("contains the input"))
        // Through a symbolic link the overlap is still seen.
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("alias").path, withDestinationPath: "ds")
        let linked = try CommandRunner.run(["convert", "alias", "--out", "ds/x"], in: dir)
        #expect(linked.status == 2)
        #expect(PublishedTree.snapshot(dir.appendingPathComponent("ds")) == before)
    }

    @Test func convertDoesNotDeleteAnUnrelatedDirectory() throws {
        let dir = try workspace()
        try write("four years of work", "precious/thesis.txt", in: dir)
        let result = try CommandRunner.run(["convert", "ds", "--out", "precious"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("precious: error: the output directory holds files that are not a steam-mate output (thesis.txt)"))
        #expect(result.stderr.contains("[output.notOurs]"))
        #expect(PublishedTree.snapshot(dir.appendingPathComponent("precious")) == ["thesis.txt": Data("four years of work".utf8)])
        #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == [".ds.lock", "ds", "precious"], "nothing else was written")

        let forced = try CommandRunner.run(["convert", "ds", "--out", "precious", "--force"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(PublishedTree.manifestMismatches(in: dir.appendingPathComponent("precious")).isEmpty)
    }

    @Test func generateDoesNotTurnAFileIntoADirectoryAndReplacesItsOwnDataset() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try write("keep me", "afile", in: dir)
        let refused = try CommandRunner.run(["generate", "--players", "5", "--out", "afile"], in: dir)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("afile: error: the output path exists and is not a directory"))
        #expect(try String(contentsOf: dir.appendingPathComponent("afile"), encoding: .utf8) == "keep me")

        #expect(try CommandRunner.run(["generate", "--players", "5", "--out", "g"], in: dir).status == 0)
        let again = try CommandRunner.run(["generate", "--players", "6", "--seed", "2", "--out", "g"], in: dir)
        #expect(again.status == 0, "generate replaces a dataset it wrote: \(again.stderr)")
        #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == [".g.lock", "afile", "g"], "no staging left behind")
    }

    // MARK: 3. A symlinked input

    @Test func aSymlinkedInputIsReadAndPublishesTheSameDataset() throws {
        let dir = try workspace()
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("current").path, withDestinationPath: "ds")
        try write("input: ds\noutput: direct\n", "direct.yml", in: dir)
        try write("input: current\noutput: linked\n", "linked.yml", in: dir)
        let direct = try CommandRunner.run(["run", "direct.yml"], in: dir)
        let linked = try CommandRunner.run(["run", "linked.yml"], in: dir)
        #expect(direct.status == 0 && linked.status == 0, "\(linked.stderr)")
        #expect(!linked.stderr.contains(" 0 files read"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("linked/players.csv")) == Data(contentsOf: dir.appendingPathComponent("direct/players.csv")))
    }

    // MARK: 4. An empty or missing input

    @Test func aMissingOrEmptyInputKeepsThePreviousOutput() throws {
        let dir = try workspace()
        try write("input: ds\noutput: out\n", "p.yml", in: dir)
        #expect(try CommandRunner.run(["run", "p.yml"], in: dir).status == 0)
        let before = PublishedTree.snapshot(dir.appendingPathComponent("out"))

        try fm.moveItem(at: dir.appendingPathComponent("ds"), to: dir.appendingPathComponent("unmounted"))
        let missing = try CommandRunner.run(["run", "p.yml"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("[input.missing]"))
        #expect(missing.stderr.contains("ds: error: read no players, groups or Dota matches from 0 input files; the previous output is kept"))
        #expect(missing.stderr.contains("[input.nothingRead]"))
        #expect(PublishedTree.snapshot(dir.appendingPathComponent("out")) == before)

        try fm.createDirectory(at: dir.appendingPathComponent("ds"), withIntermediateDirectories: true)
        let empty = try CommandRunner.run(["run", "p.yml"], in: dir)
        #expect(empty.status == 1)
        #expect(PublishedTree.snapshot(dir.appendingPathComponent("out")) == before)

        let allowed = try CommandRunner.run(["run", "p.yml", "--allow-empty"], in: dir)
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try String(contentsOf: dir.appendingPathComponent("out/players.csv"), encoding: .utf8).split(separator: "\r\n").count == 1)
    }

    // MARK: 5. Values that crashed instead of erroring

    @Test(arguments: [
        ("pair: {k: 1000000000}", "'k' in stage 'pair' must be an integer in 1…1000"),
        ("pair: {k: 9223372036854775807}", "'k' in stage 'pair' must be an integer in 1…1000"),
        ("pair: {exposure_cap: 1e300}", "'exposure_cap' in stage 'pair' must be a number in 0…1000"),
    ])
    func outOfRangePipelineValuesExitTwoWithTheirLine(stage: String, message: String) throws {
        let dir = try workspace(players: 5)
        try write("input: ds\noutput: out\nstages:\n  \(stage)\n", "p.yml", in: dir)
        let result = try CommandRunner.run(["run", "p.yml"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("p.yml:4: error: \(message)"))
        #expect(result.stderr.contains("[pipeline.outOfRange]"))
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test(arguments: [
        (["pair", "ds", "--out", "o", "--k=-1"], "--k must be an integer in 1…1000 (got -1)"),
        (["pair", "ds", "--out", "o", "--k", "0"], "--k must be an integer in 1…1000 (got 0)"),
        (["pair", "ds", "--out", "o", "--exposure-cap", "nan"], "--exposure-cap must be a number in 0…1000 (got nan)"),
        (["pair", "ds", "--out", "o", "--default-max-distance=-1"], "--default-max-distance must be a number in 0…20100"),
        (["generate", "--players", "9223372036854775807", "--dry-run"], "--players must be an integer in 0…50000000"),
        (["trade", "x.txt", "--max-loop-length", "100001"], "--max-loop-length must be an integer in 0…100000 (got 100001)"),
        (["trade", "x.jsonl", "--max-distance-km", "nan"], "--max-distance-km must be a number in 0…20100 (got nan)"),
        (["run", "--threads=-3"], "--threads must be an integer in 0…1024 (got -3)"),
        (["convert", "ds", "--out", "o", "--threads=-3"], "--threads must be an integer in 0…1024 (got -3)"),
    ])
    func outOfRangeFlagsExitTwo(arguments: [String], message: String) throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let result = try CommandRunner.run(arguments, in: dir)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("error: \(message)"), "\(result.stderr)")
        #expect(result.stderr.contains("[option.outOfRange]"))
        #expect(try fm.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func playtimesOutsideTheRangeAreDiagnosedNotAccepted() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        let games = #"{"response":{"game_count":3,"games":[{"appid":10,"playtime_forever":9223372036854775807},{"appid":20,"playtime_forever":-5},{"appid":30,"playtime_forever":60,"playtime_2weeks":-1}]}}"#
        try write(games, "data/players/76561197960435530/owned_games.json", in: dir)
        let result = try CommandRunner.run(["convert", "data", "--out", "out"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("playtime_forever: 9223372036854775807 is not a playtime in minutes"))
        #expect(result.stderr.contains("playtime_forever: -5 is not a playtime in minutes"))
        #expect(result.stderr.contains("playtime_2weeks: -1 is not a playtime in minutes"))
        #expect(result.stderr.contains("data/players/76561197960435530/owned_games.json:1: error:"))
        #expect(result.stderr.contains("[value.outOfRange]"))
        let rows = try String(contentsOf: dir.appendingPathComponent("out/player_games.csv"), encoding: .utf8)
        #expect(!rows.contains("9223372036854775807") && !rows.contains(",-5,"))
        #expect(try CommandRunner.run(["quality", "out"], in: dir).status != 134, "quality does not trap")
    }

    // MARK: 6. YAML alias bomb as a key

    @Test func anAliasBombKeyIsRejectedAtOnce() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        var yaml = "l0: &l0 [x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 { yaml += "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ") + "]\n" }
        yaml += "? [*l9, *l9]\n: 1\ninput: ds\n"
        try write(yaml, "bomb.yml", in: dir)
        let start = ContinuousClock.now
        let result = try CommandRunner.run(["run", "bomb.yml"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("bomb.yml:11: error: an alias (*l9) used as a mapping key is not allowed [pipeline.aliasKey]"))
        #expect(ContinuousClock.now - start < .seconds(30), "rejected without expanding the key")
    }

    // MARK: 1. Two runs to one output

    /// The issue's race: the full default pipeline and, 0–0.3 s later, a normalize-only CSV run with the same
    /// output. Every iteration both exit 0 (the second waits for the lock) and the published tree is exactly its
    /// manifest; no staging directory is left.
    @Test func twoRunsToOneOutputNeverTear() throws {
        let dir = try workspace(players: 60)
        try write("input: ds\noutput: out\nlocations: \(Self.locations)\nstages:\n  normalize: {}\n  pair: {k: 5}\n  match: {}\n  trade: {}\n",
                  "full.yml", in: dir)
        try write("input: ds\noutput: out\nformats: [csv]\n", "csv.yml", in: dir)
        for iteration in 0..<12 {
            let full = try CommandRunner.start(["run", "full.yml"], in: dir)
            usleep(useconds_t(iteration % 4) * 100_000)
            let csv = try CommandRunner.start(["run", "csv.yml"], in: dir)
            let results = [full.wait(), csv.wait()]
            #expect(results.map(\.status) == [0, 0], "iteration \(iteration): \(results.map(\.stderr))")
            let problems = PublishedTree.manifestMismatches(in: dir.appendingPathComponent("out"))
            #expect(problems.isEmpty, "iteration \(iteration): \(problems)")
            if !problems.isEmpty { break }
        }
        #expect(try fm.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".out.") }.sorted() == [".out.lock", ".out.timings.json"])
    }

    @Test func aRunThatCannotGetTheLockExitsThreeAndWritesNothing() throws {
        let dir = try workspace(players: 5)
        try write("input: ds\noutput: out\n", "p.yml", in: dir)
        #expect(try CommandRunner.run(["run", "p.yml"], in: dir).status == 0)
        let before = PublishedTree.snapshot(dir.appendingPathComponent("out"))
        let fd = open(dir.appendingPathComponent(".out.lock").path, O_RDWR)
        #expect(flock(fd, LOCK_EX) == 0)
        defer { close(fd) }
        let result = try CommandRunner.run(["run", "p.yml", "--lock-wait", "0.2"], in: dir)
        #expect(result.status == 3)
        #expect(result.stderr.contains("out: error: another steam-mate process is publishing to this output"))
        #expect(result.stderr.contains("[output.busy]"))
        #expect(PublishedTree.snapshot(dir.appendingPathComponent("out")) == before)
    }

    // MARK: SIGKILL

    /// A child `run` of the default pipeline on `Data/sample`, killed with SIGKILL at several points: the previous
    /// output stays byte-identical every time, and the next run removes the dead runs' staging directories.
    @Test func aKilledRunNeverDamagesThePreviousOutput() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try write("input: \(Self.sample)\noutput: out\nlocations: \(Self.locations)\nstages:\n  normalize: {}\n  pair: {k: 10, exposure_cap: 3}\n  match: {}\n  trade: {max_distance_km: 150}\n",
                  "p.yml", in: dir)
        let first = try CommandRunner.run(["run", "p.yml"], in: dir)
        #expect(first.status == 0, "\(first.stderr)")
        var before = PublishedTree.snapshot(dir.appendingPathComponent("out"))
        #expect(PublishedTree.manifestMismatches(in: dir.appendingPathComponent("out")).isEmpty)
        var killed = 0
        for delay in [0.02, 0.1, 0.3, 0.6, 1.0, 1.5, 2.5] {
            let child = try CommandRunner.start(["run", "p.yml"], in: dir)
            usleep(useconds_t(delay * 1_000_000))
            kill(child.process.processIdentifier, SIGKILL)
            let result = child.wait()
            let after = PublishedTree.snapshot(dir.appendingPathComponent("out"))
            // Either the signal landed before the swap (the previous tree is untouched) or the run had already
            // published (on a fast machine): then the tree is that run's complete output, same files, matching
            // its manifest. Never a mix.
            #expect(PublishedTree.manifestMismatches(in: dir.appendingPathComponent("out")).isEmpty, "killed after \(delay) s")
            if after == before {
                killed += result.status == 0 ? 0 : 1
            } else {
                #expect(Set(after.keys) == Set(before.keys), "killed after \(delay) s (status \(result.status))")
                before = after
            }
        }
        #expect(killed >= 3, "the early kills land before the run can publish")
        // The next run publishes (its matches are no longer new: it reads the previous run's state).
        let last = try CommandRunner.run(["run", "p.yml"], in: dir)
        #expect(last.status == 0)
        #expect(PublishedTree.manifestMismatches(in: dir.appendingPathComponent("out")).isEmpty)
        #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == [".out.lock", ".out.timings.json", "out", "p.yml"], "dead runs' staging removed")
    }

    /// Issue #12, item 7: `generate --out` goes through the same publisher: a killed generate leaves the previous
    /// dataset byte-identical, and the next one cleans up after it.
    @Test func aKilledGenerateNeverDamagesThePreviousDataset() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        #expect(try CommandRunner.run(["generate", "--players", "20", "--out", "g"], in: dir).status == 0)
        let before = PublishedTree.snapshot(dir.appendingPathComponent("g"))
        for delay in [0.05, 0.3, 0.8] {
            let child = try CommandRunner.start(["generate", "--players", "3000", "--seed", "9", "--out", "g"], in: dir)
            usleep(useconds_t(delay * 1_000_000))
            kill(child.process.processIdentifier, SIGKILL)
            _ = child.wait()
            #expect(PublishedTree.snapshot(dir.appendingPathComponent("g")) == before, "killed after \(delay) s")
        }
        #expect(try CommandRunner.run(["generate", "--players", "21", "--out", "g"], in: dir).status == 0)
        #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == [".g.lock", "g"], "dead runs' staging removed")
    }
}
