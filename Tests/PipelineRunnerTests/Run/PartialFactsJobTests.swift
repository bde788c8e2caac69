import Foundation
import Testing
@testable import PipelineRunner

/// How `convert --partial-facts --files-shard I/N` deals the scanned files into shares of about equal bytes.
struct PartialFactsJobTests {
    static func file(_ path: String, _ size: Int, role: DatasetFile.Role = .steam) -> DatasetFile {
        DatasetFile(url: URL(fileURLWithPath: "/in/\(path)"), relativePath: path, role: role, owner: nil, appID: nil, size: size)
    }

    /// The 1M generated bundles (sizes in MB): the big bundle is cut into pieces that tile it, the shares' Steam
    /// bytes differ by less than the smallest Steam file, the app's files go to share 0, and the input order does not
    /// matter.
    @Test func bundlesAreCutIntoTilingPiecesAndSharesBalanceBytes() {
        let files = [Self.file("decisions.jsonl", 66, role: .decisions), Self.file("friends.jsonl", 716),
                     Self.file("owned_games.jsonl", 8_826), Self.file("preferences.jsonl", 267), Self.file("profiles.xml", 1_985),
                     Self.file("summaries.jsonl", 712), Self.file("trade_requests.jsonl", 65, role: .tradeRequests)]
        let shares = PartialFactsJob.share(files, count: 2, minPieceBytes: 1)
        let bytes = shares.map { $0.filter { $0.role == .steam }.reduce(0) { $0 + $1.size } }
        let steamBytes = files.filter { $0.role == .steam }.reduce(0) { $0 + $1.size }
        #expect(bytes.reduce(0, +) == steamBytes)
        #expect(abs(bytes[0] - bytes[1]) <= 267, "\(bytes)")
        let pieces = shares.flatMap { $0 }.filter { $0.relativePath == "owned_games.jsonl" }.compactMap(\.byteRange)
            .sorted { $0.lowerBound < $1.lowerBound }
        #expect(pieces.count == 3)
        #expect(pieces.first?.lowerBound == 0 && pieces.last?.upperBound == 8_826)
        for (a, b) in zip(pieces, pieces.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        #expect(shares.flatMap { $0 }.filter { $0.relativePath == "profiles.xml" }.map(\.byteRange) == [nil], "XML is dealt whole")
        #expect(shares[0].contains { $0.role == .decisions } && shares[0].contains { $0.role == .tradeRequests })
        #expect(PartialFactsJob.share(files.reversed(), count: 2, minPieceBytes: 1).map { $0.map(\.relativePath) }
                == shares.map { $0.map(\.relativePath) })
    }
}
