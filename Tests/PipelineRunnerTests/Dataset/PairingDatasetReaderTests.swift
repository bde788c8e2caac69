import Emit
import Foundation
@testable import Pairing
import PipelineCore
import PipelineTestSupport
import PlayerModel
import SyntheticData
import Testing
@testable import PipelineRunner

@Suite struct PairingDatasetReaderTests {
    /// A seeded dataset written as canonical `.jsonl` tables, with awkward `player_games` rows appended: bad
    /// values, a row of an unknown player, an escaped key, a padded steamid, competing names for one app.
    static func datasetDirectory() throws -> URL {
        let dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 900, seed: 8, shareAnywhere: 0.3))
        let dir = try RepositoryPaths.temporaryDirectory()
        for file in TableFiles.render(DatasetTables.tables(for: dataset), formats: [.jsonl]) {
            try Data(file.bytes).write(to: dir.appendingPathComponent(file.path))
        }
        let someone = dataset.players[3].steamID.description, other = dataset.players[7].steamID.description
        let extra = """
        {"steamid":"\(someone)","appid":"440","minutes_total":10}
        {"steamid":"\(someone)","appid":440,"minutes_total":-1}
        {"appid":440,"minutes_total":10}
        {"steamid":"76561197960265999","appid":440,"name":"A","minutes_total":10,"sources":[]}
        {"steamid":"\(someone)","appid":777001,"name":"Zeta","minutes\\u005ftotal":300,"minutes_2weeks":5,"sources":null}
        {"steamid":" \(other) ","appid":777001,"name":"Alpha, \\"the\\" game","minutes_total":120,"last_played":null}
        {"steamid":"\(other)","appid":777002,"name":7,"minutes_total":60,"sources":["x"]}
        {"steamid":"\(other)","appid":777002,"minutes_total":60} trailing

        """
        let url = dir.appendingPathComponent("player_games.jsonl")
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(extra.utf8))
        try handle.close()
        return dir
    }

    /// Pairing from the columns equals pairing from `CanonicalDatasetReader`'s rows: same pairings bytes, same
    /// summary, and the same diagnostics for the tables both read.
    @Test func pairingEqualsTheGeneralReader() throws {
        let dir = try Self.datasetDirectory()
        let fastLog = DiagnosticLog(), slowLog = DiagnosticLog()
        let fast = try #require(try PairingDatasetReader.read(directory: dir, diagnostics: fastLog))
        let slow = try CanonicalDatasetReader.read(directory: dir, diagnostics: slowLog)
        let config = PairingConfig(k: 8, exposureCapFactor: 3)
        let a = PairingRun.run(PairingRun.Input(dataset: fast.dataset, config: config, libraries: fast.libraries))
        let b = PairingRun.run(PairingRun.Input(dataset: slow, config: config))
        #expect(a.summary == b.summary)
        #expect(a.lists == b.lists)
        #expect(JSONLinesWriter.render(a.pairings) == JSONLinesWriter.render(b.pairings))
        #expect(a.population.steamIDs == b.population.steamIDs)
        let text = { (log: DiagnosticLog) in log.sorted().map(\.description) }
        #expect(text(fastLog) == text(slowLog))
        #expect(fastLog.all.count == 4)
        #expect(fast.libraries.names[777001] == "Alpha, \"the\" game")
        // Friendships without their sources (pairing reads only who is friends with whom).
        #expect(fast.dataset.friendships == slow.friendships.map { Friendship($0.a, $0.b, friendSince: $0.friendSince) })
        #expect(fast.dataset.preferences == slow.preferences)
    }

    /// `player_games` read in pieces of any size (cut inside lines; at 61 bytes most pieces hold no line start) gives
    /// the same dataset, columns and diagnostics, line numbers included, as one piece.
    @Test(arguments: [61, 997, 65_536])
    func piecesOfAnySizeReadLikeOne(pieceBytes: Int) throws {
        let dir = try Self.datasetDirectory()
        let wholeLog = DiagnosticLog(), piecesLog = DiagnosticLog()
        let whole = try #require(try PairingDatasetReader.read(directory: dir, diagnostics: wholeLog, pieceBytes: 1 << 30))
        let pieces = try #require(try PairingDatasetReader.read(directory: dir, diagnostics: piecesLog, pieceBytes: pieceBytes))
        #expect(pieces.libraries == whole.libraries)
        #expect(pieces.dataset == whole.dataset)
        #expect(piecesLog.sorted().map(\.description) == wholeLog.sorted().map(\.description))
        #expect(wholeLog.sorted().compactMap { $0.location?.line }.count == 4)
    }

    /// Runs of lines (`pair --shard --line-runs`) read like a directory holding a copy of only those lines: the same
    /// dataset, columns and diagnostics (numbered through the runs, the file named `…[runs]`), with `player_games` in
    /// pieces of any size (runs longer than a piece cut where lines start); `CanonicalDatasetReader` likewise.
    @Test(arguments: [61, 997, 1 << 30])
    func runsReadLikeACopyOfTheirLines(pieceBytes: Int) throws {
        let dir = try Self.datasetDirectory()
        let copy = try RepositoryPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: copy) }
        var generator = SeededGenerator(seed: 21)
        var runs: [String: [Range<Int>]] = [:]
        for table in ["players", "player_games", "friendships", "preferences"] {
            let body = Array(try Data(contentsOf: dir.appendingPathComponent("\(table).jsonl")))
            let lines = LineRunBytesTests.lineRanges(body)
            // Blocks of 40 lines kept whole, dropped, or kept line by line at random; the awkward rows at the end kept.
            let chosen = lines.indices.map { i in
                i >= lines.count - 8 || (i / 40) % 3 == 0 || ((i / 40) % 3 == 2 && Bool.random(using: &generator))
            }
            runs[table] = LineRunBytesTests.runs(of: lines, chosen: chosen)
            try Data(runs[table]!.flatMap { body[$0] }).write(to: copy.appendingPathComponent("\(table).jsonl"))
        }
        let lineRuns = DatasetLineRuns(runs: runs)
        let runsLog = DiagnosticLog(), copyLog = DiagnosticLog()
        let fromRuns = try #require(try PairingDatasetReader.read(directory: dir, diagnostics: runsLog, pieceBytes: pieceBytes,
                                                                  lineRuns: lineRuns))
        let fromCopy = try #require(try PairingDatasetReader.read(directory: copy, diagnostics: copyLog, pieceBytes: pieceBytes))
        #expect(fromRuns.libraries == fromCopy.libraries)
        #expect(fromRuns.dataset == fromCopy.dataset)
        #expect(fromRuns.dataset.players.count < 900 && fromRuns.dataset.players.count > 300)
        let text = { (log: DiagnosticLog) in log.sorted().map { $0.description.replacingOccurrences(of: "[runs]", with: "") } }
        #expect(text(runsLog) == text(copyLog))
        #expect(copyLog.all.count == 4)
        #expect(runsLog.all.allSatisfy { $0.location?.file == "player_games.jsonl[runs]" })
        let generalLog = DiagnosticLog()
        #expect(try CanonicalDatasetReader.read(directory: dir, diagnostics: generalLog, lineRuns: lineRuns)
            == CanonicalDatasetReader.read(directory: copy, diagnostics: DiagnosticLog()))
        #expect(generalLog.all.count == 4)
    }

    /// Runs of a table file that is not there are refused (not read as no lines).
    @Test func runsOfAMissingTableAreRefused() throws {
        let dir = try Self.datasetDirectory()
        try FileManager.default.removeItem(at: dir.appendingPathComponent("friendships.jsonl"))
        #expect(throws: LineRunBytes.RunError.self) {
            try PairingDatasetReader.read(directory: dir, diagnostics: DiagnosticLog(),
                                          lineRuns: DatasetLineRuns(runs: ["players": [0..<10], "friendships": [0..<10]]))
        }
    }

    /// A playtime beyond what the columns hold sends the caller to the general reader.
    @Test func aPlaytimeBeyondTheColumnsFallsBack() throws {
        let dir = try RepositoryPaths.temporaryDirectory()
        try """
        {"steamid":"76561197960435530","latitude":47.6,"longitude":-122.2}
        """.write(to: dir.appendingPathComponent("players.jsonl"), atomically: true, encoding: .utf8)
        try """
        {"steamid":"76561197960435530","appid":570,"minutes_total":3000000000}
        """.write(to: dir.appendingPathComponent("player_games.jsonl"), atomically: true, encoding: .utf8)
        #expect(try PairingDatasetReader.read(directory: dir, diagnostics: DiagnosticLog()) == nil)
    }
}
