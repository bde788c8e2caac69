import Foundation
import Ingest

/// Decoded batches passed from a worker that is decoding to the workers with nothing left to decode. A big
/// profile-XML bundle is one file, decoded by one libxml2 reader on one thread; without this the other cores
/// sat idle while that thread also normalized every document. Batches are queued only once some worker has
/// run out of input, and a few at most, so memory stays bounded; when the queue is full the decoder
/// normalizes the batch itself, which balances decoding against normalizing. Normalize is order-independent, so the outputs do not depend on who normalizes what.
final class DocumentBatchHandoff: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [[IngestedDocument]] = []
    /// Workers between `beginDecoding()` and `finishDecoding()`, and workers in `take()`'s loop. Counted as
    /// they come, not from the worker count: `concurrentPerform` may start an iteration only after others end
    /// (more iterations than cores), so waiting for a fixed number of decoders could wait forever.
    private var decoding = 0
    private var consumers = 0
    /// Batches queued at most (each at most `DatasetIngestor.batchSize` documents).
    private let capacity = 4

    init() {}

    /// Called by each worker before it takes input to decode.
    func beginDecoding() {
        condition.lock()
        decoding += 1
        condition.unlock()
    }

    /// Queues `batch` for a worker that has finished decoding; false (and the caller normalizes it) when every
    /// worker still decodes or the queue is full.
    func offer(_ batch: [IngestedDocument]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard consumers > 0, batches.count < capacity else { return false }
        batches.append(batch)
        condition.signal()
        return true
    }

    /// Called by each worker when it has no more input to decode; it then calls `take()` until nil.
    func finishDecoding() {
        condition.lock()
        decoding -= 1
        consumers += 1
        condition.broadcast()
        condition.unlock()
    }

    /// The next queued batch; waits while the queue is empty and some worker still decodes; nil when no
    /// worker decodes and nothing is queued (the caller is then no longer a consumer).
    func take() -> [IngestedDocument]? {
        condition.lock()
        defer { condition.unlock() }
        while batches.isEmpty && decoding > 0 { condition.wait() }
        if batches.isEmpty {
            consumers -= 1
            return nil
        }
        return batches.removeFirst()
    }
}
