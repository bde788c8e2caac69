import Dispatch
import Dota
import Foundation
import Ingest
import Normalize
import PipelineCore
import PlayerModel
import Synchronization

/// Reads every Steam input file of a dataset, decodes them on all cores and feeds the documents to
/// normalize's partitions (`PartitionedNormalizer`, one lock per partition). Bad files become diagnostics;
/// every other file still counts. The result does not depend on the thread count, the order files are read
/// in (normalize is order-independent) or whether partitions were spilled.
public struct DatasetIngestor: Sendable {
    /// Files larger than this are streamed from disk instead of read whole (XML) or in chunks (JSONL).
    public var streamingThreshold = 16 << 20
    /// XML bundles (a wrapper root holding many Steam documents) larger than `streamingThreshold` are cut into
    /// pieces of about this many bytes that all workers parse at once (`XMLBundleLayout`); nil reads each XML
    /// file on one thread.
    public var xmlPieceSize: Int? = XMLBundlePieceReader.defaultPieceSize
    /// Lines an XML piece holds at most (see `XMLBundlePieceReader`).
    public var xmlPieceLines = XMLBundlePieceReader.defaultMaxLines
    public var threads: Int
    /// Called from the workers as input is consumed (after every JSONL chunk and every file); may be called
    /// often and concurrently, so a display should rate-limit itself.
    public var progress: (@Sendable (IngestProgress) -> Void)?
    /// Estimated bytes normalize may hold before it spills partitions to disk; nil = never spill.
    public var memoryLimit: Int?
    /// Where the private spill directory is made; nil = the system temporary directory (`TMPDIR`).
    public var spillParent: URL?
    /// How the keys are split (the unit of locking, spilling and merging).
    public var partitioning = FactPartitioning(count: 64)

    public init(threads: Int = 0, progress: (@Sendable (IngestProgress) -> Void)? = nil) {
        self.threads = threads
        self.progress = progress
    }

    /// How far ingest has come: files finished and input bytes consumed, of the totals.
    public struct IngestProgress: Sendable {
        public var filesDone: Int
        public var files: Int
        public var bytesDone: Int
        public var bytes: Int
    }

    public struct Result: Sendable {
        /// The whole dataset (`ingest`); empty from `ingestStreamed`, whose tables hold the rows instead.
        public var dataset: PlayerDataset
        /// Row counts of the dataset's tables (the run summary's figures).
        public var rows: DatasetRowCounts
        public var filesRead: Int
        public var bytesRead: Int
        public var documents: Int
        public var documentCounts: [String: Int]
        /// Dota 2 matches and heroes, when any Dota document was read.
        public var dota: DotaDataset? = nil
        /// Partition files spilled to disk (and merged back), and their bytes; 0 when everything fit.
        public var spillFiles = 0
        public var spillBytes = 0

        /// Entities that would be published: players, groups, and Dota matches and heroes. Zero means the
        /// run read nothing usable (see `EmptyInputGuard`).
        public var usableRecords: Int {
            rows.players + rows.groups + (dota?.matches.count ?? 0) + (dota?.heroes.count ?? 0)
        }
    }

    /// Ingests `files`. With a `memoryLimit`, normalize's partitions are spilled to a private directory under
    /// `spillParent` (default: the system temporary directory) whenever their estimated size passes the
    /// limit, and merged back at the end; the result is the same either way. Throws only when a spill file
    /// cannot be written or read back (the spill directory is removed in every case).
    public func ingest(_ files: [DatasetFile], locator: (any PlayerLocator)?, diagnostics: some DiagnosticSink) throws -> Result {
        let spill = try memoryLimit.map { _ in try PartitionSpill(parent: spillParent ?? FileManager.default.temporaryDirectory) }
        defer { spill?.remove() }
        FreedMemory.returnLargeBlocksPromptly()
        let (accumulated, normalizer) = try accumulate(files, locator: locator, spill: spill, diagnostics: diagnostics)
        var result = accumulated
        result.dataset = try normalizer.finish(threads: workers, diagnostics: diagnostics) { _, partition in
            try spill?.mergeBack(into: &partition)
        }
        FreedMemory.trim()
        result.rows = DatasetRowCounts(result.dataset)
        result.dota = normalizer.finishDota(diagnostics: diagnostics)
        result.spillFiles = spill?.fileCount ?? 0
        result.spillBytes = spill?.bytesWritten ?? 0
        return result
    }

