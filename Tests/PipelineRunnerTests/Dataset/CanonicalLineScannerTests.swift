import Emit
import Foundation
import PipelineCore
import PipelineTestSupport
import PlayerModel
import SyntheticData
import Testing
@testable import PipelineRunner

/// The plain-form scans of `player_games` and `friendships` rows (`PairingDatasetReader.scanGame`, `scanFriendship`)
/// against the general readers: every row steam-mate writes is taken, and whatever a scan takes, the general reader
/// reads to the same values; seeded damage is taken only where the general reader agrees.
@Suite struct CanonicalLineScannerTests {
    /// The `player_games` and `friendships` lines of a seeded population as `DatasetTables` writes them, plus names
    /// the population lacks (non-ASCII, empty, null, one with escapes) and a friendship with its sources.
    static func lines() -> (games: [[UInt8]], friendships: [[UInt8]]) {
        var dataset = SyntheticPopulation.generate(SyntheticPopulationConfig(players: 300, seed: 12, shareAnywhere: 0.2))
        let id = dataset.players[0].steamID
        dataset.games += [
            PlayerGame(steamID: id, appID: 4_000_001, name: "Ünïcödé ™ 游戏", minutesTotal: 12, minutes2Weeks: 3, lastPlayed: 0),
            PlayerGame(steamID: id, appID: 4_000_002, name: "", minutesTotal: 0, minutes2Weeks: nil, lastPlayed: nil, sources: []),
            PlayerGame(steamID: id, appID: 4_000_003, name: nil, minutesTotal: PlayerGame.minutesRange.upperBound),
            PlayerGame(steamID: id, appID: 4_000_004, name: "Say \"hi\"\\", minutesTotal: 1, sources: ["a", "b"]),
        ]
        dataset.friendships.append(Friendship(dataset.players[1].steamID, dataset.players[2].steamID, friendSince: 1_500_000_000,
                                              sources: ["friends.jsonl:7", "players/1/friends.xml"]))
        dataset.sortCanonically()
        var tables: [String: [[UInt8]]] = [:]
        for file in TableFiles.render(DatasetTables.tables(for: dataset), formats: [.jsonl]) {
            tables[file.path] = file.bytes.split(separator: 0x0A).map(Array.init)
        }
        return (tables["player_games.jsonl"]!, tables["friendships.jsonl"]!)
    }

    /// What the general reader makes of a `player_games` line, in the scan's terms; nil when it refuses the line.
    static func generalGame(_ line: [UInt8]) -> (row: PairingDatasetReader.GameRow, name: String?)? {
        line.withUnsafeBytes { bytes in
            var row = CanonicalRowReader(bytes: bytes)
            guard let g = try? CanonicalDatasetReader.readGame(&row) else { return nil }
            return (.init(steamID: g.steamID, appID: g.appID, minutes: g.minutesTotal, recent: g.minutes2Weeks ?? 0), g.name)
        }
    }

    /// The scan's row and name (nil: refused, the row left to the other paths). A name that is not UTF-8 is refused
    /// here as `PairingDatasetReader.readGame` refuses it.
    static func scannedGame(_ line: [UInt8]) -> (row: PairingDatasetReader.GameRow, name: String?)? {
        line.withUnsafeBytes { bytes in
            guard let scanned = PairingDatasetReader.scanGame(bytes) else { return nil }
            guard let name = scanned.name else { return (scanned.row, nil) }
            let text = UnsafeRawBufferPointer(rebasing: bytes[name.contents])
            guard let string = String(validating: text, as: UTF8.self) else { return nil }
            return (scanned.row, string)
        }
    }

    static func same(_ a: (row: PairingDatasetReader.GameRow, name: String?), _ b: (row: PairingDatasetReader.GameRow, name: String?)) -> Bool {
        a.row.steamID == b.row.steamID && a.row.appID == b.row.appID && a.row.minutes == b.row.minutes
            && a.row.recent == b.row.recent && a.name == b.name
    }

    static func generalFriendship(_ line: [UInt8]) -> Friendship? {
        line.withUnsafeBytes { bytes in
            var row = CanonicalRowReader(bytes: bytes)
            return (try? CanonicalDatasetReader.readFriendship(&row)).map { Friendship($0.a, $0.b, friendSince: $0.friendSince) }
        }
    }

