import Ingest
import PipelineCore
import Synchronization

/// Puts the pieces of one bundle file (`XMLBundlePieceReader`), decoded by several workers, back in file
/// order. A piece's documents and diagnostics are held until every piece before it has parsed cleanly, then
/// delivered (its diagnostics' element paths counted from the file's start). The first piece that did not
/// parse cleanly ends the pieces: it and everything after it are dropped, and the file is read whole again,
/// skipping the children already delivered (`XMLDocumentDecoder.decodeFile(…resumingAfter:…)`), so the result
/// is the one reading the file whole would give, whatever the pieces and the thread count.
final class XMLBundleSequencer: Sendable {
    struct PieceResult: Sendable {
        var documents: [IngestedDocument]
        var diagnostics: [Diagnostic]
        /// nil when the piece did not parse cleanly.
        var tally: XMLBundleTally?
        var isLast: Bool
    }

    /// What the worker that completed a piece must do, outside the lock.
    struct Step: Sendable {
        var documents: [[IngestedDocument]] = []
        var diagnostics: [Diagnostic] = []
        var end: End?
    }

    enum End: Sendable {
        /// Every piece parsed cleanly: report the bundle's closing diagnostics for this tally.
        case finished(XMLBundleTally)
        /// Read the file whole, skipping what this tally delivered.
        case resume(XMLBundleTally)
    }

    let file: DatasetFile

    private struct State {
        var next = 0
        var waiting: [Int: PieceResult] = [:]
        var delivered = XMLBundleTally()
        var over = false
    }

    private let state = Mutex(State())

    init(file: DatasetFile) {
        self.file = file
    }

    /// True once the pieces have ended (resume, or the last piece delivered): the work queue stops reading pieces.
    var isOver: Bool { state.withLock { $0.over } }

    /// Records piece `index`'s result and returns what is now ready, in file order.
    func complete(_ index: Int, _ result: PieceResult) -> Step {
        state.withLock { state in
            var step = Step()
            guard !state.over else { return step }
            state.waiting[index] = result
            while let ready = state.waiting.removeValue(forKey: state.next) {
                guard let tally = ready.tally else {
                    state.over = true
                    state.waiting.removeAll()
                    step.end = .resume(state.delivered)
                    break
                }
                step.documents.append(ready.documents)
                step.diagnostics += ready.diagnostics.map { state.delivered.shifted($0) }
                state.delivered.absorb(tally)
                state.next += 1
                if ready.isLast {
                    state.over = true
                    step.end = .finished(state.delivered)
                    break
                }
            }
            return step
        }
    }
}