    /// Like `ingest`, but the dataset is never held whole: every partition is resolved, sorted and written to
    /// sorted run files in a private spill directory, and the returned tables merge the runs while they are
    /// written (`SortedRunTables`), so memory is bounded by one partition per thread. The tables give the
    /// same rows in the same order as `DatasetTables.streamedTables(for: ingest(…).dataset)`. Call
    /// `tables.remove()` when done (it deletes the spill directory).
    public func ingestStreamed(_ files: [DatasetFile], locator: (any PlayerLocator)?,
                               diagnostics: some DiagnosticSink) throws -> (result: Result, tables: SortedRunTables) {
        let spill = try PartitionSpill(parent: spillParent ?? FileManager.default.temporaryDirectory)
        FreedMemory.returnLargeBlocksPromptly()
        do {
            let (accumulated, normalizer) = try accumulate(files, locator: locator, spill: spill, diagnostics: diagnostics)
            var result = accumulated
            let runs = SortedRunTables(spill: spill, partitions: normalizer.partitioning.count)
            try normalizer.forEachPartition(threads: workers) { index in
                try runs.write(normalizer.resolvePartition(index, diagnostics: diagnostics) { try spill.mergeBack(into: &$0) }, partition: index)
            }
            result.rows = runs.rows
            result.dota = normalizer.finishDota(diagnostics: diagnostics)
            result.spillFiles = spill.fileCount
            result.spillBytes = spill.bytesWritten
            return (result, runs)
        } catch {
            spill.remove()
            throw error
        }
    }

    /// Decodes `files` into partial facts: every non-empty partition, unresolved, to be merged later with other
    /// subsets' (`PartialFactsJob`). Resolving merged partitions gives exactly what `ingest` of all the files
    /// gives. Dota 2 documents are not partitioned by player and are returned apart (`dotaDocuments`: how many).
    public func ingestPartial(_ files: [DatasetFile], diagnostics: some DiagnosticSink)
        throws -> (result: Result, partitions: [NormalizerPartition], dotaDocuments: Int) {
        FreedMemory.returnLargeBlocksPromptly()
        let (result, normalizer) = try accumulate(files, locator: nil, spill: nil, diagnostics: diagnostics)
        let dota = normalizer.finishDota(diagnostics: diagnostics)
        return (result, normalizer.takeAll(), (dota?.matches.count ?? 0) + (dota?.heroes.count ?? 0))
    }

