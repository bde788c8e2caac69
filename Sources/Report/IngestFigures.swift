/// The ingest section: what was read, and what went wrong where.
public struct IngestFigures: Sendable, Equatable {
    public var filesRead = 0
    public var documents = 0
    public var documentsByKind: [NamedCount] = []
    public var players = 0
    public var playerGames = 0
    public var friendships = 0
    public var groups = 0
    public var errors = 0
    public var warnings = 0
    /// Diagnostics grouped by code, most frequent first.
    public var diagnostics: [DiagnosticGroup] = []
    /// Players by `visibility` (public, private, unknown), when the players table was read.
    public var visibility: [NamedCount] = []

    public init() {}

    /// Every diagnostic of one code: how many, its severity and the first few rendered lines (`path:line: …`).
    public struct DiagnosticGroup: Sendable, Equatable {
        public var code: String
        public var severity: String
        public var count: Int
        public var examples: [String]

        public init(code: String, severity: String, count: Int, examples: [String]) {
            self.code = code
            self.severity = severity
            self.count = count
            self.examples = examples
        }
    }
}
