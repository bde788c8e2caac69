import Emit
import Pairing
import PipelineCore

/// Renders `pairings` rows straight into CSV and JSON Lines bytes. The bytes equal building the rows as `Cell`s
/// (`PairingRun.pairingsTable`) and rendering them with `CSVWriter` and `JSONLinesWriter` (tests compare them),
/// but no cell, string or array is built per row: each game's name text is rendered once, the explanation is
/// filled into reused `PairExplanationFigures`, and numbers go straight in as digits.
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
        /// The cited games' JSON objects back to back; `objectEnds[i]` is where object i ends.
        var objects: [UInt8] = []
        var objectEnds: [Int] = []
        /// The same objects as they stand inside the quoted CSV field (every `"` doubled), joined by `;`.
        var csvObjects: [UInt8] = []
        /// Where the last CSV row's `ReportReader.PairingScan.columns` fields are in the CSV buffer, for the report tally.
        var reportStarts = Array(repeating: -1, count: ReportReader.PairingScan.columns.count)
        var reportEnds = Array(repeating: -1, count: ReportReader.PairingScan.columns.count)
        var reportQuoted = Array(repeating: false, count: ReportReader.PairingScan.columns.count)

        init() {}

        /// Records the CSV field rendered into `start..<end` as report column `slot` (inside its quotes when quoted).
        mutating func noteField(_ slot: Int, _ start: Int, _ end: Int, in out: [UInt8]) {
            let quoted = end - start >= 2 && out[start] == UInt8(ascii: "\"")
            reportStarts[slot] = quoted ? start + 1 : start
            reportEnds[slot] = quoted ? end - 1 : end
            reportQuoted[slot] = quoted
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
        for u in players {
            let list = lists.list(u)
            for (rank, c) in list.enumerated() {
                let v = Int(c.other)
                if rank + 1 < list.count { p.prefetchExplanation(of: Int(list[list.startIndex + rank + 1].other)) }
                p.explain(u, v, into: &s.figures)
                let f = s.figures
                s.sentence.removeAll(keepingCapacity: true)
                PreparedPopulation.appendSentence(f, to: &s.sentence) { g, out in out.append(contentsOf: displayName[g]) }
                s.objects.removeAll(keepingCapacity: true)
                s.objectEnds.removeAll(keepingCapacity: true)
                s.csvObjects.removeAll(keepingCapacity: true)
                for g in f.cited {
                    if emitJSONL {
                        appendObject(g, share: f.share(g), csv: false, to: &s.objects)
                        s.objectEnds.append(s.objects.count)
                    }
                    if emitCSV {
                        if !s.csvObjects.isEmpty { s.csvObjects.append(UInt8(ascii: ";")) }
                        appendObject(g, share: f.share(g), csv: true, to: &s.csvObjects)
                    }
                }
                if emitCSV {
                    appendCSV(u, rank + 1, v, c, f, &s, to: &csv)
                    if report != nil {
                        csv.withUnsafeBufferPointer { bytes in
                            report!.add(CSVTableScanner.Record(bytes: bytes, starts: s.reportStarts, ends: s.reportEnds,
                                                               quoted: s.reportQuoted), playerID: nil)
                        }
                    }
                }
                if emitJSONL { appendJSON(u, rank + 1, v, c, f, s, to: &jsonl) }
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
    /// `csv`, every `"` doubled (its text inside the quoted `top_games` field).
    private func appendObject(_ g: PairExplanationFigures.CitedGame, share: Double, csv: Bool, to out: inout [UInt8]) {
        Self.literal(csv ? #"{""appid"":"# : #"{"appid":"#, to: &out)
        DecimalText.append(UInt64(population.appIDs[g.game]), to: &out)
        Self.literal(csv ? #",""name"":"# : #","name":"#, to: &out)
        out.append(contentsOf: csv ? csvJSONName[g.game] : jsonName[g.game])
        Self.literal(csv ? #",""hours_you"":"# : #","hours_you":"#, to: &out)
        DecimalText.appendFixed(Double(g.minutesYou) / 60, places: 1, to: &out)
        Self.literal(csv ? #",""hours_them"":"# : #","hours_them":"#, to: &out)
        DecimalText.appendFixed(Double(g.minutesThem) / 60, places: 1, to: &out)
        Self.literal(csv ? #",""favorite_you"":"# : #","favorite_you":"#, to: &out)
        Self.bool(g.favouriteYou, to: &out)
        Self.literal(csv ? #",""favorite_them"":"# : #","favorite_them":"#, to: &out)
        Self.bool(g.favouriteThem, to: &out)
        Self.literal(csv ? #",""share"":"# : #","share":"#, to: &out)
        DecimalText.appendFixed(share, places: 3, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    private func appendCSV(_ u: Int, _ rank: Int, _ v: Int, _ c: PairCandidate, _ f: PairExplanationFigures,
                           _ s: inout Scratch, to out: inout [UInt8]) {
        let comma = UInt8(ascii: ",")
        let p = population
        // Report columns (`ReportReader.PairingScan.columns`): 0 score, 1 distance_bucket, 2 candidate, 3 top_games, 4 steamid.
        var start = out.count
        DecimalText.append(p.steamIDs[u].rawValue, to: &out)
        s.noteField(4, start, out.count, in: out); out.append(comma)
        DecimalText.append(UInt64(rank), to: &out); out.append(comma)
        start = out.count
        DecimalText.append(p.steamIDs[v].rawValue, to: &out)
        s.noteField(2, start, out.count, in: out); out.append(comma)
        start = out.count
        DecimalText.appendFixed(ScoreModel.scoreValue(c.score), places: 6, to: &out)
        s.noteField(0, start, out.count, in: out); out.append(comma)
        DecimalText.appendFixed(ScoreModel.gameValue(c.dot), places: 6, to: &out); out.append(comma)
        DecimalText.appendFixed(ScoreModel.fitValue(f.fitYou), places: 4, to: &out); out.append(comma)
        DecimalText.appendFixed(ScoreModel.fitValue(f.fitThem), places: 4, to: &out)
        out.append(comma)
        if let d = f.distanceKm { DecimalText.appendFixed(d, places: 1, to: &out) }
        out.append(comma)
        start = out.count
        out.append(contentsOf: bucketCSV[bucket(f)])
        s.noteField(1, start, out.count, in: out); out.append(comma)
        DecimalText.append(UInt64(f.sharedGames), to: &out); out.append(comma)
        // Lists of objects are their JSON texts joined by ';', quoted as one field (JSON always holds a quote).
        start = out.count
        if !s.csvObjects.isEmpty {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: s.csvObjects)
            out.append(UInt8(ascii: "\""))
        }
        s.noteField(3, start, out.count, in: out); out.append(comma)
        appendAppList(f.favouriteHits, separator: UInt8(ascii: ";"), to: &out); out.append(comma)
        appendAppList(f.theirFavouriteHits, separator: UInt8(ascii: ";"), to: &out); out.append(comma)
        appendAppList(f.recentGames, separator: UInt8(ascii: ";"), to: &out); out.append(comma)
        if let l = f.sharedLanguage { Self.bool(l, to: &out) }
        out.append(comma)
        if let h = f.availabilityOverlapHours { DecimalText.append(Int64(h), to: &out) }
        out.append(comma)
        Self.csvField(s.sentence, to: &out)
        out.append(0x0D); out.append(0x0A)
    }

    private func appendJSON(_ u: Int, _ rank: Int, _ v: Int, _ c: PairCandidate, _ f: PairExplanationFigures,
                            _ s: Scratch, to out: inout [UInt8]) {
        let p = population
        let quote = UInt8(ascii: "\"")
        Self.literal(#"{"steamid":""#, to: &out)
        DecimalText.append(p.steamIDs[u].rawValue, to: &out)
        Self.literal(#"","rank":"#, to: &out)
        DecimalText.append(UInt64(rank), to: &out)
        Self.literal(#","candidate":""#, to: &out)
        DecimalText.append(p.steamIDs[v].rawValue, to: &out)
        out.append(quote)
        Self.literal(#","score":"#, to: &out)
        DecimalText.appendFixed(ScoreModel.scoreValue(c.score), places: 6, to: &out)
        Self.literal(#","game_similarity":"#, to: &out)
        DecimalText.appendFixed(ScoreModel.gameValue(c.dot), places: 6, to: &out)
        Self.literal(#","fit_you":"#, to: &out)
        DecimalText.appendFixed(ScoreModel.fitValue(f.fitYou), places: 4, to: &out)
        Self.literal(#","fit_them":"#, to: &out)
        DecimalText.appendFixed(ScoreModel.fitValue(f.fitThem), places: 4, to: &out)
        Self.literal(#","distance_km":"#, to: &out)
        if let d = f.distanceKm { DecimalText.appendFixed(d, places: 1, to: &out) } else { Self.literal("null", to: &out) }
        Self.literal(#","distance_bucket":"#, to: &out)
        out.append(contentsOf: bucketJSON[bucket(f)])
        Self.literal(#","shared_games":"#, to: &out)
        DecimalText.append(UInt64(f.sharedGames), to: &out)
        Self.literal(#","top_games":["#, to: &out)
        var from = 0
        for (i, end) in s.objectEnds.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: s.objects[from..<end])
            from = end
        }
        Self.literal(#"],"favorite_hits":["#, to: &out)
        appendAppList(f.favouriteHits, separator: UInt8(ascii: ","), to: &out)
        Self.literal(#"],"their_favorite_hits":["#, to: &out)
        appendAppList(f.theirFavouriteHits, separator: UInt8(ascii: ","), to: &out)
        Self.literal(#"],"recent_games":["#, to: &out)
        appendAppList(f.recentGames, separator: UInt8(ascii: ","), to: &out)
        Self.literal(#"],"shared_language":"#, to: &out)
        if let l = f.sharedLanguage { Self.bool(l, to: &out) } else { Self.literal("null", to: &out) }
        Self.literal(#","availability_overlap_hours":"#, to: &out)
        if let h = f.availabilityOverlapHours { DecimalText.append(Int64(h), to: &out) } else { Self.literal("null", to: &out) }
        Self.literal(#","reason":"#, to: &out)
        Self.jsonString(s.sentence, to: &out)
        out.append(UInt8(ascii: "}"))
        out.append(0x0A)
    }

    private func bucket(_ f: PairExplanationFigures) -> Int {
        PreparedPopulation.bucketIndex(ofKm: f.distanceKm) ?? PreparedPopulation.distanceBuckets.count
    }

    private func appendAppList(_ games: [UInt32], separator: UInt8, to out: inout [UInt8]) {
        for (i, g) in games.enumerated() {
            if i > 0 { out.append(separator) }
            DecimalText.append(UInt64(population.appIDs[Int(g)]), to: &out)
        }
    }

    // MARK: - Byte formatting (the same text as `Cell` rendering; numbers through `DecimalText`)

    static func bool(_ value: Bool, to out: inout [UInt8]) {
        literal(value ? "true" : "false", to: &out)
    }

    /// A constant's bytes, copied straight from the binary's text.
    @inline(__always) static func literal(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A CSV field (`CSVWriter`'s quoting).
    static func csvField(_ text: [UInt8], to out: inout [UInt8]) { CSVWriter.appendField(utf8: text, to: &out) }

    /// A JSON string literal of UTF-8 text (`JSONLinesWriter`'s escapes).
    static func jsonString(_ text: [UInt8], to out: inout [UInt8]) { JSONLinesWriter.appendString(utf8: text, to: &out) }
}
