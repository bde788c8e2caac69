import PipelineCore
import PipelineTestSupport
import PlayerModel
import Testing
@testable import Pairing

/// `shard_candidates.csv` read in its plain form (`plainCandidates`) against the general reader (`anyCandidates`): the
/// same rows whenever the plain reader takes a file, and a fall back (nil) whenever it is not exactly that form.
@Suite struct PairingShardListsCSVTests {
    typealias Candidate = PairingShardLists.Candidate

    /// Seeded rows in file order (owner, part, score descending, candidate), some at the edges of their ranges.
    static func rows(seed: UInt64, owners: Int) -> [Candidate] {
        var generator = SeededGenerator(seed: seed)
        var rows: [Candidate] = []
        var owner = SteamID64.validRange.lowerBound
        for _ in 0..<owners {
            owner += UInt64.random(in: 1...3_000, using: &generator)
            for part in PairingShardLists.Part.allCases {
                var list: [(score: UInt64, candidate: UInt64)] = []
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    let score = Bool.random(using: &generator) ? UInt64.random(in: 0...UInt64(UInt32.max) << 16, using: &generator)
                                                               : [0, 17, 17, UInt64.max / 2][Int.random(in: 0...3, using: &generator)]
                    list.append((score, UInt64.random(in: SteamID64.validRange, using: &generator)))
                }
                list.sort { $0.score != $1.score ? $0.score > $1.score : $0.candidate < $1.candidate }
                for (k, entry) in list.enumerated() where k == 0 || entry != list[k - 1] {
                    rows.append(Candidate(owner: SteamID64(rawValue: owner)!, part: part,
                                          candidate: SteamID64(rawValue: entry.candidate)!, score: entry.score,
                                          dot: k == 0 ? UInt32.max : UInt32.random(in: 0...UInt32.max, using: &generator)))
                }
            }
        }
        return rows
    }

    /// The rows as `pair --shard` writes them: RFC 4180 with CRLF.
    static func text(_ rows: [Candidate], lineEnd: String = "\r\n") -> [UInt8] {
        var text = PairingShardLists.candidatesColumns.joined(separator: ",") + lineEnd
        for r in rows { text += "\(r.owner.rawValue),\(r.part.rawValue),\(r.candidate.rawValue),\(r.score),\(r.dot)" + lineEnd }
        return Array(text.utf8)
    }

    static func plain(_ bytes: [UInt8]) -> [Candidate]? { bytes.withUnsafeBytes { PairingShardLists.plainCandidates($0) } }
    static func general(_ bytes: [UInt8]) -> [Candidate]? {
        bytes.withUnsafeBytes { try? PairingShardLists.anyCandidates($0, file: "shard_candidates.csv") }
    }

    @Test func thePlainFormReadsAsTheGeneralReaderReadsIt() throws {
        let rows = Self.rows(seed: 5, owners: 400)
        #expect(rows.count > 800)
        #expect(Self.plain(Self.text(rows)) == rows)
        #expect(Self.general(Self.text(rows)) == rows)
        #expect(Self.plain(Self.text([])) == [])
    }

    /// LF endings, a blank line, a missing final line end or a padded field are the general reader's to read.
    @Test func otherFormsFallBackToTheGeneralReader() throws {
        let rows = Self.rows(seed: 6, owners: 50)
        let crlf = Self.text(rows)
        var variants = [Self.text(rows, lineEnd: "\n"), Array(crlf.dropLast(2))]
        var blank = crlf
        blank.insert(contentsOf: Array("\r\n".utf8), at: PairingShardLists.candidatesColumns.joined(separator: ",").utf8.count + 2)
        variants.append(blank)
        var padded = crlf
        padded.insert(0x20, at: padded.count - 3)  // before the last digit of the last dot
        variants.append(padded)
        for bytes in variants {
            #expect(Self.plain(bytes) == nil)
        }
        #expect(Self.general(variants[0]) == rows)
        #expect(Self.general(variants[1]) == rows)
        #expect(Self.general(variants[2]) == rows)
    }

    /// Seeded damage (a byte replaced, dropped or doubled): whatever the plain reader still takes, the general reader
    /// reads to the same rows; neither side is vacuous (some damaged files are taken, most are refused).
    @Test func damagedFilesAreTakenOnlyWhereTheGeneralReaderAgrees() throws {
        let original = Self.text(Self.rows(seed: 7, owners: 30))
        var generator = SeededGenerator(seed: 8)
        let replacements = Array("0123456789,\r\n x-".utf8)
        var taken = 0, refused = 0
        for _ in 0..<3_000 {
            let bytes = ByteDamage.damaged(original, replacements: replacements, using: &generator)
            if let plain = Self.plain(bytes) {
                taken += 1
                #expect(Self.general(bytes) == plain)
            } else {
                refused += 1
            }
        }
        #expect(taken > 100)
        #expect(refused > 100)
    }
}