    static func scannedFriendship(_ line: [UInt8]) -> Friendship? { line.withUnsafeBytes { PairingDatasetReader.scanFriendship($0) } }

    @Test func everyWrittenRowIsScannedToTheGeneralReadersValues() throws {
        let (games, friendships) = Self.lines()
        #expect(games.count > 1_000 && friendships.count > 100)
        var escaped = 0
        for line in games {
            let general = try #require(Self.generalGame(line))
            guard !line.contains(0x5C) else {  // an escape: the general reader's to read
                escaped += 1
                #expect(Self.scannedGame(line) == nil)
                continue
            }
            let scanned = try #require(Self.scannedGame(line), "\(String(decoding: line, as: UTF8.self))")
            #expect(Self.same(scanned, general), "\(String(decoding: line, as: UTF8.self))")
        }
        #expect(escaped == 1)
        for line in friendships {
            #expect(Self.scannedFriendship(line) == Self.generalFriendship(line))
            #expect(Self.scannedFriendship(line) != nil)
        }
    }

    /// Rows in another valid form are left to the general reader: keys reordered, spaces, escapes, a negative
    /// number, a key of its own, a padded steamid, a trailing CR.
    @Test func otherFormsAreLeftToTheGeneralReader() {
        let forms = [
            #"{"appid":570,"steamid":"76561197960435530","name":"Dota 2","minutes_total":5,"minutes_2weeks":null,"last_played":null,"sources":[]}"#,
            #"{"steamid":"76561197960435530", "appid":570,"name":"Dota 2","minutes_total":5,"minutes_2weeks":null,"last_played":null,"sources":[]}"#,
            #"{"steamid":"76561197960435530","appid":570,"name":"Dota\u0020","minutes_total":5,"minutes_2weeks":null,"last_played":null,"sources":[]}"#,
            #"{"steamid":"76561197960435530","appid":570,"name":"Dota 2","minutes_total":5,"minutes_2weeks":null,"last_played":-1,"sources":[]}"#,
            #"{"steamid":"76561197960435530","appid":570,"name":"Dota 2","minutes_total":5,"minutes_2weeks":null,"last_played":null,"sources":[],"x":1}"#,
            #"{"steamid":" 76561197960435530","appid":570,"name":"Dota 2","minutes_total":5,"minutes_2weeks":null,"last_played":null,"sources":[]}"#,
            "{\"steamid\":\"76561197960435530\",\"appid\":570,\"name\":\"Dota 2\",\"minutes_total\":5,\"minutes_2weeks\":null,\"last_played\":null,\"sources\":[]}\r",
        ]
        for form in forms {
            let line = Array(form.utf8)
            #expect(Self.scannedGame(line) == nil, "\(form)")
            #expect(Self.generalGame(line) != nil, "\(form)")
        }
    }

    /// Seeded damage to written rows (a byte replaced, dropped or doubled, invalid UTF-8 included): whatever a scan
    /// still takes, the general reader reads to the same values. Neither side is vacuous.
    @Test func damagedRowsAreTakenOnlyWhereTheGeneralReaderAgrees() {
        let (games, friendships) = Self.lines()
        var generator = SeededGenerator(seed: 13)
        let replacements = Array("0123456789,:\"\\{}[] -.enul".utf8) + [0x09, 0x7F, 0x80, 0xC3, 0xE6, 0xFF]
        func damaged(_ line: [UInt8]) -> [UInt8] { ByteDamage.damaged(line, replacements: replacements, using: &generator) }
        var taken = 0, refused = 0
        for _ in 0..<20_000 {
            let line = damaged(games.randomElement(using: &generator)!)
            if let scanned = Self.scannedGame(line) {
                taken += 1
                let general = Self.generalGame(line)
                #expect(general.map { Self.same(scanned, $0) } == true, "\(String(decoding: line, as: UTF8.self))")
            } else {
                refused += 1
            }
        }
        for _ in 0..<5_000 {
            let line = damaged(friendships.randomElement(using: &generator)!)
            if let scanned = Self.scannedFriendship(line) {
                taken += 1
                #expect(Self.generalFriendship(line) == scanned, "\(String(decoding: line, as: UTF8.self))")
            } else {
                refused += 1
            }
        }
        #expect(taken > 2_000)
        #expect(refused > 2_000)
    }
}
