import Foundation

/// Which lines of a canonical dataset's tables a reader reads: per table, runs of whole consecutive lines as byte
/// ranges of its `.jsonl` file, ascending and disjoint; a table with no runs reads as empty. A sharded pairing reads
/// its shard's players (and their halo) this way straight from the canonical tables (`pair --shard I/N --line-runs
/// FILE`, written by the Spark driver from its shard inputs) instead of from a copy of those lines.
///
/// The file is CSV with the header `table,start,end`, one run per line. That each run starts and ends on a line
/// boundary is checked while the table is read (`LineRunBytes`), where the bytes are at hand.
public struct DatasetLineRuns: Sendable, Equatable {
    /// The tables a canonical dataset holds (the names of their files without `.jsonl`).
    public static let tables: Set<String> = ["players", "player_games", "friendships", "groups", "group_members",
                                             "achievements", "preferences"]

    /// Each named table's runs, in file order.
    public private(set) var runs: [String: [Range<Int>]]

    public init(runs: [String: [Range<Int>]] = [:]) { self.runs = runs }

    /// The runs of `table` (none when the file names none).
    public func runs(of table: String) -> [Range<Int>] { runs[table] ?? [] }

    /// A line of the runs file that is not a run.
    public struct FormatError: Error, CustomStringConvertible, Equatable {
        public var line: Int
        public var message: String
        public var description: String { message }
    }

    /// The runs of a `table,start,end` CSV file's bytes: a known table, 0 ≤ start < end < 2⁶², and each run of a table
    /// after the one before it (rows of different tables may interleave). Blank lines are skipped.
    public static func parse(_ bytes: [UInt8]) throws(FormatError) -> DatasetLineRuns {
        var runs: [String: [Range<Int>]] = [:]
        var lineNumber = 0
        var sawHeader = false
        var at = 0
        while at < bytes.count {
            var end = at
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            lineNumber += 1
            var line = bytes[at..<end]
            at = end + 1
            if line.last == 0x0D { line = line.dropLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            guard sawHeader else {
                guard line.elementsEqual("table,start,end".utf8) else {
                    throw FormatError(line: lineNumber, message: "the header is not `table,start,end`")
                }
                sawHeader = true
                continue
            }
            let fields = line.split(separator: 0x2C, omittingEmptySubsequences: false)
            guard fields.count == 3 else {
                throw FormatError(line: lineNumber, message: "a run is `table,start,end`, this line has \(fields.count) fields")
            }
            let table = String(decoding: fields[0], as: UTF8.self)
            guard tables.contains(table) else {
                throw FormatError(line: lineNumber, message: "`\(table)` is not a canonical table (\(tables.sorted().joined(separator: ", ")))")
            }
            guard let start = offset(fields[1]), let stop = offset(fields[2]) else {
                throw FormatError(line: lineNumber, message: "start and end are byte offsets: digits, below 2^62")
            }
            guard start < stop else {
                throw FormatError(line: lineNumber, message: "the run is empty or backwards (start \(start), end \(stop))")
            }
            if let last = runs[table]?.last, start < last.upperBound {
                throw FormatError(line: lineNumber, message: "this \(table) run starts at \(start), before the end of the one before it (\(last.upperBound))")
            }
            runs[table, default: []].append(start..<stop)
        }
        guard sawHeader else { throw FormatError(line: 1, message: "empty: not a runs file (header `table,start,end`)") }
        return DatasetLineRuns(runs: runs)
    }

    /// Reads and parses a runs file; a line that is not a run is reported at its file line.
    public static func read(_ url: URL) throws -> DatasetLineRuns {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ReadError(file: url.path, line: nil, message: "cannot read the runs file")
        }
        do {
            return try parse(Array(data))
        } catch {
            throw ReadError(file: url.path, line: error.line, message: error.message)
        }
    }

    /// A runs file that cannot be read or parsed.
    public struct ReadError: Error, CustomStringConvertible {
        public var file: String
        public var line: Int?
        public var message: String
        public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
    }

    /// Digits below 2⁶² (a file offset; larger numbers are refused before they could overflow).
    private static func offset(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for d in digits {
            guard d >= 0x30, d <= 0x39 else { return nil }
            value = value * 10 + Int(d - 0x30)
        }
        return value
    }
}
