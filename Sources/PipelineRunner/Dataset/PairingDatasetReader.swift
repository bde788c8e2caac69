import Foundation
import JSONPullReader
import PipelineCore
import PlayerModel
import Synchronization

/// Reads what pairing needs from a canonical dataset directory: `players`, `preferences` and `friendships` as
/// `CanonicalDatasetReader` reads them, and `player_games` (the largest table by far) straight into
/// `GameLibraryColumns`, with no `PlayerGame`, `String` or `sources` array built per row. A row the fast path
/// cannot read is read again by `CanonicalDatasetReader.readGame`, so a bad row gets exactly the same
/// diagnostic and is skipped the same way; the other tables (`groups`, `achievements`, …) are not read at all.
/// Pairing from the result equals pairing from `CanonicalDatasetReader.read` (tests compare the outputs).
public enum PairingDatasetReader {
    public struct Contents: Sendable {
        /// Players, preferences and friendships, sorted canonically; `games` is empty (see `libraries`).
        public var dataset: PlayerDataset
        /// One run of game rows per entry of `dataset.players`.
        public var libraries: GameLibraryColumns
    }

    /// Returns nil when a row holds a playtime beyond what the columns store (over 2³¹ − 1 minutes); the caller
    /// then reads the dataset the general way.
    public static func read(directory: URL, diagnostics: some DiagnosticSink) throws -> Contents? {
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("players.jsonl").path) else {
            throw CanonicalDatasetReader.MissingTable(description: "\(directory.path) has no players.jsonl (run `steam-mate convert` or a pipeline with the normalize stage, with the jsonl format)")
        }
        // `player_games` (six times the bytes of the other three tables together) is parsed on a second thread
        // while `players`, `friendships` and `preferences` are read on this one; its rows find their players after.
        let games = Mutex<Result<GameRowColumns, any Error>?>(nil)
        let others = Mutex<Result<PlayerDataset, any Error>?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { task in
            if task == 0 {
                games.withLock { $0 = Result { try readGames(directory, diagnostics) } }
            } else {
                others.withLock { $0 = Result { try readPlayersFriendshipsAndPreferences(directory, diagnostics) } }
            }
        }
        var dataset = try others.withLock { $0! }.get()
        let rows = try games.withLock { $0! }.get()
        if rows.tooLong { return nil }
        // Rows go to the first entry of their steamid (the preparation merges repeated entries anyway); `players` is
        // sorted by steamid here (a stable sort, as before friendships and preferences were read beside it).
        var owners: [SteamID64: Int32] = [:]
        owners.reserveCapacity(dataset.players.count)
        for (i, p) in dataset.players.enumerated() where owners[p.steamID] == nil { owners[p.steamID] = Int32(i) }
        let libraries = rows.columns(players: dataset.players.count, owner: owners)
        dataset.sortCanonically()
        return Contents(dataset: dataset, libraries: libraries)
    }

    /// `players` (sorted by steamid), `friendships` and `preferences`, as `CanonicalDatasetReader` reads them.
    private static func readPlayersFriendshipsAndPreferences(_ directory: URL, _ diagnostics: some DiagnosticSink) throws -> PlayerDataset {
        var dataset = PlayerDataset()
        try CanonicalDatasetReader.forEachRow(directory, "players", diagnostics) { row in
            dataset.players.append(try CanonicalDatasetReader.readPlayer(&row))
        }
        dataset.players.sort { $0.steamID < $1.steamID }
        try CanonicalDatasetReader.forEachRow(directory, "friendships", diagnostics) { row in
            dataset.friendships.append(try CanonicalDatasetReader.readFriendship(&row))
        }
        try CanonicalDatasetReader.forEachRow(directory, "preferences", diagnostics) { row in
            dataset.preferences.append(try CanonicalDatasetReader.readPreferences(&row))
        }
        return dataset
    }

    /// Every `player_games` row as columns (file order), with the names offered per app.
    private static func readGames(_ directory: URL, _ diagnostics: some DiagnosticSink) throws -> GameRowColumns {
        var rows = GameRowColumns()
        try CanonicalDatasetReader.forEachRow(directory, "player_games", diagnostics) { row in
            let game: GameRow
            if let fast = try? fastGame(&row.reader) {
                game = fast.row
                if let span = fast.name { rows.offerName(span, in: row.reader.bytes, app: game.appID) }
            } else {
                var again = CanonicalRowReader(bytes: row.reader.bytes)
                let g = try CanonicalDatasetReader.readGame(&again)
                game = GameRow(steamID: g.steamID, appID: g.appID, minutes: g.minutesTotal, recent: g.minutes2Weeks ?? 0)
                if let name = g.name { rows.offerName(name, app: g.appID) }
            }
            rows.append(game)
        }
        return rows
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
                guard token == .string, let id = reader.withStringBytes(Self.steamID) else {
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

    /// A steamid written as plain digits (what canonical tables hold); nil otherwise (the slow path decides).
    private static func steamID(_ bytes: UnsafeRawBufferPointer) -> SteamID64? {
        guard !bytes.isEmpty, bytes.count <= 19 else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + UInt64(byte - 0x30)
        }
        return SteamID64(rawValue: value)
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
            let kept = names[app]
            let same = reader.withStringBytes { text in
                guard let kept else { return text.isEmpty }
                return kept.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(text) } ?? false
            }
            if !same { offerName(reader.string(), app: app) }
        }

        mutating func offerName(_ name: String, app: UInt32) { GameLibraryColumns.offerName(name, app: app, to: &names) }

        /// The rows of known players (`owner`: steamid → index of its first entry) grouped by player (counting sort,
        /// file order within a player); rows of steamids without a player are left out.
        func columns(players: Int, owner: [SteamID64: Int32]) -> GameLibraryColumns {
            var player = [Int32](repeating: -1, count: steamID.count)
            var lastID: SteamID64?, lastOwner: Int32 = -1
            for (r, id) in steamID.enumerated() {
                if id != lastID { lastID = id; lastOwner = owner[id] ?? -1 }
                player[r] = lastOwner
            }
            var start = [Int](repeating: 0, count: players + 1)
            for p in player where p >= 0 { start[Int(p) + 1] += 1 }
            for i in 0..<players { start[i + 1] += start[i] }
            var cursor = start
            let kept = start[players]
            var apps = [UInt32](repeating: 0, count: kept)
            var total = [Int32](repeating: 0, count: kept)
            var twoWeeks = [Int32](repeating: 0, count: kept)
            for (r, p) in player.enumerated() where p >= 0 {
                let at = cursor[Int(p)]
                cursor[Int(p)] = at + 1
                apps[at] = appID[r]; total[at] = minutes[r]; twoWeeks[at] = recent[r]
            }
            return GameLibraryColumns(start: start, appIDs: apps, minutesTotal: total, minutes2Weeks: twoWeeks, names: names)
        }
    }
}
