import Foundation
import PipelineCore
import PlayerModel
import Trade

/// Reads the `block` decisions of `decisions.jsonl` into blocked pairs (either direction blocks both).
public enum DecisionBlocks {
    private struct Raw: Decodable {
        var from: String?
        var to: String?
        var decision: String?
    }

    public static func read(_ bytes: [UInt8], file: String, sink: any DiagnosticSink) -> Set<BlockedPair> {
        var pairs = Set<BlockedPair>()
        let decoder = JSONDecoder()
        var number = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            guard line.contains(where: { $0 > 0x20 }) else { continue }
            let at = SourceLocation(file: file, line: number)
            guard let raw = try? decoder.decode(Raw.self, from: Data(line)) else {
                sink.error("decision.badJSON", "not a decision object", at: at)
                continue
            }
            guard raw.decision == "block" else { continue }
            guard let from = raw.from.flatMap({ SteamID64($0) }), let to = raw.to.flatMap({ SteamID64($0) }) else {
                sink.error("steamid.invalid", "block decision with an invalid from/to id", at: at)
                continue
            }
            pairs.insert(BlockedPair(from, to))
        }
        return pairs
    }
}
