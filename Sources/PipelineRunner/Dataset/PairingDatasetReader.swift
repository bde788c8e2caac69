import Foundation
import JSONPullReader
import PipelineCore
import PlayerModel
import Synchronization

/// Reads what pairing needs from a canonical dataset directory: `players`, `preferences` and `friendships` as
/// `CanonicalDatasetReader` reads them (friendships without their `sources`), and `player_games` (the largest table
/// by far) straight into `GameLibraryColumns`, with no `PlayerGame`, `String` or `sources` array built per row. Rows in
/// the form steam-mate writes are matched byte for byte (`CanonicalLineScanner`); a row the fast paths cannot read is
/// read again by `CanonicalDatasetReader`, so a bad row gets exactly the same diagnostic and is skipped the same way;
/// the other tables (`groups`, `achievements`, …) are not read at all. Pairing from the result equals pairing from
/// `CanonicalDatasetReader.read` (tests compare the outputs).
public enum PairingDatasetReader {
    public struct Contents: Sendable {
        /// Players, preferences and friendships, sorted canonically; `games` is empty (see `libraries`).
        public var dataset: PlayerDataset
        /// One run of game rows per entry of `dataset.players`.
        public var libraries: GameLibraryColumns
    }

    /// Returns nil when a row holds a playtime beyond what the columns store (over 2³¹ − 1 minutes); the caller
    /// then reads the dataset the general way.
    /// `pieceBytes`: the size of the byte ranges `player_games.jsonl` is read in (tests use tiny ones). `lineRuns`: read
    /// only these runs of lines of the tables (a sharded pairing's players and halo), as `CanonicalDatasetReader` does.
    public static func read(directory: URL, diagnostics: some DiagnosticSink, pieceBytes: Int = gamePieceBytes,
                            lineRuns: DatasetLineRuns? = nil) throws -> Contents? {
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("players.jsonl").path) else {
            throw CanonicalDatasetReader.MissingTable(description: "\(directory.path) has no players.jsonl (run `steam-mate convert` or a pipeline with the normalize stage, with the jsonl format)")
        }
        // `player_games` (six times the bytes of the other three tables together) is read in pieces by both threads:
        // one starts on them while the other reads `players`, `friendships` and `preferences`, then joins it. Each
        // piece numbers its lines from 1 and holds its diagnostics back; they are reported with the file's line
        // numbers once every piece before theirs is counted. The rows find their players after.
        let gamesURL = directory.appendingPathComponent("player_games.jsonl")
        let pieces = try lineRuns.map { try gamePieceRuns(gamesURL, runs: $0.runs(of: "player_games"), pieceBytes: pieceBytes) }
            ?? gamePieceRanges(gamesURL, pieceBytes: pieceBytes).map(GamePieceSpan.bytes)
        let read = Mutex<[Result<GamePiece, any Error>?]>(Array(repeating: nil, count: pieces.count))
        let nextPiece = Atomic<Int>(0)
        let others = Mutex<Result<PlayerDataset, any Error>?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { task in
            if task == 1 {
                others.withLock { $0 = Result { try readPlayersFriendshipsAndPreferences(directory, diagnostics, lineRuns) } }
            }
            while true {
                let k = nextPiece.wrappingAdd(1, ordering: .relaxed).oldValue
                guard k < pieces.count else { break }
                let piece = Result { try readGames(gamesURL, span: pieces[k]) }
                read.withLock { $0[k] = piece }
            }
        }
        var dataset = try others.withLock { $0! }.get()
        var games: [GameRowColumns] = []
        var firstLine = 1
        let gamesFile = CanonicalDatasetReader.diagnosticFile("player_games", fromRuns: lineRuns != nil)
        for result in read.withLock({ $0 }) {
            let piece = try result!.get()
            for bad in piece.badRows {
                diagnostics.error("dataset.badRow", "cannot read this row of player_games.jsonl: \(bad.error)",
                                  at: SourceLocation(file: gamesFile, line: firstLine + bad.line - 1))
            }
            firstLine += piece.lines
            if piece.rows.tooLong { return nil }
            games.append(piece.rows)
        }
        // Rows go to the first entry of their steamid (the preparation merges repeated entries anyway); `players` is
        // sorted by steamid here (a stable sort, as before friendships and preferences were read beside it).
        var owners: [SteamID64: Int32] = [:]
        owners.reserveCapacity(dataset.players.count)
        for i in dataset.players.indices where owners[dataset.players[i].steamID] == nil { owners[dataset.players[i].steamID] = Int32(i) }
        let libraries = GameRowColumns.columns(of: games, players: dataset.players.count, owner: owners)
        dataset.sortCanonically()
        return Contents(dataset: dataset, libraries: libraries)
    }

    /// Bytes per piece of `player_games.jsonl`: small enough that the thread that reads the other tables first still
    /// finds pieces left, large enough that a piece's fixed cost (its first line found, its columns merged) is noise.
    public static let gamePieceBytes = 32 << 20

    /// The byte ranges of `url` read as pieces (one empty range when the file is missing or empty).
    static func gamePieceRanges(_ url: URL, pieceBytes: Int = gamePieceBytes) throws -> [Range<Int>] {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue,
              size > 0 else { return [0..<0] }
        return stride(from: 0, to: size, by: max(1, pieceBytes)).map { $0..<min(size, $0 + max(1, pieceBytes)) }
    }

    /// What one piece of `player_games` reads: the lines that start in a byte range, or runs of whole lines.
    enum GamePieceSpan: Sendable {
        case bytes(Range<Int>)
        case runs(ArraySlice<Range<Int>>)
    }

    /// `runs` of `url` cut into pieces of about `pieceBytes` each: consecutive runs, a run longer than that cut where
    /// a line starts (found by reading the file there). One empty piece when there are no runs.
    static func gamePieceRuns(_ url: URL, runs: [Range<Int>], pieceBytes: Int = gamePieceBytes) throws -> [GamePieceSpan] {
        let step = max(1, pieceBytes)
        var cut: [Range<Int>] = []
        var handle: FileHandle?
        defer { try? handle?.close() }
        for run in runs {
            var start = run.lowerBound
            while run.upperBound - start > step {
                if handle == nil { handle = try FileHandle(forReadingFrom: url) }
                guard let next = try ChunkedLineReader.lineStart(atOrAfter: start + step, descriptor: handle!.fileDescriptor,
                                                                limit: run.upperBound),
                      next < run.upperBound else { break }
                cut.append(start..<next)
                start = next
            }
            cut.append(start..<run.upperBound)
        }
        var pieces: [GamePieceSpan] = []
        var first = 0, bytes = 0
        for (i, run) in cut.enumerated() {
            bytes += run.count
            if bytes >= step || i == cut.count - 1 {
                pieces.append(.runs(cut[first...i]))
                first = i + 1
                bytes = 0
            }
        }
        return pieces.isEmpty ? [.runs([])] : pieces
    }

    /// One piece of `player_games`: its rows (file order), how many lines start in it, and its rows that could not be
    /// read (line numbers counted from the piece's first line).
    struct GamePiece {
        var rows = GameRowColumns()
        var lines = 0
        var badRows: [(line: Int, error: any Error)] = []
    }

    /// `players` (sorted by steamid), `friendships` and `preferences`, as `CanonicalDatasetReader` reads them, but
    /// for the friendships' `sources` (pairing reads only who is friends with whom, so they are left empty).
    private static func readPlayersFriendshipsAndPreferences(_ directory: URL, _ diagnostics: some DiagnosticSink,
                                                              _ lineRuns: DatasetLineRuns?) throws -> PlayerDataset {
        var dataset = PlayerDataset()
        try CanonicalDatasetReader.forEachRow(directory, "players", diagnostics, runs: lineRuns?.runs(of: "players")) { row in
            dataset.players.append(try CanonicalDatasetReader.readPlayer(&row))
        }
        dataset.players.sort { $0.steamID < $1.steamID }
        try CanonicalDatasetReader.forEachRow(directory, "friendships", diagnostics, runs: lineRuns?.runs(of: "friendships")) { row in
            if let pair = scanFriendship(row.reader.bytes) {
                dataset.friendships.append(pair)
            } else {
                var pair = try CanonicalDatasetReader.readFriendship(&row)
                pair.sources = []
                dataset.friendships.append(pair)
            }
        }
        try CanonicalDatasetReader.forEachRow(directory, "preferences", diagnostics, runs: lineRuns?.runs(of: "preferences")) { row in
            dataset.preferences.append(try CanonicalDatasetReader.readPreferences(&row))
        }
        return dataset
    }

    /// The `player_games` rows of the lines of `span` as columns (file order), with the names offered per app; a
    /// missing file has none (and runs of it are refused by the reader).
    static func readGames(_ url: URL, span: GamePieceSpan) throws -> GamePiece {
        var piece = GamePiece()
        var chunks: ChunkedLineReader
        switch span {
        case .bytes(let range):
            guard !range.isEmpty, FileManager.default.fileExists(atPath: url.path) else { return piece }
            chunks = try ChunkedLineReader(url: url, byteRange: range, numberedFromRangeStart: true)
        case .runs(let runs):
            guard !runs.isEmpty else { return piece }
            chunks = try ChunkedLineReader(url: url, runs: runs)
        }
        piece.lines = try CanonicalDatasetReader.forEachRow(of: &chunks) { bytes in
            try readGame(bytes, into: &piece.rows)
        } failed: { line, error in
            piece.badRows.append((line, error))
        }
        return piece
    }

    /// One row onto `rows`: the row in the form steam-mate writes it (`scanGame`), else the fast path for any key order
    /// and spacing, else `CanonicalDatasetReader.readGame` (its diagnostics) when that refuses it too.
    private static func readGame(_ bytes: UnsafeRawBufferPointer, into rows: inout GameRowColumns) throws {
        if let scanned = scanGame(bytes),
           scanned.name.map({ rows.offerName(UnsafeRawBufferPointer(rebasing: bytes[$0.contents]), validated: $0.ascii,
                                             app: scanned.row.appID) }) ?? true {
            rows.append(scanned.row)
            return
        }
        var row = CanonicalRowReader(bytes: bytes)
        let game: GameRow
        if let fast = try? fastGame(&row.reader) {
            game = fast.row
            if let span = fast.name { rows.offerName(span, in: row.reader.bytes, app: game.appID) }
        } else {
            var again = CanonicalRowReader(bytes: bytes)
            let g = try CanonicalDatasetReader.readGame(&again)
            game = GameRow(steamID: g.steamID, appID: g.appID, minutes: g.minutesTotal, recent: g.minutes2Weeks ?? 0)
            if let name = g.name { rows.offerName(name, app: g.appID) }
        }
        rows.append(game)
    }

    /// A `player_games` row exactly as steam-mate writes it (`DatasetTables.playerGameColumns` in order, see
    /// `CanonicalLineScanner`), with its name's contents; nil for anything else (the row is then read by `fastGame`).
    /// What it accepts, `CanonicalDatasetReader.readGame` reads to the same values; a name that is not ASCII is
    /// checked for UTF-8 by the caller before the row is taken.
    static func scanGame(_ bytes: UnsafeRawBufferPointer) -> (row: GameRow, name: (contents: Range<Int>, ascii: Bool)?)? {
        var line = CanonicalLineScanner(bytes: bytes)
        guard line.literal(#"{"steamid":"#), let steamID = line.steamID(),
              line.literal(#","appid":"#), let appID = line.natural(), let app = UInt32(exactly: appID),
              line.literal(#","name":"#) else { return nil }
        var name: (contents: Range<Int>, ascii: Bool)?
        if !line.literal("null") {
            guard let string = line.plainString() else { return nil }
            name = string
        }
        guard line.literal(#","minutes_total":"#), let total = line.naturalOrNull(),
              line.literal(#","minutes_2weeks":"#), let recent = line.naturalOrNull(),
              line.literal(#","last_played":"#), line.naturalOrNull() != nil,
              line.literal(#","sources":"#), line.skipStringList(), line.literal("}"), line.atEnd else { return nil }
        guard let minutes = Int(exactly: total ?? 0), PlayerGame.minutesRange.contains(minutes),
              let twoWeeks = Int(exactly: recent ?? 0), PlayerGame.minutesRange.contains(twoWeeks) else { return nil }
        return (GameRow(steamID: steamID, appID: app, minutes: minutes, recent: twoWeeks), name)
    }

    /// A `friendships` row exactly as steam-mate writes it (`DatasetTables.friendshipColumns` in order) without its
    /// `sources`; nil for anything else (the row is then read by `CanonicalDatasetReader.readFriendship`).
    static func scanFriendship(_ bytes: UnsafeRawBufferPointer) -> Friendship? {
        var line = CanonicalLineScanner(bytes: bytes)
        guard line.literal(#"{"steamid_a":"#), let a = line.steamID(),
              line.literal(#","steamid_b":"#), let b = line.steamID(),
              line.literal(#","friend_since":"#), let since = line.naturalOrNull(),
              line.literal(#","sources":"#), line.skipStringList(), line.literal("}"), line.atEnd else { return nil }
        return Friendship(a, b, friendSince: since)
    }

    /// The fast path for one `player_games` row: the same checks as `readGame`, throwing on anything it does not
    /// expect (the caller then lets `readGame` decide). Returns the row and where its string name is (the token's
    /// bytes, quotes included), if it has one.
    static func fastGame(_ reader: inout JSONPullReader) throws -> (row: GameRow, name: Range<Int>?) {
        guard try reader.next() == .objectBegin else { throw CanonicalRowReader.RowError(message: "row") }
        var steamID: SteamID64?, appID: Int64?
        var minutes = 0, recent = 0
        var name: Range<Int>?
        while try reader.nextKey() {
            let key: Int
            if reader.keyEquals("steamid") { key = 0 } else if reader.keyEquals("appid") { key = 1 }
            else if reader.keyEquals("name") { key = 2 } else if reader.keyEquals("minutes_total") { key = 3 }
            else if reader.keyEquals("minutes_2weeks") { key = 4 } else if reader.keyEquals("last_played") { key = 5 }
            else if reader.keyEquals("sources") { key = 6 } else { key = -1 }
            let token = try reader.next()
            switch key {
            case 0:
                guard token == .string, let id = reader.withStringBytes(CanonicalLineScanner.steamID(digits:)) else {
                    throw CanonicalRowReader.RowError(message: "steamid")
                }
                steamID = id
            case 1: appID = try integer(token, &reader)
            case 2: name = token == .string ? reader.tokenOffset..<reader.offset : nil  // not a string: no name
            case 3: minutes = try playtime(token, &reader) ?? 0
            case 4: recent = try playtime(token, &reader) ?? 0
            case 5: _ = try integer(token, &reader)
            case 6:
                guard token == .arrayBegin else { throw CanonicalRowReader.RowError(message: "sources") }
                while true {
                    let item = try reader.next()
                    if item == .arrayEnd { break }
                    guard item == .string else { throw CanonicalRowReader.RowError(message: "sources") }
                }
            default: try reader.skipRest(of: token)
            }
        }
        guard try reader.next() == .endOfDocument, let steamID, let appID, let app = UInt32(exactly: appID) else {
            throw CanonicalRowReader.RowError(message: "row")
        }
        return (GameRow(steamID: steamID, appID: app, minutes: minutes, recent: recent), name)
    }

    /// An integer or null; anything else throws.
    private static func integer(_ token: JSONToken, _ reader: inout JSONPullReader) throws -> Int64? {
        switch token {
        case .number: return try reader.int64()
        case .null: return nil
        default: throw CanonicalRowReader.RowError(message: "integer")
        }
    }

    /// A playtime within `PlayerGame.minutesRange`, or null; anything else throws.
    private static func playtime(_ token: JSONToken, _ reader: inout JSONPullReader) throws -> Int? {
        guard let value = try integer(token, &reader) else { return nil }
        guard let minutes = Int(exactly: value), PlayerGame.minutesRange.contains(minutes) else {
            throw CanonicalRowReader.RowError(message: "playtime")
        }
        return minutes
    }

    struct GameRow {
        var steamID: SteamID64
        var appID: UInt32
        var minutes: Int
        var recent: Int
    }

    /// Game rows as flat columns (in file order), then grouped by player.
    struct GameRowColumns: Sendable {
        var steamID: [SteamID64] = []
        var appID: [UInt32] = []
        var minutes: [Int32] = []
        var recent: [Int32] = []
        /// A row held a playtime beyond what the columns store (over 2³¹ − 1 minutes).
        var tooLong = false
        /// The smallest non-empty name seen per app (the dataset path's rule), over every row.
        var names: [UInt32: String] = [:]

        mutating func append(_ row: GameRow) {
            if row.minutes > Int(Int32.max) || row.recent > Int(Int32.max) { tooLong = true }
            steamID.append(row.steamID)
            appID.append(row.appID)
            minutes.append(Int32(clamping: row.minutes))
            recent.append(Int32(clamping: row.recent))
        }

        /// The string token at `span` of `bytes` offered as a name: kept if it is the app's first or sorts before the
        /// kept one. Equal bytes (the common case) cost no `String`.
        mutating func offerName(_ span: Range<Int>, in bytes: UnsafeRawBufferPointer, app: UInt32) {
            var reader = JSONPullReader(bytes: UnsafeRawBufferPointer(rebasing: bytes[span]))
            guard (try? reader.next()) == .string else { return }
            // The reader has checked the token's UTF-8 and decodes its escapes.
            reader.withStringBytes { _ = offerName($0, validated: true, app: app) }
        }

        mutating func offerName(_ name: String, app: UInt32) { GameLibraryColumns.offerName(name, app: app, to: &names) }

        /// A name's unescaped bytes offered as `offerName(_:app:)` does; false (nothing offered) when they are not
        /// UTF-8, which is checked unless `validated` (ASCII, or checked by a reader). Bytes equal to the kept name's
        /// (the common case) cost no `String` and no check.
        mutating func offerName(_ text: UnsafeRawBufferPointer, validated: Bool, app: UInt32) -> Bool {
            guard !text.isEmpty else { return true }
            if let kept = names[app], kept.utf8.count == text.count,
               kept.utf8.withContiguousStorageIfAvailable({ memcmp($0.baseAddress!, text.baseAddress!, text.count) == 0 }) == true {
                return true
            }
            let name = validated ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
            guard let name else { return false }
            offerName(name, app: app)
            return true
        }

        /// The rows of `pieces` (in order) of known players (`owner`: steamid → index of its first entry) grouped by
        /// player (counting sort, file order within a player); rows of steamids without a player are left out. Names:
        /// the smallest per app over every piece.
        static func columns(of pieces: [GameRowColumns], players: Int, owner: [SteamID64: Int32]) -> GameLibraryColumns {
            var player: [[Int32]] = []
            var start = [Int](repeating: 0, count: players + 1)
            for piece in pieces {
                var owners = [Int32](repeating: -1, count: piece.steamID.count)
                var lastID: SteamID64?, lastOwner: Int32 = -1
                for (r, id) in piece.steamID.enumerated() {
                    if id != lastID { lastID = id; lastOwner = owner[id] ?? -1 }
                    owners[r] = lastOwner
                }
                for p in owners where p >= 0 { start[Int(p) + 1] += 1 }
                player.append(owners)
            }
            for i in 0..<players { start[i + 1] += start[i] }
            var cursor = start
            let kept = start[players]
            var apps = [UInt32](repeating: 0, count: kept)
            var total = [Int32](repeating: 0, count: kept)
            var twoWeeks = [Int32](repeating: 0, count: kept)
            var names: [UInt32: String] = [:]
            for (piece, owners) in zip(pieces, player) {
                for (r, p) in owners.enumerated() where p >= 0 {
                    let at = cursor[Int(p)]
                    cursor[Int(p)] = at + 1
                    apps[at] = piece.appID[r]; total[at] = piece.minutes[r]; twoWeeks[at] = piece.recent[r]
                }
                for (app, name) in piece.names { GameLibraryColumns.offerName(name, app: app, to: &names) }
            }
            return GameLibraryColumns(start: start, appIDs: apps, minutesTotal: total, minutes2Weeks: twoWeeks, names: names)
        }
    }
}
