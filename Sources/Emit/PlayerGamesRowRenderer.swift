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

    /// Appends the rows `range` of `games` to `rendered` (a format not asked for stays empty).
    mutating func render(_ games: [PlayerGame], _ range: Range<Int>, csv: Bool, jsonl: Bool, into rendered: inout RenderedChunk) {
        guard !range.isEmpty else { return }
        if csv { rendered.csv.reserveCapacity(rendered.csv.count + range.count * 96) }
        if jsonl { rendered.jsonl.reserveCapacity(rendered.jsonl.count + range.count * 192) }
        let keyRanges = jsonKeyRanges
        jsonKeys.withUnsafeBufferPointer { keyBytes in
            games.withUnsafeBufferPointer { rows in
                let base = UnsafeRawPointer(rows.baseAddress!)
                for i in range {
                    let row = base + i * MemoryLayout<PlayerGame>.stride
                    reserveText()
                    let name = nameSpans(row, rows, i)
                    let sources = sourcesSpans(row, rows, i)
                    let steamID = rows[i].steamID.rawValue
                    let appID = Int64(rows[i].appID)
                    let minutes = Int64(rows[i].minutesTotal)
                    let minutes2Weeks = rows[i].minutes2Weeks
                    let lastPlayed = rows[i].lastPlayed
                    if csv { appendCSV(&rendered.csv, steamID, appID, name.csv, minutes, minutes2Weeks, lastPlayed, sources.csv) }
                    if jsonl {
                        appendJSON(&rendered.jsonl, keys: keyBytes, keyRanges, steamID, appID, name.json, minutes, minutes2Weeks,
                                   lastPlayed, sources.json)
                    }
                }
            }
        }
        rendered.rows += range.count
    }

    private func appendCSV(_ out: inout [UInt8], _ steamID: UInt64, _ appID: Int64, _ name: Range<Int>, _ minutes: Int64,
                           _ minutes2Weeks: Int?, _ lastPlayed: Int64?, _ sources: Range<Int>) {
        DecimalText.append(steamID, to: &out)
        out.append(UInt8(ascii: ","))
        DecimalText.append(appID, to: &out)
        out.append(UInt8(ascii: ","))
        appendText(name, to: &out)
        out.append(UInt8(ascii: ","))
        DecimalText.append(minutes, to: &out)
        out.append(UInt8(ascii: ","))
        if let minutes2Weeks { DecimalText.append(Int64(minutes2Weeks), to: &out) }
        out.append(UInt8(ascii: ","))
        if let lastPlayed { DecimalText.append(lastPlayed, to: &out) }
        out.append(UInt8(ascii: ","))
        appendText(sources, to: &out)
        out.append(0x0D)
        out.append(0x0A)
    }

    private func appendJSON(_ out: inout [UInt8], keys bytes: UnsafeBufferPointer<UInt8>, _ keys: [Range<Int>], _ steamID: UInt64,
                            _ appID: Int64, _ name: Range<Int>, _ minutes: Int64, _ minutes2Weeks: Int?, _ lastPlayed: Int64?,
                            _ sources: Range<Int>) {
        func key(_ index: Int) { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[keys[index]])) }
        key(0)
        out.append(UInt8(ascii: "\""))
        DecimalText.append(steamID, to: &out)
        out.append(UInt8(ascii: "\""))
        key(1)
        DecimalText.append(appID, to: &out)
        key(2)
        appendText(name, to: &out)
        key(3)
        DecimalText.append(minutes, to: &out)
        key(4)
        if let minutes2Weeks { DecimalText.append(Int64(minutes2Weeks), to: &out) } else { Self.appendNull(&out) }
        key(5)
        if let lastPlayed { DecimalText.append(lastPlayed, to: &out) } else { Self.appendNull(&out) }
        key(6)
        appendText(sources, to: &out)
        out.append(UInt8(ascii: "}"))
        out.append(0x0A)
    }

    @inline(__always) private static func appendNull(_ out: inout [UInt8]) {
        out.append(UInt8(ascii: "n")); out.append(UInt8(ascii: "u")); out.append(UInt8(ascii: "l")); out.append(UInt8(ascii: "l"))
    }

    @inline(__always) private func appendText(_ span: Range<Int>, to out: inout [UInt8]) {
        text.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[span])) }
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
            Self.appendNull(&text)
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
