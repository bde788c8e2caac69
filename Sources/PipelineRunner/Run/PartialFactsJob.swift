import Emit
import Foundation
import Normalize
import PipelineCore
import PipelineSpec
import PlayerModel

/// `convert --partial-facts` and `merge` (issue 13): a conversion split over subsets of the input files, on any
/// machines, whose pieces merge exactly. Each subset is decoded into its fact partitions (steamid hash,
/// `FactPartitioning`, 64 by default) and written unresolved (`PartialFactsCodec`); `merge` merges every subset's
/// facts partition by partition (a player's documents may sit in different subsets), resolves and publishes the
/// canonical dataset. Given the subsets' files under the same relative paths as a whole `convert` (so `sources` name
/// them alike), the merged tree equals that `convert`'s byte for byte: tables, `diagnostics.json` (each subset's
/// decoding diagnostics travel in its `partial_facts.json`) and `run_summary.json` (its counts are summed).
public enum PartialFactsJob {
    public static let headerFile = "partial_facts.json"
    public static let formatVersion = 1

    /// `partial_facts.json`: what a subset read, for the merged summary and diagnostics.
    struct Header: Codable {
        var formatVersion: Int
        var partitions: Int
        var filesRead: Int
        var bytesRead: Int
        var documents: Int
        var documentCounts: [String: Int]
        var factFiles: [String]
        var diagnostics: [Diagnostic]

        enum CodingKeys: String, CodingKey {
            case formatVersion = "format_version", partitions, filesRead = "files_read", bytesRead = "bytes_read", documents
            case documentCounts = "document_counts", factFiles = "fact_files", diagnostics
        }
    }

    static func factFile(_ index: Int) -> String { "facts/p\(String(format: "%04d", index)).smpf" }

    /// Converts the files under `inputs` into partial facts in `output` (published atomically; pipeline
    /// `convert-partial`). Returns the files written.
    @discardableResult
    /// `filesShard` (index, count): only the index-th of `count` size-balanced shares of the scanned input files
    /// (`share(_:count:minPieceBytes:)`, big JSON Lines bundles split into pieces of whole lines), so a driver can hand
    /// `convert DIR --files-shard I/N` to N tasks without listing files itself.
    /// `namesAsRun`: files are named relative to the input directory, as `run` names them (for `run --partial-facts`),
    /// not under the input's own name as `convert` does.
    public static func convert(inputs: [String], output: String, threads: Int, baseDirectory: URL, policy: PublishPolicy,
                               filesShard: (index: Int, count: Int)? = nil, minPieceBytes: Int = defaultMinPieceBytes,
                               namesAsRun: Bool = false, diagnostics: DiagnosticLog) throws -> [RunManifest.Entry] {
        let resolve = { (path: String) in PipelineRun.resolve(path, against: baseDirectory) }
        try OutputGuard.preflight(output: resolve(output), inputs: inputs.map(resolve), policy: policy, displayPath: output)
        var files: [DatasetFile] = []
        // Scan diagnostics (e.g. a bad players/<id> directory) belong to share 0 only, so the merge reports them once.
        let scanLog = DiagnosticLog()
        for input in inputs {
            files += DatasetScanner.scan(root: resolve(input), displayPrefix: namesAsRun ? "" : InputDisplayName.of(input),
                                         diagnostics: scanLog)
        }
        if let filesShard {
            files = share(files, count: filesShard.count, minPieceBytes: minPieceBytes)[filesShard.index]
        }
        if (filesShard?.index ?? 0) == 0 { for d in scanLog.all { diagnostics.emit(d) } }
        let ingestor = DatasetIngestor(threads: threads)
        let (result, partitions, dotaRecords) = try ingestor.ingestPartial(files, diagnostics: diagnostics)
        if dotaRecords > 0 {
            diagnostics.warning("convert.partialDota", "\(dotaRecords) Dota 2 matches and heroes are not carried by partial facts; "
                                + "convert the Dota files with a whole convert or run")
        }
        // A share may be empty (more shares than files); a whole input that reads nothing is refused as convert refuses it.
        if filesShard == nil {
            try EmptyInputGuard.check(records: result.documents, filesRead: result.filesRead, input: inputs.joined(separator: " "),
                                      policy: policy)
        }
        let sorted = diagnostics.sorted()
        let header = Header(formatVersion: formatVersion, partitions: ingestor.partitioning.count, filesRead: result.filesRead,
                            bytesRead: result.bytesRead, documents: result.documents, documentCounts: result.documentCounts,
                            factFiles: partitions.map { factFile($0.index) }, diagnostics: sorted)
        var out = partitions.map { OutputFile(path: factFile($0.index), bytes: PartialFactsCodec.encode($0)) }
        out.append(OutputFile(path: headerFile, bytes: StableJSON.encode(header)))
        out.append(OutputFile(path: "diagnostics.json", bytes: StableJSON.encode(DiagnosticsFile(sorted))))
        var entries: [RunManifest.Entry] = []
        try AtomicPublisher.publish(to: resolve(output), policy: policy) { staging in
            for file in out { entries.append(try StreamingTableWriter.write(file, into: staging)) }
            entries = try OutputAssembler.writeManifest(entries, pipeline: "convert-partial", into: staging)
        }
        return entries
    }

