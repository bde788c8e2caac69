import Foundation
import PipelineTestSupport
import Testing

/// The fuzz harness (`steam-mate-fuzz`, README "Fuzzing") stays buildable and runnable: in a normal build it
/// replays every seed of each target through its reader without a crash.
@Suite struct FuzzReplayTests {
    static let root = RepositoryPaths.root()

    @Test(arguments: [
        ("xml", ["Tests/IngestTests/Fixtures/steam", "Tests/IngestTests/Fixtures/synthetic/xml"]),
        ("json", ["Tests/IngestTests/Fixtures/steam", "Tests/IngestTests/Fixtures/synthetic/json"]),
        ("jsonl", ["Tests/IngestTests/Fixtures/synthetic/json", "Data/sample/bans.jsonl"]),
        ("wantlist", ["Tests/TradeTests/Fixtures"]),
        ("pipeline", ["Pipelines"]),
        ("traderequests", ["Data/sample/trade_requests.jsonl"]),
    ])
    func seedsReplayWithoutACrash(target: String, seeds: [String]) throws {
        let binary = CommandRunner.binary.deletingLastPathComponent().appendingPathComponent("steam-mate-fuzz")
        let process = Process()
        process.executableURL = binary
        process.arguments = [target] + seeds.map { Self.root.appendingPathComponent($0).path }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.hasPrefix("replayed ") && !text.hasPrefix("replayed 0 "), "\(text)")
    }
}
