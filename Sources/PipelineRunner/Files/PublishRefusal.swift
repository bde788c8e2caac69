import PipelineCore

/// Why a publish did not happen, with the diagnostic to print and the exit status to end with:
/// 2 for a target that is not ours or overlaps the input, 3 for a busy or unwritable output,
/// 1 for a run that read nothing usable. In every case the previous output is untouched.
public struct PublishRefusal: Error, CustomStringConvertible, Sendable {
    public var diagnostic: Diagnostic
    public var exitStatus: ExitStatus

    public init(_ code: String, _ message: String, path: String, exitStatus: ExitStatus) {
        diagnostic = .error(code, message, at: SourceLocation(file: path))
        self.exitStatus = exitStatus
    }

    public var description: String { diagnostic.description }
}
