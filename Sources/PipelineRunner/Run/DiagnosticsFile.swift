import PipelineCore

/// `diagnostics.json`: the run's diagnostics, sorted and de-duplicated, each with its rendered line.
struct DiagnosticsFile: Encodable {
    struct Entry: Encodable {
        var severity: String
        var code: String
        var message: String
        var file: String?
        var line: Int?
        var path: String?
        var text: String
    }

    var errors: Int
    var warnings: Int
    var diagnostics: [Entry]

    init(_ sorted: [Diagnostic]) {
        errors = sorted.filter { $0.severity == .error }.count
        warnings = sorted.filter { $0.severity == .warning }.count
        diagnostics = sorted.map {
            Entry(severity: $0.severity.rawValue, code: $0.code, message: $0.message, file: $0.location?.file,
                  line: $0.location?.line, path: $0.location?.path, text: $0.description)
        }
    }
}
