import Emit
import Pairing
import PipelineCore

/// Renders `pairings` rows straight into CSV and JSON Lines bytes. The bytes equal building the rows as `Cell`s
/// (`PairingRun.pairingsTable`) and rendering them with `CSVWriter` and `JSONLinesWriter` (tests compare them),
/// but no cell, string or array is built per row: each game's name text is rendered once, the explanation is
/// filled into reused `PairExplanationFigures`, and each row is written through a `ByteCursor` (numbers straight in
/// as digits) into scratch memory sized by the row's bound, then appended in one copy.
struct PairingsRowRenderer: Sendable {
    let population: PreparedPopulation
    let lists: PairingLists
    /// Per dense game: the display name as UTF-8 ("app N" when unnamed) and the JSON value of `name` (or `null`).
    private let displayName: [[UInt8]]
    private let jsonName: [[UInt8]]
    /// `jsonName` with every `"` doubled: the name inside a cited object in the quoted CSV `top_games` field.
    private let csvJSONName: [[UInt8]]
    /// Per distance bucket (`PreparedPopulation.distanceBuckets`, then "anywhere"): its CSV field and JSON string.
    private let bucketCSV: [[UInt8]]
    private let bucketJSON: [[UInt8]]

    init(population: PreparedPopulation, lists: PairingLists) {
        self.population = population
        self.lists = lists
        var display: [[UInt8]] = [], json: [[UInt8]] = []
        display.reserveCapacity(population.appIDs.count)
        json.reserveCapacity(population.appIDs.count)
        for app in population.appIDs {
            let name = population.gameNames[app]
            display.append(Array((name ?? "app \(app)").utf8))
            var literal: [UInt8] = []
            if let name { JSONLinesWriter.appendString(name, to: &literal) } else { literal = Array("null".utf8) }
            json.append(literal)
        }
        displayName = display
        jsonName = json
        csvJSONName = json.map { literal in
            literal.flatMap { $0 == UInt8(ascii: "\"") ? [$0, $0] : [$0] }
        }
        let buckets = PreparedPopulation.distanceBuckets.map(\.1) + [PreparedPopulation.bucket(ofKm: nil)]
        bucketCSV = buckets.map { name in
            var field: [UInt8] = []
            Self.csvField(Array(name.utf8), to: &field)
            return field
        }
        bucketJSON = buckets.map { name in
            var literal: [UInt8] = []
            JSONLinesWriter.appendString(name, to: &literal)
            return literal
        }
    }

    /// Scratch reused from row to row.
    struct Scratch {
        var figures = PairExplanationFigures()
        var sentence: [UInt8] = []
        /// The sentence as a CSV field and as a JSON string literal.
        var sentenceCSV: [UInt8] = []
        var sentenceJSON: [UInt8] = []
        /// Memory a row is written into before it is appended (`ByteCursor.rendering`).
        var row: [UInt8] = []
        /// Where the last CSV row's `ReportReader.PairingScan.columns` fields are in that row, for the report tally.
        var reportFields = ReportFields()

        init() {}
    }

    /// Where a CSV row's report columns are (offsets in the row; inside the quotes when quoted).
    struct ReportFields {
        var starts = Array(repeating: -1, count: ReportReader.PairingScan.columns.count)
        var ends = Array(repeating: -1, count: ReportReader.PairingScan.columns.count)
        var quoted = Array(repeating: false, count: ReportReader.PairingScan.columns.count)

        mutating func note(_ slot: Int, _ start: Int, _ c: ByteCursor) {
            let end = c.count
            let isQuoted = end - start >= 2 && c[start] == UInt8(ascii: "\"")
            starts[slot] = isQuoted ? start + 1 : start
            ends[slot] = isQuoted ? end - 1 : end
            quoted[slot] = isQuoted
        }
    }

