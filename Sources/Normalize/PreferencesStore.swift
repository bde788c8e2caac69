import Foundation
import Ingest
import PipelineCore
import PlayerModel

/// Each player's preferences from the highest-ranked `preferences.jsonl` line: the newer `updated_at` (or
/// envelope `fetched_at` without one), then the provenance that sorts first (`SourceRank`'s order for a JSON
/// document dated by `updated_at`).
///
/// A line is held as its facts and origin in their partial-facts byte form (`PartialFactsCodec`), appended to
/// one buffer, and decoded again when the partition resolves; the table keeps only the id, the time and the
/// entry's offset. The decoded form (arrays of languages, windows and lobbies, the time zone, `updated_at`, two
/// provenance strings) cost ~900 bytes a player at the end of ingest, ~0.75 GB at 1 M players; this form
/// costs ~150. A line that loses leaves its bytes behind (two lines for one player are rare).
struct PreferencesStore: Sendable {
    private struct Slot: Sendable {
        /// Unix seconds of `updated_at` (else of the envelope's `fetched_at`); `Int64.min` when absent or unreadable.
        var updatedAt: Int64
        var offset: Int
    }

    private var slots: [SteamID64: Slot] = [:]
    private var buffer = BinaryWriter()

    init() {}

    var count: Int { slots.count }
    var isEmpty: Bool { slots.isEmpty }

    /// Bytes the table and the buffer reserve (the table as `NormalizerPartition.approximateBytes` counts one).
    var reservedBytes: Int {
        let table = slots.capacity == 0 ? 0 : (slots.capacity * 4 / 3 + 1) * (MemoryLayout<SteamID64>.stride + MemoryLayout<Slot>.stride) + 64
        return table + buffer.capacity
    }

    /// Keeps `facts` (stated at `origin`) when it outranks what is held for its player.
    mutating func offer(_ facts: PreferencesFacts, origin: DocumentOrigin) {
        let rank = SourceRank(origin: origin, isJSON: true, fetchedAtOverride: facts.updatedAt)
        if let held = slots[facts.steamID] {
            // The held line is decoded only when the times tie (its rank's first key is in the slot).
            guard rank.fetchedAt >= held.updatedAt else { return }
            if rank.fetchedAt == held.updatedAt {
                let heldOrigin = entry(at: held.offset).origin
                guard rank > SourceRank(fetchedAt: held.updatedAt, isJSON: true, file: heldOrigin.file, line: heldOrigin.line)
                else { return }
            }
        }
        slots[facts.steamID] = Slot(updatedAt: rank.fetchedAt, offset: buffer.bytes.count)
        facts.write(to: &buffer)
        origin.write(to: &buffer)
    }

    /// Offers every line `other` holds (the result equals offering both stores' lines in any order).
    mutating func merge(_ other: PreferencesStore) {
        for slot in other.slots.values {
            let (facts, origin) = other.entry(at: slot.offset)
            offer(facts, origin: origin)
        }
    }

    /// Each held line: the player's id, then the facts and origin (what `read(from:)` reads).
    func write(to w: inout BinaryWriter) {
        w.length(slots.count)
        for (id, slot) in slots {
            let (facts, origin) = entry(at: slot.offset)
            id.write(to: &w)
            facts.write(to: &w)
            origin.write(to: &w)
        }
    }

    mutating func read(from r: inout BinaryReader) throws {
        for _ in 0..<(try r.length()) {
            let id = try SteamID64.read(from: &r)
            var facts = try PreferencesFacts.read(from: &r)
            facts.steamID = id
            offer(facts, origin: try DocumentOrigin.read(from: &r))
        }
    }

    /// The held preferences resolved, in steamid order. An unknown time zone is reported at the line and its
    /// availability left out.
    func resolve(diagnostics: some DiagnosticSink) -> [PlayerPreferences] {
        slots.keys.sorted().map { id in
            let (facts, origin) = entry(at: slots[id]!.offset)
            var result = PlayerPreferences(steamID: id, favoriteAppIDs: facts.favoriteAppIDs, maxDistanceKm: facts.maxDistanceKm,
                                           anywhere: facts.anywhere, languages: Array(Set(facts.languages.map { $0.lowercased() })).sorted(),
                                           timeZone: facts.timeZone, availabilityText: facts.windows.map(AvailabilityConverter.text),
                                           lobbies: facts.lobbies, sources: [origin.provenance])
            if !facts.windows.isEmpty {
                let zoneName = facts.timeZone ?? "UTC"
                if let zone = TimeZone(identifier: zoneName) {
                    result.availability = AvailabilityConverter.utcMask(windows: facts.windows, timeZone: zone)
                } else {
                    diagnostics.error("preferences.timeZone", "unknown IANA time zone '\(zoneName)'; availability ignored",
                                      at: origin.location())
                }
            }
            return result
        }
    }

    /// The line stored at `offset` (written by `offer`, so it always decodes).
    private func entry(at offset: Int) -> (facts: PreferencesFacts, origin: DocumentOrigin) {
        var r = BinaryReader(buffer.bytes, offset: offset)
        do {
            return (try PreferencesFacts.read(from: &r), try DocumentOrigin.read(from: &r))
        } catch {
            preconditionFailure("a preferences entry this store wrote does not decode: \(error)")
        }
    }
}