    /// The smallest piece a JSON Lines bundle is cut into between shares (64 MiB).
    public static let defaultMinPieceBytes = 64 << 20

    /// The input files dealt into `count` shares of about equal decoding cost. A JSON Lines Steam bundle larger than
    /// a piece (`minPieceBytes`, or half a share's part of all Steam bytes if that is more) is cut into equal byte
    /// ranges first, each read as the lines that start in it (`DatasetFile.byteRange`), so one big bundle no longer
    /// makes one task the long one. Then Steam files and pieces by estimated cost (bytes × `decodeCost`, largest
    /// first, ties by path and offset) each go to the share with the least cost so far (ties: lower share); the other
    /// files to share 0. Every task computes the same shares from the same scan and the same files' first bytes.
    static func share(_ files: [DatasetFile], count: Int, minPieceBytes: Int = defaultMinPieceBytes,
                      sniffFromBytes: Int = defaultSniffFromBytes) -> [[DatasetFile]] {
        var shares = [[DatasetFile]](repeating: [], count: max(1, count))
        let steamBytes = files.reduce(0) { $0 + ($1.role == .steam ? $1.size : 0) }
        let pieceBytes = max(1, minPieceBytes, steamBytes / (2 * shares.count))
        var dealt: [(file: DatasetFile, cost: Double)] = []
        for file in files {
            let perByte = shares.count > 1 && file.role == .steam ? decodeCost(file, sniffFromBytes: sniffFromBytes) : 1
            guard shares.count > 1, file.role == .steam, file.isJSONLines, file.byteRange == nil, file.size > pieceBytes else {
                dealt.append((file, Double(file.size) * perByte))
                continue
            }
            let pieces = (file.size + pieceBytes - 1) / pieceBytes
            for k in 0..<pieces {
                var piece = file
                piece.byteRange = (file.size * k / pieces)..<(file.size * (k + 1) / pieces)
                piece.size = piece.byteRange!.count
                dealt.append((piece, Double(piece.size) * perByte))
            }
        }
        func offset(_ file: DatasetFile) -> Int { file.byteRange?.lowerBound ?? 0 }
        var costs = [Double](repeating: 0, count: shares.count)
        for (file, cost) in dealt.sorted(by: { ($0.cost, $1.file.relativePath, offset($1.file)) > ($1.cost, $0.file.relativePath, offset($0.file)) }) {
            guard file.role == .steam else { shares[0].append(file); continue }
            var best = 0
            for s in 1..<shares.count where costs[s] < costs[best] { best = s }
            shares[best].append(file)
            costs[best] += cost
        }
        return shares.map { $0.sorted { ($0.relativePath, offset($0)) < ($1.relativePath, offset($1)) } }
    }

