/// The process exit codes of `steam-mate` (documented in the README).
public enum ExitStatus: Int32, Sendable {
    /// Everything read without errors (warnings allowed).
    case success = 0
    /// The run finished and published its output, but input errors were reported.
    case inputErrors = 1
    /// The pipeline definition or the command line is unusable; nothing was written.
    case definitionError = 2
    /// Output could not be written; the previous output is intact.
    case outputError = 3
}
