import PipelineCore
import PlayerModel

/// Renders `player_games` rows straight to CSV and JSON Lines bytes in one pass, byte for byte what
/// `DatasetTables.playerGameRow` gives through the row sinks.
///
/// The table is the dataset's largest (27 rows a player), and its rows share what they repeat: one name string
/// per app and one `sources` array per document (normalize's `SharedRowValues`). Reading those per row, as the
/// sinks do, retains and releases them on every row, on reference counts that both writer threads hammer at
/// once. Here the integers are read in place, and a row's name and sources are looked up by the bits stored in
/// the row: equal bits are the same string or array storage (or the same inline small string), so the same
/// text, which is rendered once and then copied. Only a row whose name or sources were not seen recently
/// touches the value itself.
struct PlayerGamesRowRenderer {
    private static let nameOffset = MemoryLayout<PlayerGame>.offset(of: \PlayerGame.name)!
    private static let sourcesOffset = MemoryLayout<PlayerGame>.offset(of: \PlayerGame.sources)!
    /// The JSON key prefixes (`{"steamid":`, `,"appid":`, …) end to end, and where each ends: the renderer's
    /// own copy, read through a pointer (a shared global array would be retained per use, by both threads).
    private let jsonKeys: [UInt8]
    private let jsonKeyRanges: [Range<Int>]

    /// Rendered names, direct-mapped by the bits of the stored `String?` (a miss renders and replaces).
    private var nameKeys: [NameBits?]
    private var nameSpans: [TextSpans]
    /// The rendered texts the spans point into; cleared when it grows past `textLimit`.
    private var text: [UInt8] = []
    private let textLimit: Int
    /// The last row's sources array (its stored bits) and where its text is.
    private var lastSources: (bits: UInt, spans: TextSpans)?

    private struct NameBits: Equatable {
        var low: UInt64
        var high: UInt64
    }

    /// Where one value's CSV field and JSON value sit in `text`.
    private struct TextSpans {
        var csv: Range<Int> = 0..<0
        var json: Range<Int> = 0..<0
    }

    private static let slots = 4_096

    /// `textLimit`: bytes of rendered names and sources kept before the cache starts afresh.
    init(textLimit: Int = 1 << 20) {
        self.textLimit = textLimit
        let keys = JSONLinesWriter.keyPrefixes(DatasetTables.playerGameColumns)
        jsonKeys = keys.flatMap { $0 }
        let ends = keys.reduce(into: [0]) { ends, key in ends.append(ends.last! + key.count) }
        jsonKeyRanges = keys.indices.map { ends[$0]..<ends[$0 + 1] }
        nameKeys = Array(repeating: nil, count: Self.slots)
        nameSpans = Array(repeating: TextSpans(), count: Self.slots)
    }

    /// Appends the rows `range` of `games` to `rendered` (a format not asked for stays empty). Each row is written
    /// through a `ByteCursor` into `row` (scratch sized by the row's bound), then appended in one copy.
    mutating func render(_ games: [PlayerGame], _ range: Range<Int>, csv: Bool, jsonl: Bool, into rendered: inout RenderedChunk) {
        guard !range.isEmpty else { return }
        if csv { rendered.csv.reserveCapacity(rendered.csv.count + range.count * 96) }
        if jsonl { rendered.jsonl.reserveCapacity(rendered.jsonl.count + range.count * 192) }
        let keyRanges = jsonKeyRanges
        // Five integers of at most 20 digits and a sign, the separators, and the JSON keys.
        let fixedBound = 5 * (DecimalText.maxIntegerBytes + 1) + 16 + jsonKeys.count
        var row: [UInt8] = []
        jsonKeys.withUnsafeBufferPointer { keyBytes in
            games.withUnsafeBufferPointer { rows in
                let base = UnsafeRawPointer(rows.baseAddress!)
                for i in range {
                    let record = base + i * MemoryLayout<PlayerGame>.stride
                    reserveText()
                    let name = nameSpans(record, rows, i)
                    let sources = sourcesSpans(record, rows, i)
                    let steamID = rows[i].steamID.rawValue
                    let appID = Int64(rows[i].appID)
                    let minutes = Int64(rows[i].minutesTotal)
                    let minutes2Weeks = rows[i].minutes2Weeks
                    let lastPlayed = rows[i].lastPlayed
                    text.withUnsafeBufferPointer { text in
                        if csv {
                            ByteCursor.rendering(into: &rendered.csv, bound: fixedBound + name.csv.count + sources.csv.count,
                                                 scratch: &row) { out in
                                Self.appendCSV(&out, text, steamID, appID, name.csv, minutes, minutes2Weeks, lastPlayed, sources.csv)
                            }
                        }
                        if jsonl {
                            ByteCursor.rendering(into: &rendered.jsonl, bound: fixedBound + name.json.count + sources.json.count,
                                                 scratch: &row) { out in
                                Self.appendJSON(&out, text, keys: keyBytes, keyRanges, steamID, appID, name.json, minutes,
                                                minutes2Weeks, lastPlayed, sources.json)
                            }
                        }
                    }
                }
            }
        }
        rendered.rows += range.count
    }

