import Foundation
import PipelineCore

/// Writes diagnostics and summaries to stderr (never stdout, which is reserved for data).
public enum DiagnosticPrinter {
    public static func printToStandardError(_ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty else { return }
        standardError(diagnostics.map(\.description).joined(separator: "\n") + "\n")
    }

    public static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
