import Dispatch
import Dota
import Foundation
import Ingest
import Normalize
import PipelineCore
import PlayerModel
import Synchronization

/// Reads every Steam input file of a dataset, decodes them on all cores and feeds the documents to
/// the normalizer. Bad files become diagnostics; every other file still counts. The result does not
/// depend on the thread count or the order files are read in (normalize is order-independent).
public struct DatasetIngestor: Sendable {
    /// Files larger than this are streamed from disk instead of read whole (XML) or in chunks (JSONL).
    public var streamingThreshold = 16 << 20
    public var threads: Int
    /// Called from the workers as input is consumed (after every JSONL chunk and every file); may be called
    /// often and concurrently, so a display should rate-limit itself.
    public var progress: (@Sendable (IngestProgress) -> Void)?

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
        public var dataset: PlayerDataset
        public var filesRead: Int
        public var bytesRead: Int
        public var documents: Int
        public var documentCounts: [String: Int]
        /// Dota 2 matches and heroes, when any Dota document was read.
        public var dota: DotaDataset? = nil

        /// Entities that would be published: players, groups, and Dota matches and heroes. Zero means the
        /// run read nothing usable (see `EmptyInputGuard`).
        public var usableRecords: Int {
            dataset.players.count + dataset.groups.count + (dota?.matches.count ?? 0) + (dota?.heroes.count ?? 0)
        }
    }

    public func ingest(_ files: [DatasetFile], locator: (any PlayerLocator)?, diagnostics: some DiagnosticSink) -> Result {
        let steamFiles = files.filter { $0.role == .steam }.sorted { ($0.size, $0.relativePath) > ($1.size, $1.relativePath) }
        let state = Mutex(Accumulation(normalizer: DatasetNormalizer(locator: locator)))
        let totalBytes = steamFiles.reduce(0) { $0 + $1.size }
        let bytesDone = Atomic<Int>(0)
        let filesDone = Atomic<Int>(0)
        let progress = self.progress
        @Sendable func advance(bytes: Int, files: Int) {
            guard let progress else { return }
            let b = bytesDone.add(bytes, ordering: .relaxed).newValue
            let f = filesDone.add(files, ordering: .relaxed).newValue
            progress(IngestProgress(filesDone: f, files: steamFiles.count, bytesDone: b, bytes: totalBytes))
        }
        let workers = max(1, threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount)
        let queue = IngestWorkQueue(files: steamFiles)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            // Dota documents (a million matches in one bundle) stay with the worker and are merged at the end,
            // so they never wait for the normalizer's lock; the other kinds go through it.
            var dota = DotaIngestShard()
            var dotaDocuments = 0
            defer {
                state.withLock { accumulation in
                    accumulation.normalizer.absorb(dota)
                    accumulation.documents += dotaDocuments
                }
            }
            let normalize = { (batch: [IngestedDocument]) in
                var others: [IngestedDocument] = []
                for document in batch {
                    if case .dota(let facts) = document.content {
                        dota.add(facts, origin: document.origin, diagnostics: diagnostics)
                        dotaDocuments += 1
                    } else {
                        others.append(document)
                    }
                }
                guard !others.isEmpty else { return }
                state.withLock { accumulation in
                    for document in others { accumulation.normalizer.add(document, diagnostics: diagnostics) }
                    accumulation.documents += others.count
                }
            }
            while let work = queue.next() {
                switch work {
                case .file(let file):
                    decode(file, diagnostics: diagnostics, deliver: normalize)
                    state.withLock { $0.bytes += file.size }
                    advance(bytes: file.size, files: 1)
                case .chunk(let file, let bytes, let firstLine):
                    guard !bytes.isEmpty else { continue }
                    var batch: [IngestedDocument] = []
                    bytes.withUnsafeBytes { raw in
                        JSONLinesDecoder.decode(chunk: raw, firstLine: firstLine, origin: origin(of: file), diagnostics: diagnostics) {
                            batch.append($0)
                        }
                    }
                    normalize(batch)
                    advance(bytes: bytes.count, files: 0)
                case .finished(let file):
                    state.withLock { $0.bytes += file.size }
                    advance(bytes: 0, files: 1)
                case .failed(let file, let error):
                    diagnostics.error("input.unreadable", "cannot read file: \(error.localizedDescription)",
                                      at: origin(of: file).location())
                    state.withLock { $0.bytes += file.size }
                    advance(bytes: 0, files: 1)
                }
            }
        }
        return state.withLock { accumulation in
            let dota = accumulation.normalizer.finishDota(diagnostics: diagnostics)
            return Result(dataset: accumulation.normalizer.finish(diagnostics: diagnostics), filesRead: steamFiles.count,
                   bytesRead: accumulation.bytes, documents: accumulation.documents,
                   documentCounts: accumulation.normalizer.documentCounts,
                   dota: dota)
        }
    }

    private struct Accumulation: Sendable {
        var normalizer: DatasetNormalizer
        var documents = 0
        var bytes = 0
    }

    func origin(of file: DatasetFile) -> DocumentOrigin {
        DocumentOrigin(file: file.relativePath, owner: file.owner, appID: file.appID)
    }

    /// Decodes one file, handing documents over in batches (JSON Lines files are split into chunks by the
    /// work queue instead, but decode whole here too).
    func decode(_ file: DatasetFile, diagnostics: some DiagnosticSink, deliver: ([IngestedDocument]) -> Void) {
        let origin = origin(of: file)
        do {
            if file.isJSONLines {
                var reader = try ChunkedLineReader(url: file.url)
                while let chunk = try reader.next() {
                    var batch: [IngestedDocument] = []
                    chunk.bytes.withUnsafeBytes { raw in
                        JSONLinesDecoder.decode(chunk: raw, firstLine: chunk.firstLine, origin: origin, diagnostics: diagnostics) {
                            batch.append($0)
                        }
                    }
                    deliver(batch)
                }
            } else if file.size > streamingThreshold, file.relativePath.lowercased().hasSuffix(".xml") {
                let handle = try FileHandle(forReadingFrom: file.url)
                let prefix = try Array(handle.read(upToCount: 4096) ?? Data())
                try handle.close()
                guard DocumentDecoder.startsAsXML(prefix: prefix, origin: origin, diagnostics: diagnostics) else { return }
                var batch: [IngestedDocument] = []
                XMLDocumentDecoder.decodeFile(path: file.url.path, origin: origin, diagnostics: diagnostics) { document in
                    batch.append(document)
                    if batch.count >= 1024 {
                        deliver(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                deliver(batch)
            } else {
                let bytes = try Array(Data(contentsOf: file.url))
                deliver(DocumentDecoder.decode(bytes: bytes, origin: origin, diagnostics: diagnostics))
            }
        } catch {
            diagnostics.error("input.unreadable", "cannot read file: \(error.localizedDescription)", at: origin.location())
        }
    }
}
