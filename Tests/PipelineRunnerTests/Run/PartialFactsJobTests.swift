import Foundation
import PipelineTestSupport
import Testing
@testable import PipelineRunner

/// How `convert --partial-facts --files-shard I/N` deals the scanned files into shares of about equal decoding cost.
struct PartialFactsJobTests {
    /// The first lines of the 1M generated bundles (what `decodeCost` reads), each file declared at its 1M size in MB.
    static let bundles: [(path: String, size: Int, firstLine: String)] = [
        ("friends.jsonl", 716, #"{"steamid":"76561199460265731","source":"GetFriendList","fetched_at":"2025-01-15T10:00:00Z","body":{}}"#),
        ("owned_games.jsonl", 8_826, #"{"steamid":"76561199460265731","source":"GetOwnedGames","fetched_at":"2025-01-15T10:00:00Z","body":{}}"#),
        ("preferences.jsonl", 267, #"{"steamid":"76561199460265731","favorite_appids":[9009670],"max_distance_km":50}"#),
        ("profiles.xml", 1_985, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"),
        ("summaries.jsonl", 712, #"{"source":"GetPlayerSummaries","fetched_at":"2025-01-15T10:00:00Z","body":{}}"#),
    ]

    static func files(in directory: URL) throws -> [DatasetFile] {
        var files = [DatasetFile(url: directory.appendingPathComponent("decisions.jsonl"), relativePath: "decisions.jsonl",
                                 role: .decisions, owner: nil, appID: nil, size: 66),
                     DatasetFile(url: directory.appendingPathComponent("trade_requests.jsonl"), relativePath: "trade_requests.jsonl",
                                 role: .tradeRequests, owner: nil, appID: nil, size: 65)]
        for bundle in bundles {
            let url = directory.appendingPathComponent(bundle.path)
            try Data((bundle.firstLine + "\n").utf8).write(to: url)
            files.append(DatasetFile(url: url, relativePath: bundle.path, role: .steam, owner: nil, appID: nil, size: bundle.size))
        }
        return files
    }

    /// The 1M generated bundles: the big bundle is cut into pieces that tile it; the shares balance estimated cost, not
    /// bytes (dealt by bytes, the share with the XML also took the friends and summaries and ran 1.5× as long as the
    /// other); the XML is dealt whole, the app's files go to share 0, and the input order does not matter.
    @Test func bundlesAreCutIntoTilingPiecesAndSharesBalanceCost() throws {
        let directory = try RepositoryPaths.temporaryDirectory("files-shares")
        let files = try Self.files(in: directory)
        let shares = PartialFactsJob.share(files, count: 2, minPieceBytes: 1, sniffFromBytes: 1)
        #expect(shares.map { $0.map(\.relativePath) } == [
            ["decisions.jsonl", "owned_games.jsonl", "preferences.jsonl", "profiles.xml", "summaries.jsonl", "trade_requests.jsonl"],
            ["friends.jsonl", "owned_games.jsonl", "owned_games.jsonl"],
        ])
        let costs = shares.map { share in
            share.filter { $0.role == .steam }.reduce(0.0) { $0 + Double($1.size) * PartialFactsJob.decodeCost($1, sniffFromBytes: 1) }
        }
        #expect(abs(costs[0] - costs[1]) / max(costs[0], costs[1]) < 0.01, "\(costs)")
        let pieces = shares.flatMap { $0 }.filter { $0.relativePath == "owned_games.jsonl" }.compactMap(\.byteRange)
            .sorted { $0.lowerBound < $1.lowerBound }
        #expect(pieces.count == 3)
        #expect(pieces.first?.lowerBound == 0 && pieces.last?.upperBound == 8_826)
        for (a, b) in zip(pieces, pieces.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        #expect(shares.flatMap { $0 }.filter { $0.relativePath == "profiles.xml" }.map(\.byteRange) == [nil], "XML is dealt whole")
        #expect(PartialFactsJob.share(files.reversed(), count: 2, minPieceBytes: 1, sniffFromBytes: 1).map { $0.map(\.relativePath) }
                == shares.map { $0.map(\.relativePath) })
    }

    /// Each bundle is weighed by its first line's envelope (or preferences keys); below `sniffFromBytes`, or where the
    /// first line says nothing known, or the file cannot be read, by its format.
    @Test func decodeCostReadsTheEnvelopeOfLargeFilesOnly() throws {
        let directory = try RepositoryPaths.temporaryDirectory("files-costs")
        let files = try Self.files(in: directory).filter { $0.role == .steam }
        #expect(files.map { PartialFactsJob.decodeCost($0, sniffFromBytes: 1) } == [4.5, 1, 4.4, 1.8, 2])
        #expect(files.map { PartialFactsJob.decodeCost($0, sniffFromBytes: 1_000) } == [2, 1, 2, 1.8, 2])
        var other = files[0]
        try Data(#"{"steamid":"76561199460265731","source":"GetSchemaForGame","body":{}}"#.utf8).write(to: other.url)
        #expect(PartialFactsJob.decodeCost(other, sniffFromBytes: 1) == 2)
        other.url = directory.appendingPathComponent("missing.jsonl")
        #expect(PartialFactsJob.decodeCost(other, sniffFromBytes: 1) == 2)
    }
}
