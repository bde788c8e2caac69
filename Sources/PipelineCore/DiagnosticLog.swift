import Synchronization

/// A thread-safe diagnostic collector. `sorted()` gives the de-duplicated, totally ordered list
/// written to `diagnostics.json`; `onEmit` lets the CLI echo each one to stderr as it happens.
public final class DiagnosticLog: DiagnosticSink, @unchecked Sendable {
    private let storage = Mutex<[Diagnostic]>([])
    private let onEmit: (@Sendable (Diagnostic) -> Void)?

    public init(onEmit: (@Sendable (Diagnostic) -> Void)? = nil) {
        self.onEmit = onEmit
    }

    public func emit(_ diagnostic: Diagnostic) {
        storage.withLock { $0.append(diagnostic) }
        onEmit?(diagnostic)
    }

    public var all: [Diagnostic] { storage.withLock { $0 } }

    /// De-duplicated and sorted.
    public func sorted() -> [Diagnostic] {
        Array(Set(all)).sorted()
    }

    public func count(_ severity: Severity) -> Int {
        storage.withLock { $0.filter { $0.severity == severity }.count }
    }

    public var hasErrors: Bool { count(.error) > 0 }
}