    private static func appendCSV(_ out: inout ByteCursor, _ text: UnsafeBufferPointer<UInt8>, _ steamID: UInt64,
                                  _ appID: Int64, _ name: Range<Int>, _ minutes: Int64, _ minutes2Weeks: Int?,
                                  _ lastPlayed: Int64?, _ sources: Range<Int>) {
        out.decimal(steamID)
        out.byte(UInt8(ascii: ","))
        out.decimal(Int(appID))
        out.byte(UInt8(ascii: ","))
        out.bytes(UnsafeBufferPointer(rebasing: text[name]))
        out.byte(UInt8(ascii: ","))
        out.decimal(Int(minutes))
        out.byte(UInt8(ascii: ","))
        if let minutes2Weeks { out.decimal(minutes2Weeks) }
        out.byte(UInt8(ascii: ","))
        if let lastPlayed { out.decimal(Int(lastPlayed)) }
        out.byte(UInt8(ascii: ","))
        out.bytes(UnsafeBufferPointer(rebasing: text[sources]))
        out.byte(0x0D)
        out.byte(0x0A)
    }

    private static func appendJSON(_ out: inout ByteCursor, _ text: UnsafeBufferPointer<UInt8>,
                                   keys bytes: UnsafeBufferPointer<UInt8>, _ keys: [Range<Int>], _ steamID: UInt64,
                                   _ appID: Int64, _ name: Range<Int>, _ minutes: Int64, _ minutes2Weeks: Int?,
                                   _ lastPlayed: Int64?, _ sources: Range<Int>) {
        func key(_ index: Int) { out.bytes(UnsafeBufferPointer(rebasing: bytes[keys[index]])) }
        key(0)
        out.byte(UInt8(ascii: "\""))
        out.decimal(steamID)
        out.byte(UInt8(ascii: "\""))
        key(1)
        out.decimal(Int(appID))
        key(2)
        out.bytes(UnsafeBufferPointer(rebasing: text[name]))
        key(3)
        out.decimal(Int(minutes))
        key(4)
        if let minutes2Weeks { out.decimal(minutes2Weeks) } else { out.literal("null") }
        key(5)
        if let lastPlayed { out.decimal(Int(lastPlayed)) } else { out.literal("null") }
        key(6)
        out.bytes(UnsafeBufferPointer(rebasing: text[sources]))
        out.byte(UInt8(ascii: "}"))
        out.byte(0x0A)
    }

    /// The name's rendered spans, from the cache when a row with the same stored bits was rendered.
    private mutating func nameSpans(_ row: UnsafeRawPointer, _ rows: UnsafeBufferPointer<PlayerGame>, _ i: Int) -> TextSpans {
        let bits = NameBits(low: row.loadUnaligned(fromByteOffset: Self.nameOffset, as: UInt64.self),
                            high: row.loadUnaligned(fromByteOffset: Self.nameOffset + 8, as: UInt64.self))
        var hash = (bits.low ^ (bits.high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 29
        let slot = Int(truncatingIfNeeded: hash) & (Self.slots - 1)
        if nameKeys[slot] == bits { return nameSpans[slot] }
        let start = text.count
        let spans: TextSpans
        if let name = rows[i].name {
            CSVWriter.appendField(name, to: &text)
            let middle = text.count
            JSONLinesWriter.appendString(name, to: &text)
            spans = TextSpans(csv: start..<middle, json: middle..<text.count)
        } else {
            text.append(contentsOf: DecimalText.nullBytes)
            spans = TextSpans(csv: start..<start, json: start..<text.count)
        }
        nameKeys[slot] = bits
        nameSpans[slot] = spans
        return spans
    }

    /// The sources' rendered spans: rows of one document (consecutive rows of a player) share one array.
    private mutating func sourcesSpans(_ row: UnsafeRawPointer, _ rows: UnsafeBufferPointer<PlayerGame>, _ i: Int) -> TextSpans {
        let bits = row.loadUnaligned(fromByteOffset: Self.sourcesOffset, as: UInt.self)
        if let last = lastSources, last.bits == bits { return last.spans }
        let sources = rows[i].sources
        let start = text.count
        CSVWriter.appendStrings(sources, to: &text)
        let middle = text.count
        JSONLinesWriter.appendStrings(sources, to: &text)
        let spans = TextSpans(csv: start..<middle, json: middle..<text.count)
        lastSources = (bits, spans)
        return spans
    }

    /// Starts the rendered texts afresh (forgetting every cached span) once they pass `textLimit`; called
    /// before each row, so the spans one row uses stay valid while it is rendered.
    private mutating func reserveText() {
        guard text.count > textLimit else { return }
        text.removeAll(keepingCapacity: true)
        for slot in nameKeys.indices { nameKeys[slot] = nil }
        lastSources = nil
    }
}