    /// Appends the rows of `players` (dense order) to `csv` (no header) and `jsonl`, skipping a format whose
    /// flag is false; returns the number of rows.
    @discardableResult
    func render(players: Range<Int>, csv: inout [UInt8], jsonl: inout [UInt8], scratch s: inout Scratch,
                emitCSV: Bool = true, emitJSONL: Bool = true) -> Int {
        var none: ReportReader.PairingScan? = nil
        return render(players: players, csv: &csv, jsonl: &jsonl, scratch: &s, emitCSV: emitCSV, emitJSONL: emitJSONL,
                      report: &none)
    }

    /// As above; with `report` and `emitCSV`, also counts every CSV row into it (the run report's pairing figures).
    func render(players: Range<Int>, csv: inout [UInt8], jsonl: inout [UInt8], scratch s: inout Scratch,
                emitCSV: Bool, emitJSONL: Bool, report: inout ReportReader.PairingScan?) -> Int {
        var rows = 0
        let p = population
        var row = s.row
        s.row = []
        // Local copies while rows are written (the closures below read `s` while these are written).
        var fields = s.reportFields
        defer {
            s.row = row
            s.reportFields = fields
        }
        for u in players {
            let list = lists.list(u)
            for (rank, c) in list.enumerated() {
                let v = Int(c.other)
                p.prefetchExplanations(list, explaining: rank)
                p.explain(u, v, into: &s.figures)
                let f = s.figures
                s.sentence.removeAll(keepingCapacity: true)
                PreparedPopulation.appendSentence(f, to: &s.sentence) { g, out in out.append(contentsOf: displayName[g]) }
                // A bound on the row (see `appendCSV`/`appendJSON`): the keys, numbers and bucket within the base,
                // each cited object with both forms of its name, the app-id lists, then the sentence's escaped form.
                var bound = 1_024 + 4 * DecimalText.maxFixedBytes + 64
                    * (f.favouriteHits.count + f.theirFavouriteHits.count + f.recentGames.count)
                for g in f.cited { bound += 384 + jsonName[g.game].count + csvJSONName[g.game].count }
                if emitCSV {
                    s.sentenceCSV.removeAll(keepingCapacity: true)
                    Self.csvField(s.sentence, to: &s.sentenceCSV)
                    let start = csv.count
                    ByteCursor.rendering(into: &csv, bound: bound + s.sentenceCSV.count, scratch: &row) { out in
                        appendCSV(u, rank + 1, v, c, f, sentence: s.sentenceCSV, fields: &fields, to: &out)
                    }
                    if report != nil {
                        csv.withUnsafeBufferPointer { bytes in
                            report!.add(CSVTableScanner.Record(bytes: UnsafeBufferPointer(rebasing: bytes[start...]),
                                                               starts: fields.starts, ends: fields.ends,
                                                               quoted: fields.quoted), playerID: nil)
                        }
                    }
                }
                if emitJSONL {
                    s.sentenceJSON.removeAll(keepingCapacity: true)
                    Self.jsonString(s.sentence, to: &s.sentenceJSON)
                    ByteCursor.rendering(into: &jsonl, bound: bound + s.sentenceJSON.count, scratch: &row) { out in
                        appendJSON(u, rank + 1, v, c, f, sentence: s.sentenceJSON, to: &out)
                    }
                }
                rows += 1
            }
        }
        return rows
    }

    /// Renders the rows of `players` into `chunk` (empty buffers, possibly with capacity left from an earlier
    /// chunk; a fresh scratch), for the streaming writers.
    func render(players: Range<Int>, into chunk: inout RenderedChunk, csv emitCSV: Bool, jsonl emitJSONL: Bool,
                report tally: PairingReportTally? = nil) {
        var scratch = Scratch()
        var report = emitCSV ? tally?.take() : nil
        defer { if let report { tally?.give(report) } }
        // About 650 CSV and 860 JSON Lines bytes per row, k rows per player at most.
        let rowsGuess = players.count * max(1, population.config.k)
        if emitCSV { chunk.csv.reserveCapacity(rowsGuess * 700) }
        if emitJSONL { chunk.jsonl.reserveCapacity(rowsGuess * 900) }
        chunk.rows = render(players: players, csv: &chunk.csv, jsonl: &chunk.jsonl, scratch: &scratch,
                            emitCSV: emitCSV, emitJSONL: emitJSONL, report: &report)
    }

