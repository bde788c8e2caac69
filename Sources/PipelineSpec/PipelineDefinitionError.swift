import PipelineCore

/// A pipeline file that cannot be used; carries every problem found, each with `file:line`.
public struct PipelineDefinitionError: Error, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