    /// Files from this size on have their first bytes read to estimate their cost (`decodeCost`); smaller ones (one
    /// player's documents) are weighed by their format alone, so a tree of a million small files is not read twice.
    public static let defaultSniffFromBytes = 64 << 20

    /// A Steam file's decoding cost per byte, relative to a GetOwnedGames bundle's: the CPU time `convert
    /// --partial-facts --threads 1` spends per MB of each of the 1M-player generated bundles (README, *Sharded runs on
    /// Apache Spark*): GetOwnedGames 4.5 ms, profile XML 8.1 ms, GetPlayerSummaries 9.0 ms, a preferences export and
    /// GetFriendList 20 ms (a friend is a fact in ~75 bytes; a game carries its name and icon hash). A JSON Lines file
    /// from `sniffFromBytes` on is weighed by its first line's envelope `source` (or its preferences keys); anything
    /// else by its format: XML 1.8, JSON 2.
    static func decodeCost(_ file: DatasetFile, sniffFromBytes: Int) -> Double {
        let xml = 1.8, unknownJSON = 2.0
        let lower = file.relativePath.lowercased()
        if lower.hasSuffix(".xml") { return xml }
        guard file.isJSONLines, file.size >= sniffFromBytes, let handle = try? FileHandle(forReadingFrom: file.url) else {
            return unknownJSON
        }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1 << 16) else { return unknownJSON }
        let line = head.prefix { $0 != 0x0A }
        func has(_ text: String) -> Bool { line.firstRange(of: Array(text.utf8)) != nil }
        if has(#""source":"GetOwnedGames""#) { return 1 }
        if has(#""source":"GetPlayerSummaries""#) { return 2 }
        if has(#""source":"GetFriendList""#) { return 4.5 }
        if !has(#""source":"#) && has(#""favorite_appids":"#) { return 4.4 }
        return unknownJSON
    }

    /// A partial-facts directory that cannot be merged: an error diagnostic (exit 2, nothing published).
    static func refusal(_ code: String, _ message: String, file: String? = nil, line: Int? = nil) -> PipelineDefinitionError {
        PipelineDefinitionError(diagnostics: [.error(code, message, at: file.map { SourceLocation(file: $0, line: line) })])
    }

    /// Merges the partial facts in `inputs` (directories `convert --partial-facts` wrote) and publishes the canonical
    /// dataset in `output`, as `convert` of all their files would.
    public static func merge(inputs: [String], output: String, formats: [TableFormat], locations: String?, threads: Int,
                             baseDirectory: URL, policy: PublishPolicy, diagnostics: DiagnosticLog) throws -> PipelineRun.Outcome {
        let resolve = { (path: String) in PipelineRun.resolve(path, against: baseDirectory) }
        try OutputGuard.preflight(output: resolve(output), inputs: inputs.map(resolve), policy: policy, displayPath: output)
        var timings = StageTimings()
        let locator = try locations.map { try LocationLoader.loadInBackground(path: $0, resolve: resolve) }
        let result = try timings.measure("ingest") {
            try mergedDataset(inputs.map { (resolve($0), $0) }, locator: locator, threads: threads, diagnostics: diagnostics)
        }
        let dataset = result.dataset
        try EmptyInputGuard.check(records: result.usableRecords, filesRead: result.filesRead, input: inputs.joined(separator: " "),
                                  policy: policy)
        let sorted = diagnostics.sorted()
        let summary = RunSummary(pipeline: "convert", ingested: result, diagnostics: sorted, stages: [:])
        let target = resolve(output)
        let entries = try timings.measure("write", written: { (entries: [RunManifest.Entry]) in entries.reduce(0) { $0 + $1.bytes } }) {
            try OutputAssembler.publish(tables: DatasetTables.streamedTables(for: dataset), extraFiles: [], formats: formats,
                                        summary: summary, diagnostics: sorted, to: target, policy: policy)
        }
        PipelineRun.recordTimings(timings, beside: target)
        return PipelineRun.Outcome(summary: summary, diagnostics: sorted, outputDirectory: target, files: entries, timings: timings,
                                   heldData: result)
    }

    /// The canonical dataset of the partial facts in `inputs` (directory, name to report it by), with the summed counts
    /// of what their subsets read; every subset's decoding diagnostics are emitted into `diagnostics`. Throws a
    /// refusal (`PipelineDefinitionError`) for facts that cannot be merged.
    static func mergedDataset(_ inputs: [(URL, String)], locator: DeferredLocator?, threads: Int,
                              diagnostics: DiagnosticLog) throws -> DatasetIngestor.Result {
        var headers: [(directory: URL, header: Header)] = []
        for (directory, input) in inputs {
            let url = directory.appendingPathComponent(headerFile)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw refusal("merge.notPartialFacts", "not a convert --partial-facts output", file: "\(input)/\(headerFile)")
            }
            do {
                let header = try JSONDecoder().decode(Header.self, from: data)
                guard header.formatVersion == formatVersion else {
                    throw refusal("merge.version", "partial facts format \(header.formatVersion) is not \(formatVersion)",
                                  file: "\(input)/\(headerFile)", line: 1)
                }
                headers.append((directory, header))
            } catch let error as PipelineDefinitionError { throw error } catch {
                throw refusal("merge.notPartialFacts", "unreadable: \(error)", file: "\(input)/\(headerFile)", line: 1)
            }
        }
        let counts = Set(headers.map(\.header.partitions))
        guard counts.count <= 1 else {
            throw refusal("merge.partitions", "the partial facts were made with different partition counts \(counts.sorted())")
        }
        let partitioning = FactPartitioning(count: counts.first ?? 64)
        var pieces = [[URL]](repeating: [], count: partitioning.count)
        for (directory, header) in headers {
            for diagnostic in header.diagnostics { diagnostics.emit(diagnostic) }
            for file in header.factFiles {
                guard file.hasPrefix("facts/p"), let index = Int(file.dropFirst(7).prefix(4)), index < partitioning.count else {
                    throw refusal("merge.notPartialFacts", "fact file '\(file)' is not facts/pNNNN.smpf",
                                  file: "\(directory.lastPathComponent)/\(headerFile)")
                }
                pieces[index].append(directory.appendingPathComponent(file))
            }
        }
        let normalizer = PartitionedNormalizer(partitioning: partitioning, locator: locator)
        let allPieces = pieces
        let dataset = try { () throws -> PlayerDataset in
            let merged = try normalizer.finish(threads: max(1, threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount),
                                               diagnostics: diagnostics) { index, partition in
                for url in allPieces[index] {
                    let piece: NormalizerPartition
                    do { piece = try PartialFactsCodec.decode(try FileBytes.read(url.path)) } catch {
                        throw refusal("merge.corrupt", "\(error)", file: url.lastPathComponent)
                    }
                    guard piece.index == index, piece.partitioning == partitioning else {
                        throw refusal("merge.corrupt", "holds partition \(piece.index) of \(piece.partitioning.count), expected \(index) of \(partitioning.count)",
                                      file: url.lastPathComponent)
                    }
                    partition.merge(piece)
                }
            }
            _ = try locator?.loaded()
            return merged
        }()
        var result = DatasetIngestor.Result(dataset: dataset, rows: DatasetRowCounts(dataset),
                                            filesRead: headers.reduce(0) { $0 + $1.header.filesRead },
                                            bytesRead: headers.reduce(0) { $0 + $1.header.bytesRead },
                                            documents: headers.reduce(0) { $0 + $1.header.documents }, documentCounts: [:])
        for (_, header) in headers { result.documentCounts.merge(header.documentCounts, uniquingKeysWith: +) }
        return result
    }
}