    /// `{"appid":…,"name":…,"hours_you":…,"hours_them":…,"favorite_you":…,"favorite_them":…,"share":…}`; with
    /// `csv`, every `"` doubled (its text inside the quoted `top_games` field). At most 384 bytes and the name.
    private func appendObject(_ g: PairExplanationFigures.CitedGame, share: Double, csv: Bool, to out: inout ByteCursor) {
        out.literal(csv ? #"{""appid"":"# : #"{"appid":"#)
        out.decimal(UInt64(population.appIDs[g.game]))
        out.literal(csv ? #",""name"":"# : #","name":"#)
        out.bytes(csv ? csvJSONName[g.game] : jsonName[g.game])
        out.literal(csv ? #",""hours_you"":"# : #","hours_you":"#)
        out.fixed(Double(g.minutesYou) / 60, places: 1)
        out.literal(csv ? #",""hours_them"":"# : #","hours_them":"#)
        out.fixed(Double(g.minutesThem) / 60, places: 1)
        out.literal(csv ? #",""favorite_you"":"# : #","favorite_you":"#)
        out.bool(g.favouriteYou)
        out.literal(csv ? #",""favorite_them"":"# : #","favorite_them":"#)
        out.bool(g.favouriteThem)
        out.literal(csv ? #",""share"":"# : #","share":"#)
        out.fixed(share, places: 3)
        out.byte(UInt8(ascii: "}"))
    }

    private func appendCSV(_ u: Int, _ rank: Int, _ v: Int, _ c: PairCandidate, _ f: PairExplanationFigures,
                           sentence: [UInt8], fields: inout ReportFields, to out: inout ByteCursor) {
        let comma = UInt8(ascii: ",")
        let p = population
        // Report columns (`ReportReader.PairingScan.columns`): 0 score, 1 distance_bucket, 2 candidate, 3 top_games, 4 steamid.
        var start = out.count
        out.decimal(p.steamIDs[u].rawValue)
        fields.note(4, start, out); out.byte(comma)
        out.decimal(rank); out.byte(comma)
        start = out.count
        out.decimal(p.steamIDs[v].rawValue)
        fields.note(2, start, out); out.byte(comma)
        start = out.count
        out.fixed(ScoreModel.scoreValue(c.score), places: 6)
        fields.note(0, start, out); out.byte(comma)
        out.fixed(ScoreModel.gameValue(c.dot), places: 6); out.byte(comma)
        out.fixed(ScoreModel.fitValue(f.fitYou), places: 4); out.byte(comma)
        out.fixed(ScoreModel.fitValue(f.fitThem), places: 4)
        out.byte(comma)
        if let d = f.distanceKm { out.fixed(d, places: 1) }
        out.byte(comma)
        start = out.count
        out.bytes(bucketCSV[bucket(f)])
        fields.note(1, start, out); out.byte(comma)
        out.decimal(f.sharedGames); out.byte(comma)
        // Lists of objects are their JSON texts joined by ';', quoted as one field (JSON always holds a quote).
        start = out.count
        if !f.cited.isEmpty {
            out.byte(UInt8(ascii: "\""))
            for (i, g) in f.cited.enumerated() {
                if i > 0 { out.byte(UInt8(ascii: ";")) }
                appendObject(g, share: f.share(g), csv: true, to: &out)
            }
            out.byte(UInt8(ascii: "\""))
        }
        fields.note(3, start, out); out.byte(comma)
        appendAppList(f.favouriteHits, separator: UInt8(ascii: ";"), to: &out); out.byte(comma)
        appendAppList(f.theirFavouriteHits, separator: UInt8(ascii: ";"), to: &out); out.byte(comma)
        appendAppList(f.recentGames, separator: UInt8(ascii: ";"), to: &out); out.byte(comma)
        if let l = f.sharedLanguage { out.bool(l) }
        out.byte(comma)
        if let h = f.availabilityOverlapHours { out.decimal(h) }
        out.byte(comma)
        out.bytes(sentence)
        out.byte(0x0D); out.byte(0x0A)
    }

    private func appendJSON(_ u: Int, _ rank: Int, _ v: Int, _ c: PairCandidate, _ f: PairExplanationFigures,
                            sentence: [UInt8], to out: inout ByteCursor) {
        let p = population
        out.literal(#"{"steamid":""#)
        out.decimal(p.steamIDs[u].rawValue)
        out.literal(#"","rank":"#)
        out.decimal(rank)
        out.literal(#","candidate":""#)
        out.decimal(p.steamIDs[v].rawValue)
        out.literal(#"","score":"#)
        out.fixed(ScoreModel.scoreValue(c.score), places: 6)
        out.literal(#","game_similarity":"#)
        out.fixed(ScoreModel.gameValue(c.dot), places: 6)
        out.literal(#","fit_you":"#)
        out.fixed(ScoreModel.fitValue(f.fitYou), places: 4)
        out.literal(#","fit_them":"#)
        out.fixed(ScoreModel.fitValue(f.fitThem), places: 4)
        out.literal(#","distance_km":"#)
        if let d = f.distanceKm { out.fixed(d, places: 1) } else { out.literal("null") }
        out.literal(#","distance_bucket":"#)
        out.bytes(bucketJSON[bucket(f)])
        out.literal(#","shared_games":"#)
        out.decimal(f.sharedGames)
        out.literal(#","top_games":["#)
        for (i, g) in f.cited.enumerated() {
            if i > 0 { out.byte(UInt8(ascii: ",")) }
            appendObject(g, share: f.share(g), csv: false, to: &out)
        }
        out.literal(#"],"favorite_hits":["#)
        appendAppList(f.favouriteHits, separator: UInt8(ascii: ","), to: &out)
        out.literal(#"],"their_favorite_hits":["#)
        appendAppList(f.theirFavouriteHits, separator: UInt8(ascii: ","), to: &out)
        out.literal(#"],"recent_games":["#)
        appendAppList(f.recentGames, separator: UInt8(ascii: ","), to: &out)
        out.literal(#"],"shared_language":"#)
        if let l = f.sharedLanguage { out.bool(l) } else { out.literal("null") }
        out.literal(#","availability_overlap_hours":"#)
        if let h = f.availabilityOverlapHours { out.decimal(h) } else { out.literal("null") }
        out.literal(#","reason":"#)
        out.bytes(sentence)
        out.byte(UInt8(ascii: "}"))
        out.byte(0x0A)
    }

    private func bucket(_ f: PairExplanationFigures) -> Int {
        PreparedPopulation.bucketIndex(ofKm: f.distanceKm) ?? PreparedPopulation.distanceBuckets.count
    }

    /// App ids joined by `separator`: at most 21 bytes each (the row bound counts 64).
    private func appendAppList(_ games: [UInt32], separator: UInt8, to out: inout ByteCursor) {
        for (i, g) in games.enumerated() {
            if i > 0 { out.byte(separator) }
            out.decimal(UInt64(population.appIDs[Int(g)]))
        }
    }

    /// A CSV field (`CSVWriter`'s quoting).
    static func csvField(_ text: [UInt8], to out: inout [UInt8]) { CSVWriter.appendField(utf8: text, to: &out) }

    /// A JSON string literal of UTF-8 text (`JSONLinesWriter`'s escapes).
    static func jsonString(_ text: [UInt8], to out: inout [UInt8]) { JSONLinesWriter.appendString(utf8: text, to: &out) }
}
