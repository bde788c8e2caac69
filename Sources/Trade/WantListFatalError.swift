import PipelineCore

/// A structural error that makes a want-list file unusable (TradeMaximizer stops on these too):
/// one diagnostic, and the caller exits with status 2.
public struct WantListFatalError: Error, Sendable, CustomStringConvertible {
    public var diagnostic: Diagnostic
    public init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }
    public var description: String { diagnostic.description }
}
