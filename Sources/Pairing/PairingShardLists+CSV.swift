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
    public static func parse(shard: Int, shards: Int, counters: PairingCounters, players: UnsafeRawBufferPointer,
                             playersFile: String, candidates: UnsafeRawBufferPointer,
                             candidatesFile: String) throws -> PairingShardLists {
        var lists = PairingShardLists(shard: shard, shards: shards, counters: counters)
        try forEachRow(players, file: playersFile, columns: playersColumns) { line, row in
            let id = try steamID(row, 0, file: playersFile, line: line)
            var reason: UnpairedReason?
            if !row.field(1).isEmpty {
                let text = String(decoding: row.field(1), as: UTF8.self)
                guard let r = UnpairedReason(rawValue: text) else {
                    throw FileError(file: playersFile, line: line, message: "unknown reason '\(text)'")
                }
                reason = r
            }
            if let last = lists.players.last, last.steamID >= id {
                throw FileError(file: playersFile, line: line, message: "players not in ascending steamid order")
            }
            lists.players.append(OwnedPlayer(steamID: id, reason: reason))
        }
        lists.candidates = try plainCandidates(candidates) ?? anyCandidates(candidates, file: candidatesFile)
        return lists
    }

    /// `shard_candidates.csv` in any form `parse` accepts, every field checked; throws at the first bad line.
    static func anyCandidates(_ bytes: UnsafeRawBufferPointer, file candidatesFile: String) throws -> [Candidate] {
        var candidates: [Candidate] = []
        candidates.reserveCapacity(bytes.count / 40)  // ~45 bytes a row
        try forEachRow(bytes, file: candidatesFile, columns: candidatesColumns) { line, row in
            let partField = row.field(1)
            let part: Part
            if partField.elementsEqual("geo".utf8) {
                part = .geo
            } else if partField.elementsEqual("pool".utf8) {
                part = .pool
            } else {
                throw FileError(file: candidatesFile, line: line, message: "part must be geo or pool")
            }
            guard let score = number(row.field(3)), let dot = number(row.field(4)), dot <= UInt64(UInt32.max) else {
                throw FileError(file: candidatesFile, line: line, message: "score or dot is not a non-negative integer in range")
            }
            let candidate = Candidate(owner: try steamID(row, 0, file: candidatesFile, line: line), part: part,
                                      candidate: try steamID(row, 2, file: candidatesFile, line: line), score: score, dot: UInt32(dot))
            if let last = candidates.last, !last.ranksBefore(candidate) {
                throw FileError(file: candidatesFile, line: line, message: "rows not in file order (owner, part, score descending, candidate)")
            }
            candidates.append(candidate)
        }
        return candidates
    }

    /// `shard_candidates.csv` exactly as `pair --shard` writes it (the header, then `owner,geo|pool,candidate,score,dot`
    /// rows of digits, every line ending in CRLF, in file order), read in one pass without splitting fields; nil at the
    /// first byte that is not that form (a bare LF, a blank line, a field out of range, rows out of order), and the
    /// general reader then reads the file and names the line. What it accepts, the general reader reads the same.
    static func plainCandidates(_ buffer: UnsafeRawBufferPointer) -> [Candidate]? {
        let header = Array((candidatesColumns.joined(separator: ",") + "\r\n").utf8)
        guard buffer.starts(with: header) else { return nil }
        var out: [Candidate] = []
        out.reserveCapacity(buffer.count / 60)  // ~66 bytes a row at 1M players
        var at = header.count
        let count = buffer.count
        /// 1–19 digits (no overflow) followed by `end`, which is consumed.
        func number(then end: UInt8) -> UInt64? {
            let start = at
            var value: UInt64 = 0
            while at < count, at - start < 20 {
                let digit = buffer[at] &- 0x30
                guard digit < 10 else { break }
                value = value &* 10 &+ UInt64(digit)
                at += 1
            }
            guard at > start, at - start <= 19, at < count, buffer[at] == end else { return nil }
            at += 1
            return value
        }
        func literal(_ text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            guard count - at >= n else { return false }
            for k in 0..<n where buffer[at + k] != text.utf8Start[k] { return false }
            at += n
            return true
        }
        while at < count {
            guard let owner = number(then: 0x2C).flatMap(SteamID64.init(rawValue:)) else { return nil }
            let part: Part
            if literal("geo,") { part = .geo } else if literal("pool,") { part = .pool } else { return nil }
            guard let candidate = number(then: 0x2C).flatMap(SteamID64.init(rawValue:)),
                  let score = number(then: 0x2C), let dot = number(then: 0x0D), literal("\n"),
                  let dot32 = UInt32(exactly: dot) else { return nil }
            let row = Candidate(owner: owner, part: part, candidate: candidate, score: score, dot: dot32)
            if let last = out.last, !last.ranksBefore(row) { return nil }
            out.append(row)
        }
        return out
    }

    private static func steamID(_ row: Row, _ index: Int, file: String, line: Int) throws -> SteamID64 {
        guard let value = number(row.field(index)), let id = SteamID64(rawValue: value) else {
            throw FileError(file: file, line: line, message: "'\(String(decoding: row.field(index), as: UTF8.self))' is not a steamid")
        }
        return id
    }

    /// A decimal `UInt64` (digits only, no sign, no overflow).
    static func number(_ field: some Collection<UInt8>) -> UInt64? {
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

    /// One data row: its fields as ranges of the file's bytes (valid only during the `forEachRow` call that gives it).
    private struct Row {
        var bytes: UnsafeBufferPointer<UInt8>
        var fields: [Range<Int>]

        func field(_ index: Int) -> Slice<UnsafeBufferPointer<UInt8>> { bytes[fields[index]] }
    }

    /// Calls `body` with each data row's 1-based line number and fields, after checking the header. Lines are read as
    /// `PairingStateParser.forEachLine` reads them (LF or CRLF; blank lines skipped), in one pass, without an array
    /// per line.
    private static func forEachRow(_ bytes: UnsafeRawBufferPointer, file: String, columns: [String],
                                   _ body: (Int, Row) throws -> Void) throws {
        var sawHeader = false
        let buffer = UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        var row = Row(bytes: buffer, fields: [])
        row.fields.reserveCapacity(columns.count + 1)
        var start = 0, line = 0
        let count = buffer.count
        while start < count {
            line += 1
            row.fields.removeAll(keepingCapacity: true)
            var end = start, fieldStart = start, content = false
            while end < count {
                let byte = buffer[end]
                if byte == 0x0A { break }
                if byte == 0x2C {
                    row.fields.append(fieldStart..<end)
                    fieldStart = end + 1
                }
                if byte != 0x20 && byte != 0x09 && byte != 0x0D { content = true }
                end += 1
            }
            let stop = end > start && buffer[end - 1] == 0x0D ? end - 1 : end  // one CR before the LF (or the end)
            row.fields.append(fieldStart..<max(fieldStart, stop))
            let lineStart = start
            start = end + 1
            // Blank: nothing but spaces and tabs once that CR is dropped (rare, so checked again only here).
            if !content && buffer[lineStart..<stop].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            if !sawHeader {
                guard row.fields.map({ String(decoding: buffer[$0], as: UTF8.self) }) == columns else {
                    throw FileError(file: file, line: line, message: "header is not \(columns.joined(separator: ","))")
                }
                sawHeader = true
                continue
            }
            guard row.fields.count == columns.count else {
                throw FileError(file: file, line: line, message: "\(row.fields.count) fields, expected \(columns.count)")
            }
            try body(line, row)
        }
        guard sawHeader else { throw FileError(file: file, line: 1, message: "empty file (no header)") }
    }
}
