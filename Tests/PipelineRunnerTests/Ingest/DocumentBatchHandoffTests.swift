import Dispatch
import Ingest
import Synchronization
import Foundation
import Testing
@testable import PipelineRunner

@Suite struct DocumentBatchHandoffTests {
    /// One worker decodes 2,000 batches while the others run out of input at once: every batch is normalized
    /// exactly once (by the decoder or by a consumer), and more iterations than cores
    /// (which `concurrentPerform` may run one after another) never wait forever.
    @Test(arguments: [2, 3, 16])
    func everyBatchIsNormalizedOnce(workers: Int) {
        let handoff = DocumentBatchHandoff()
        let seen = Mutex([Int](repeating: 0, count: 2_000))
        @Sendable func document(_ n: Int) -> IngestedDocument {
            IngestedDocument(origin: DocumentOrigin(file: "f", line: n), content: .errorResponse(message: "batch \(n)"))
        }
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            handoff.beginDecoding()
            if worker == 0 {
                for n in 0..<2_000 {
                    let batch = [document(n)]
                    if !handoff.offer(batch) { seen.withLock { $0[n] += 1 } }
                }
            }
            handoff.finishDecoding()
            while let batch = handoff.take() {
                for doc in batch { seen.withLock { $0[doc.origin.line!] += 1 } }
            }
        }
        #expect(seen.withLock { $0.allSatisfy { $0 == 1 } })
    }

    /// A single worker never queues anything (no one would take it).
    @Test func aLoneWorkerKeepsItsBatches() {
        let handoff = DocumentBatchHandoff()
        handoff.beginDecoding()
        #expect(!handoff.offer([]))
        handoff.finishDecoding()
        #expect(handoff.take() == nil)
    }
}
