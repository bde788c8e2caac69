import PipelineCore

/// Holds the diagnostics of one document or bundle line until it is known to be well-formed JSON: a
/// broken line or file is reported by its grammar error alone, not also by what was found before it.
/// Used by one decoding thread at a time (one instance per chunk or file), hence `@unchecked Sendable`.
final class JSONPendingDiagnostics: DiagnosticSink, @unchecked Sendable {
    private var pending: [Diagnostic] = []

    func emit(_ diagnostic: Diagnostic) { pending.append(diagnostic) }

    /// Passes the held diagnostics on, in order.
    func flush(to sink: some DiagnosticSink) {
        guard !pending.isEmpty else { return }
        for diagnostic in pending { sink.emit(diagnostic) }
        pending.removeAll(keepingCapacity: true)
    }

    func discard() { pending.removeAll(keepingCapacity: true) }
}
