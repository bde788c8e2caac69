import Foundation
import Ingest
import PipelineCore
import PlayerModel
import Testing
@testable import Normalize

@Suite struct PreferencesStoreTests {
    let alice = SteamID64("76561197960287930")!
    let bob = SteamID64("76561197960435530")!

    func line(_ id: SteamID64, updatedAt: String?, favorite: UInt32, file: String = "preferences.jsonl", line: Int?,
              fetchedAt: String? = nil) -> (PreferencesFacts, DocumentOrigin) {
        var facts = PreferencesFacts(steamID: id, favoriteAppIDs: [favorite], maxDistanceKm: 25, languages: ["EN", "sv", "en"],
                                     timeZone: "Europe/Stockholm", windows: [.init(day: 0, startHour: 18, endHour: 22)],
                                     updatedAt: updatedAt)
        facts.lobbies = [LobbyRequest(appID: favorite, minPlayers: 2, maxPlayers: 4, roles: [], roleMask: 0, group: nil)]
        return (facts, DocumentOrigin(file: file, line: line, fetchedAt: fetchedAt))
    }

    /// The rule the store keeps: the newest `updated_at` (else the envelope's `fetched_at`), then the provenance
    /// text that sorts first, whatever the order the lines are offered in, and however the lines are split
    /// between stores that are merged.
    @Test func keepsTheHighestRankedLineInAnyOrder() {
        let lines = [
            line(alice, updatedAt: "2025-01-01T00:00:00Z", favorite: 1, line: 9),
            line(alice, updatedAt: "2025-03-01T00:00:00Z", favorite: 2, line: 30),
            line(alice, updatedAt: "2025-03-01T00:00:00Z", favorite: 3, line: 100),  // "…:100" sorts before "…:30"
            line(alice, updatedAt: nil, favorite: 4, line: 1, fetchedAt: "2024-12-31T00:00:00Z"),
            line(alice, updatedAt: "not a time", favorite: 5, line: 2),
            line(bob, updatedAt: nil, favorite: 6, line: 5),
            line(bob, updatedAt: nil, favorite: 7, file: "a-first.jsonl", line: 5),
        ]
        var rng = SeededGenerator(seed: 9)
        for _ in 0..<50 {
            let shuffled = lines.shuffled(using: &rng)
            let cut = Int.random(in: 0...shuffled.count, using: &rng)
            var one = PreferencesStore(), two = PreferencesStore()
            for (facts, origin) in shuffled[..<cut] { one.offer(facts, origin: origin) }
            for (facts, origin) in shuffled[cut...] { two.offer(facts, origin: origin) }
            one.merge(two)
            let rows = one.resolve(diagnostics: DiagnosticLog())
            #expect(rows.map(\.steamID) == [alice, bob])
            #expect(rows.map(\.favoriteAppIDs) == [[3], [7]])
            #expect(rows.map(\.sources) == [["preferences.jsonl:100"], ["a-first.jsonl:5"]])
        }
    }

    /// Resolved rows are the decoded lines: languages folded and sorted, availability in UTC, lobbies kept; an
    /// unknown time zone is an error at its line and drops only the availability.
    @Test func resolvesTheStoredLines() throws {
        var store = PreferencesStore()
        let (facts, origin) = line(alice, updatedAt: "2025-01-01T00:00:00Z", favorite: 570, line: 4)
        store.offer(facts, origin: origin)
        var unknown = line(bob, updatedAt: nil, favorite: 440, line: 8)
        unknown.0.timeZone = "Mars/Olympus_Mons"
        store.offer(unknown.0, origin: unknown.1)
        let log = DiagnosticLog()
        let rows = store.resolve(diagnostics: log)
        #expect(rows[0].languages == ["en", "sv"] && rows[0].lobbies == facts.lobbies && rows[0].maxDistanceKm == 25)
        #expect(rows[0].availabilityText == facts.windows.map(AvailabilityConverter.text))
        #expect(rows[0].availability == AvailabilityConverter.utcMask(windows: facts.windows, timeZone: TimeZone(identifier: "Europe/Stockholm")!))
        #expect(rows[0].availability != nil && rows[0].availability != WeeklyHourMask())
        #expect(rows[1].availability == nil)
        let diagnostics = log.sorted()
        #expect(diagnostics.map(\.code) == ["preferences.timeZone"])
        #expect(diagnostics.first?.location?.file == "preferences.jsonl" && diagnostics.first?.location?.line == 8)
    }

    /// The byte form reads back to a store that resolves the same, and holds far less than the decoded lines.
    @Test func roundTripsThroughBytesAndStaysCompact() throws {
        var store = PreferencesStore()
        for i in 0..<1_000 {
            let id = SteamID64(accountID: UInt32(10_000 + i))!
            let (facts, origin) = line(id, updatedAt: "2025-01-01T00:00:00Z", favorite: UInt32(i), line: i + 1)
            store.offer(facts, origin: origin)
        }
        var w = BinaryWriter()
        store.write(to: &w)
        var read = PreferencesStore()
        var r = BinaryReader(w.take())
        try read.read(from: &r)
        #expect(r.isAtEnd)
        #expect(read.resolve(diagnostics: DiagnosticLog()) == store.resolve(diagnostics: DiagnosticLog()))
        #expect(store.reservedBytes < 1_000 * 260)
    }
}
