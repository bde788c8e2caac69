import Emit
import Foundation
import Pairing
import PipelineCore
import PipelineTestSupport
import Testing
@testable import PipelineRunner

@Suite struct PairingJobTests {
    /// The population with awkward game names from `PairingsRowRendererTests` (1,200 players, k 6, capped).
    static let output = PairingsRowRendererTests.output()

    /// The run's streamed `pairings` (bytes rendered chunk by chunk, written by the streaming writer) equals the
    /// whole `Cell` table rendered by `TableFiles`, for any chunk size and thread count; so do its cell chunks.
    @Test(arguments: [(1, 1), (37, 4), (256, 2), (5_000, 0)])
    func streamedPairingsEqualTheCellTable(playersPerChunk: Int, workers: Int) throws {
        let table = Self.output.pairings
        #expect(table.rows.count > 1_000)
        let streamed = PairingJob.streamedPairings(Self.output, playersPerChunk: playersPerChunk)
        #expect(streamed.renderBytes != nil)
        let directory = try RepositoryPaths.temporaryDirectory("pairings-streamed")
        let entries = try StreamingTableWriter.write(streamed, formats: TableFormat.allCases, into: directory, workers: workers)
        let expected = TableFiles.render([table], formats: TableFormat.allCases)
        #expect(entries.map(\.path) == ["pairings.csv", "pairings.jsonl"])
        for (entry, file) in zip(entries, expected) {
            let written = try Array(Data(contentsOf: directory.appendingPathComponent(file.path)))
            #expect(written == file.bytes, "\(file.path)")
            #expect(entry.sha256 == SHA256.hex(of: file.bytes))
            #expect(entry.bytes == file.bytes.count)
            #expect(entry.rows == table.rows.count)
        }
        #expect(streamed.materialized() == table)
    }

    /// A table asked for in one format only gets that format's bytes (the other is not rendered).
    @Test func oneFormatOnly() throws {
        let directory = try RepositoryPaths.temporaryDirectory("pairings-csv-only")
        let entries = try StreamingTableWriter.write(PairingJob.streamedPairings(Self.output, playersPerChunk: 100), formats: [.jsonl],
                                                     into: directory, workers: 2)
        #expect(entries.map(\.path) == ["pairings.jsonl"])
        let expected = JSONLinesWriter.render(Self.output.pairings)
        #expect(try Array(Data(contentsOf: directory.appendingPathComponent("pairings.jsonl"))) == expected)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("pairings.csv").path))
    }

    /// `steam-mate pair`'s output: every file hashed while written and listed in `manifest.json`, the same
    /// bytes on 1 and 4 threads, and (the manifest marking it ours) replaceable by the next `pair`.
    @Test func writeOutputsListsEveryFileInTheManifestAndIsReplaceable() throws {
        let parent = try RepositoryPaths.temporaryDirectory("pair-outputs")
        var trees: [[String: Data]] = []
        for (name, workers) in [("one", 1), ("four", 4), ("four", 4)] {
            let target = parent.appendingPathComponent(name)
            var entries: [RunManifest.Entry] = []
            try AtomicPublisher.publish(to: target) { staging in
                entries = try PairingJob.writeOutputs(Self.output, diagnostics: [], into: staging, workers: workers)
            }
            #expect(PublishedTree.manifestMismatches(in: target).isEmpty, "\(PublishedTree.manifestMismatches(in: target))")
            #expect(entries.map(\.path) == [
                "diagnostics.json", "matches.csv", "matches.jsonl", "new_matches.csv", "new_matches.jsonl", "pairing_summary.json",
                "pairings.csv", "pairings.jsonl", "state/matches.jsonl", "state/unpaired.jsonl", "unpaired.csv", "unpaired.jsonl",
                "manifest.json",
            ])
            trees.append(PublishedTree.snapshot(target))
        }
        #expect(trees[0] == trees[1], "4 threads write the same bytes as 1")
        #expect(trees[1] == trees[2], "a second pair into the same output replaces it")
        let pairings = try #require(trees[0]["pairings.csv"])
        #expect(Array(pairings) == CSVWriter.render(Self.output.pairings))
    }

    /// A write that fails in the middle of `pairings` (its JSON Lines file is `/dev/full`, so the first write
    /// there fails with ENOSPC while the CSV goes on) throws a clear error, publishes nothing and leaves the
    /// previous output byte for byte, with no staging directory behind.
    @Test func aFailureMidWriteLeavesThePreviousOutput() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let parent = try RepositoryPaths.temporaryDirectory("pair-fails")
        let target = parent.appendingPathComponent("out")
        try AtomicPublisher.publish([OutputFile(path: "manifest.json", text: "{}"), OutputFile(path: "pairings.csv", text: "old")],
                                    to: target)
        let before = PublishedTree.snapshot(target)
        var reached = false
        #expect {
            try AtomicPublisher.publish(to: target) { staging in
                try FileManager.default.createSymbolicLink(atPath: staging.appendingPathComponent("pairings.jsonl").path,
                                                           withDestinationPath: "/dev/full")
                reached = true
                try PairingJob.writeOutputs(Self.output, diagnostics: [], into: staging, workers: 2)
            }
        } throws: { error in
            "\(error)".contains("cannot write") && "\(error)".contains("pairings.jsonl") && "\(error)".contains("No space left")
        }
        #expect(reached)
        #expect(PublishedTree.snapshot(target) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { $0 != "out" && !$0.hasSuffix(".lock") }
        #expect(left.isEmpty, "\(left)")
    }
}
