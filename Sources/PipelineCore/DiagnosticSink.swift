/// Receives diagnostics from a stage. Stages emit and carry on; they throw only when the
/// whole run cannot continue.
public protocol DiagnosticSink: Sendable {
    func emit(_ diagnostic: Diagnostic)
}

extension DiagnosticSink {
    public func error(_ code: String, _ message: String, at location: SourceLocation? = nil) {
        emit(.error(code, message, at: location))
    }

    public func warning(_ code: String, _ message: String, at location: SourceLocation? = nil) {
        emit(.warning(code, message, at: location))
    }
}
