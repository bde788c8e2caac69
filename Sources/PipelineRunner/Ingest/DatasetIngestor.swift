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

    public init(threads: Int = 0) {
        self.threads = threads
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
        let nextIndex = Atomic<Int>(0)
        let workers = max(1, min(threads > 0 ? threads : ProcessInfo.processInfo.activeProcessorCount, steamFiles.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = nextIndex.add(1, ordering: .relaxed).oldValue
                guard index < steamFiles.count else { return }
                let file = steamFiles[index]
                decode(file, diagnostics: diagnostics) { batch in
                    state.withLock { accumulation in
                        for document in batch { accumulation.normalizer.add(document, diagnostics: diagnostics) }
                        accumulation.documents += batch.count
                    }
                }
                state.withLock { $0.bytes += file.size }
            }
        }
        return state.withLock { accumulation in
            Result(dataset: accumulation.normalizer.finish(diagnostics: diagnostics), filesRead: steamFiles.count,
                   bytesRead: accumulation.bytes, documents: accumulation.documents,
                   documentCounts: accumulation.normalizer.documentCounts,
                   dota: accumulation.normalizer.finishDota(diagnostics: diagnostics))
        }
    }

    private struct Accumulation: Sendable {
        var normalizer: DatasetNormalizer
        var documents = 0
        var bytes = 0
    }

    /// Decodes one file, handing documents over in batches.
    func decode(_ file: DatasetFile, diagnostics: some DiagnosticSink, deliver: ([IngestedDocument]) -> Void) {
        let origin = DocumentOrigin(file: file.relativePath, owner: file.owner, appID: file.appID)
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
