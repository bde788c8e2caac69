import PlayerModel

extension PairingShardLists {
    public static let playersColumns = ["steamid", "reason"]
    public static let candidatesColumns = ["owner", "part", "candidate", "score", "dot"]

    /// A malformed shard-lists file: where, and what.
    public struct FileError: Error, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String

        public var description: String { "\(file):\(line): error: \(message) [pair.shardUnreadable]" }
    }

    /// Reads the two tables `steam-mate pair --shard` writes (`shard_players.csv`, `shard_candidates.csv`: RFC 4180 as
    /// written, header row, CRLF or LF). Strict: every field is checked (ids and numbers in range, parts and reasons
    /// by name, rows in file order), and the first bad line is thrown, since a lost row would change the union.
    public static func parse(shard: Int, shards: Int, counters: PairingCounters, players: [UInt8], playersFile: String,
                             candidates: [UInt8], candidatesFile: String) throws -> PairingShardLists {
        var lists = PairingShardLists(shard: shard, shards: shards, counters: counters)
        try forEachRow(players, file: playersFile, columns: playersColumns) { line, fields in
            let id = try steamID(fields[0], file: playersFile, line: line)
            var reason: UnpairedReason?
            if !fields[1].isEmpty {
                guard let r = UnpairedReason(rawValue: String(decoding: fields[1], as: UTF8.self)) else {
                    throw FileError(file: playersFile, line: line, message: "unknown reason '\(String(decoding: fields[1], as: UTF8.self))'")
                }
                reason = r
            }
            if let last = lists.players.last, last.steamID >= id {
                throw FileError(file: playersFile, line: line, message: "players not in ascending steamid order")
            }
            lists.players.append(OwnedPlayer(steamID: id, reason: reason))
        }
        try forEachRow(candidates, file: candidatesFile, columns: candidatesColumns) { line, fields in
            guard let part = Part(rawValue: String(decoding: fields[1], as: UTF8.self)) else {
                throw FileError(file: candidatesFile, line: line, message: "part must be geo or pool")
            }
            guard let score = number(fields[3]), let dot = number(fields[4]), dot <= UInt64(UInt32.max) else {
                throw FileError(file: candidatesFile, line: line, message: "score or dot is not a non-negative integer in range")
            }
            let row = Candidate(owner: try steamID(fields[0], file: candidatesFile, line: line), part: part,
                                candidate: try steamID(fields[2], file: candidatesFile, line: line), score: score, dot: UInt32(dot))
            if let last = lists.candidates.last, !last.ranksBefore(row) {
                throw FileError(file: candidatesFile, line: line, message: "rows not in file order (owner, part, score descending, candidate)")
            }
            lists.candidates.append(row)
        }
        return lists
    }

    private static func steamID(_ field: ArraySlice<UInt8>, file: String, line: Int) throws -> SteamID64 {
        guard let value = number(field), let id = SteamID64(rawValue: value) else {
            throw FileError(file: file, line: line, message: "'\(String(decoding: field, as: UTF8.self))' is not a steamid")
        }
        return id
    }

    /// A decimal `UInt64` (digits only, no sign, no overflow).
    static func number(_ field: ArraySlice<UInt8>) -> UInt64? {
        guard !field.isEmpty, field.count <= 20 else { return nil }
        var value: UInt64 = 0
        for byte in field {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(byte - 0x30))
            guard !o1, !o2 else { return nil }
            value = sum
        }
        return value
    }

    /// Calls `body` with each data row's 1-based line number and fields, after checking the header.
    private static func forEachRow(_ bytes: [UInt8], file: String, columns: [String],
                                   _ body: (Int, [ArraySlice<UInt8>]) throws -> Void) throws {
        var sawHeader = false
        try PairingStateParser.forEachLine(bytes) { line, text in
            let fields = text.split(separator: 0x2C, omittingEmptySubsequences: false)
            if !sawHeader {
                guard fields.map({ String(decoding: $0, as: UTF8.self) }) == columns else {
                    throw FileError(file: file, line: line, message: "header is not \(columns.joined(separator: ","))")
                }
                sawHeader = true
                return
            }
            guard fields.count == columns.count else {
                throw FileError(file: file, line: line, message: "\(fields.count) fields, expected \(columns.count)")
            }
            try body(line, fields)
        }
        guard sawHeader else { throw FileError(file: file, line: 1, message: "empty file (no header)") }
    }
}
