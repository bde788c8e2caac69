import Foundation
import PipelineTestSupport
import Testing

/// `convert --memory-limit` streams: a generated bundle dataset several times larger than the memory budget
/// converts with the child's peak RSS (from `wait4`) at most `budget` above the same binary's peak on a
/// one-line input, and publishes the same bytes as the in-memory path.
@Suite struct MemoryBudgetTests {
    static let budgetKB = 16 * 1024

    @Test func convertStaysWithinItsBudgetOnInputSeveralTimesLarger() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in")
        #expect(try Self.run(["generate", "--players", "4300", "--seed", "7", "--bundles", "--out", input.path]).status == 0)
        let inputBytes = try FileManager.default.contentsOfDirectory(atPath: input.path).reduce(0) { sum, name in
            sum + ((try FileManager.default.attributesOfItem(atPath: input.appendingPathComponent(name).path)[.size] as? Int) ?? 0)
        }
        #expect(inputBytes >= 3 * Self.budgetKB * 1024, "input \(inputBytes) bytes is not several times the budget")

        let tiny = dir.appendingPathComponent("tiny")
        try FileManager.default.createDirectory(at: tiny, withIntermediateDirectories: true)
        let firstLine = try String(contentsOf: input.appendingPathComponent("owned_games.jsonl"), encoding: .utf8)
            .split(separator: "\n", maxSplits: 1)[0]
        try (firstLine + "\n").write(to: tiny.appendingPathComponent("owned_games.jsonl"), atomically: true, encoding: .utf8)

        let flags = ["--no-locations", "--quiet", "--memory-limit", "1", "--threads", "1"]
        let baseline = try Self.run(["convert", tiny.path, "--out", dir.appendingPathComponent("out-tiny").path] + flags)
        let streamed = try Self.run(["convert", input.path, "--out", dir.appendingPathComponent("out").path] + flags)
        #expect(baseline.status == 0 && streamed.status == 0)
        let growthKB = streamed.maxRSSKB - baseline.maxRSSKB
        #expect(growthKB < Self.budgetKB,
                "peak RSS \(streamed.maxRSSKB) KB is \(growthKB) KB above the one-line baseline \(baseline.maxRSSKB) KB; budget \(Self.budgetKB) KB for \(inputBytes) input bytes")
        let players = try Data(contentsOf: dir.appendingPathComponent("out/players.csv"))
        #expect(players.filter { $0 == UInt8(ascii: "\n") }.count == 4301, "a header and one row per player")
    }

    /// Runs the built binary with output discarded and returns its exit status and peak RSS (KB), taken from
    /// `wait4` for this child alone (other tests' children do not count).
    static func run(_ arguments: [String]) throws -> (status: Int32, maxRSSKB: Int) {
        let path = CommandRunner.binary.path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), Int(usage.ru_maxrss))
    }
}