    /// Decodes every file into the partitions, spilling through `spill` past `memoryLimit`.
    private func accumulate(_ files: [DatasetFile], locator: (any PlayerLocator)?, spill: PartitionSpill?,
                            diagnostics: some DiagnosticSink) throws -> (Result, PartitionedNormalizer) {
        let steamFiles = files.filter { $0.role == .steam }.sorted { ($0.size, $0.relativePath) > ($1.size, $1.relativePath) }
        let normalizer = PartitionedNormalizer(partitioning: partitioning, locator: locator)
        let spillFailure = Mutex<(any Error)?>(nil)
        let tally = Mutex(PartitionedNormalizer.DocumentTally())
        let bytesRead = Atomic<Int>(0)
        let totalBytes = steamFiles.reduce(0) { $0 + $1.size }
        let bytesDone = Atomic<Int>(0)
        let filesDone = Atomic<Int>(0)
        let progress = self.progress
        let memoryLimit = self.memoryLimit
        @Sendable func advance(bytes: Int, files: Int) {
            guard let progress else { return }
            let b = bytesDone.add(bytes, ordering: .relaxed).newValue
            let f = filesDone.add(files, ordering: .relaxed).newValue
            progress(IngestProgress(filesDone: f, files: steamFiles.count, bytesDone: b, bytes: totalBytes))
        }
        let workers = self.workers
        // Under a memory limit, JSON Lines chunks shrink with it (each worker holds one chunk's bytes).
        let chunkSize = memoryLimit.map { min(ChunkedLineReader.defaultChunkSize, max(256 << 10, $0 / 8)) } ?? ChunkedLineReader.defaultChunkSize
        // The partitions get what the limit leaves after every worker's chunk (at least a quarter of it).
        let partitionBudget = memoryLimit.map { max($0 / 4, $0 - workers * chunkSize) }
        let piecing = xmlPieceSize.map {
            IngestWorkQueue.XMLPiecing(threshold: effectiveStreamingThreshold, pieceSize: min($0, chunkSize), maxLines: xmlPieceLines)
        }
        let queue = IngestWorkQueue(files: steamFiles, chunkSize: chunkSize, xmlPiecing: piecing)
        let handoff = DocumentBatchHandoff()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var local = PartitionedNormalizer.DocumentTally()
            // Dota documents (a million matches in one bundle) stay with the worker and are absorbed at the end,
            // so they never take a partition's lock; the other kinds go to their partitions.
            var dota = DotaIngestShard()
            let normalize = { (batch: [IngestedDocument]) in
                var others: [IngestedDocument] = []
                others.reserveCapacity(batch.count)
                for document in batch {
                    if case .dota(let facts) = document.content {
                        dota.add(facts, origin: document.origin, diagnostics: diagnostics)
                        local.documents += 1
                        local.counts[facts.kind.rawValue, default: 0] += 1
                    } else {
                        others.append(document)
                    }
                }
                if !others.isEmpty { normalizer.add(others, tally: &local, diagnostics: diagnostics) }
                guard let spill, let partitionBudget else { return }
                for partition in normalizer.takeForSpill(limit: partitionBudget) {
                    do { try spill.write(partition) } catch { spillFailure.withLock { if $0 == nil { $0 = error } } }
                }
            }
            handoff.beginDecoding()
            // A decoder hands its batches to a worker that has run out of input, else normalizes them itself.
            let deliver = { (batch: [IngestedDocument]) in
                if batch.isEmpty || !handoff.offer(batch) { normalize(batch) }
            }
            while let work = queue.next() {
                switch work {
                case .file(let file):
                    decode(file, diagnostics: diagnostics, deliver: deliver)
                    bytesRead.add(file.size, ordering: .relaxed)
                    advance(bytes: file.size, files: 1)
                case .chunk(let file, let bytes, let firstLine):
                    guard !bytes.isEmpty else { continue }
                    bytes.withUnsafeBytes { raw in
                        decodeLines(raw, firstLine: firstLine, origin: origin(of: file), diagnostics: diagnostics, deliver: deliver)
                    }
                    advance(bytes: bytes.count, files: 0)
                    queue.recycle(bytes)
                case .finished(let file):
                    bytesRead.add(file.size, ordering: .relaxed)
                    advance(bytes: 0, files: 1)
                case .xmlPiece(let sequencer, let piece):
                    let origin = origin(of: sequencer.file)
                    let step = decodePiece(piece, sequencer: sequencer, origin: origin)
                    if let bytes = piece.bytes { queue.recycle(bytes) }
                    advance(bytes: piece.fileBytes, files: 0)
                    for documents in step.documents { inBatches(deliver: deliver) { documents.forEach($0) } }
                    for diagnostic in step.diagnostics { diagnostics.emit(diagnostic) }
                    switch step.end {
                    case .finished(let tally)?:
                        XMLDocumentDecoder.reportBundleEnd(tally, file: origin.file, diagnostics: diagnostics)
                    case .resume(let tally)?:
                        inBatches(deliver: deliver) { emit in
                            XMLDocumentDecoder.decodeFile(path: sequencer.file.url.path, origin: origin, diagnostics: diagnostics,
                                                          resumingAfter: tally, emit: emit)
                        }
                    case nil:
                        break
                    }
                    if step.end != nil {
                        bytesRead.add(sequencer.file.size, ordering: .relaxed)
                        advance(bytes: 0, files: 1)
                    }
                case .failed(let file, let error):
                    diagnostics.error("input.unreadable", "cannot read file: \(error.localizedDescription)",
                                      at: origin(of: file).location())
                    bytesRead.add(file.size, ordering: .relaxed)
                    advance(bytes: 0, files: 1)
                }
            }
            handoff.finishDecoding()
            while let batch = handoff.take() { normalize(batch) }
            normalizer.absorb(dota)
            tally.withLock { $0.add(local) }
        }
        if let error = spillFailure.withLock({ $0 }) { throw error }
        let counted = tally.withLock { $0 }
        // A file split into pieces between ingest tasks counts once, with its first piece.
        return (Result(dataset: PlayerDataset(), rows: DatasetRowCounts(), filesRead: steamFiles.filter(\.startsFile).count,
                       bytesRead: bytesRead.load(ordering: .relaxed), documents: counted.documents,
                       documentCounts: counted.counts), normalizer)
    }

    /// Under a memory limit, XML files are streamed from 1 MiB up instead of read whole.
    private var effectiveStreamingThreshold: Int { memoryLimit == nil ? streamingThreshold : min(streamingThreshold, 1 << 20) }

    private var workers: Int { max(1, threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount) }

    func origin(of file: DatasetFile) -> DocumentOrigin {
        DocumentOrigin(file: file.relativePath, owner: file.owner, appID: file.appID)
    }

    /// Documents handed to normalize at a time: small enough that decoded facts waiting for normalize stay a
    /// few MB whatever the chunk size, large enough that partition locks are taken rarely.
    static let batchSize = 256

    /// Decodes one piece of an XML bundle with its diagnostics held, and hands the result to the file's
    /// sequencer, which returns what is ready to deliver in file order.
    func decodePiece(_ piece: XMLBundlePieceReader.Piece, sequencer: XMLBundleSequencer,
                     origin: DocumentOrigin) -> XMLBundleSequencer.Step {
        let held = DiagnosticLog()
        var documents: [IngestedDocument] = []
        let tally = piece.bytes.flatMap { bytes in
            XMLDocumentDecoder.decodeBundlePiece(bytes: bytes, lineOffset: piece.lineOffset, origin: origin,
                                                 diagnostics: held) { documents.append($0) }
        }
        return sequencer.complete(piece.index, .init(documents: documents, diagnostics: held.all, tally: tally,
                                                     isLast: piece.isLast))
    }

    /// Runs `produce`, handing the documents it emits to `deliver` `batchSize` at a time (then the rest, possibly
    /// none).
    func inBatches(deliver: ([IngestedDocument]) -> Void, _ produce: (_ emit: (IngestedDocument) -> Void) -> Void) {
        var batch: [IngestedDocument] = []
        batch.reserveCapacity(Self.batchSize)
        withoutActuallyEscaping(deliver) { deliver in
            produce { document in
                batch.append(document)
                if batch.count >= Self.batchSize {
                    deliver(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            deliver(batch)
        }
    }

    /// Decodes a chunk of whole JSON lines, handing documents over `batchSize` at a time.
    func decodeLines(_ raw: UnsafeRawBufferPointer, firstLine: Int, origin: DocumentOrigin, diagnostics: some DiagnosticSink,
                     deliver: ([IngestedDocument]) -> Void) {
        inBatches(deliver: deliver) { emit in
            JSONLinesDecoder.decode(chunk: raw, firstLine: firstLine, origin: origin, diagnostics: diagnostics, emit: emit)
        }
    }

    /// Decodes one file, handing documents over in batches (JSON Lines files are split into chunks by the
    /// work queue instead, but decode whole here too).
    func decode(_ file: DatasetFile, diagnostics: some DiagnosticSink, deliver: ([IngestedDocument]) -> Void) {
        let origin = origin(of: file)
        do {
            if file.isJSONLines {
                var reader = try ChunkedLineReader(url: file.url, byteRange: file.byteRange)
                var bytes: [UInt8] = []
                while let firstLine = try reader.next(into: &bytes) {
                    bytes.withUnsafeBytes { raw in
                        decodeLines(raw, firstLine: firstLine, origin: origin, diagnostics: diagnostics, deliver: deliver)
                    }
                }
            } else if file.size > effectiveStreamingThreshold, file.relativePath.lowercased().hasSuffix(".xml") {
                let handle = try FileHandle(forReadingFrom: file.url)
                let prefix = try Array(handle.read(upToCount: 4096) ?? Data())
                try handle.close()
                guard DocumentDecoder.startsAsXML(prefix: prefix, origin: origin, diagnostics: diagnostics) else { return }
                inBatches(deliver: deliver) { emit in
                    XMLDocumentDecoder.decodeFile(path: file.url.path, origin: origin, diagnostics: diagnostics, emit: emit)
                }
            } else {
                let bytes = try Array(Data(contentsOf: file.url))
                deliver(DocumentDecoder.decode(bytes: bytes, origin: origin, diagnostics: diagnostics))
            }
        } catch {
            diagnostics.error("input.unreadable", "cannot read file: \(error.localizedDescription)", at: origin.location())
        }
    }
}
