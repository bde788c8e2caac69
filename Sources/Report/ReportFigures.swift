/// Everything the run report shows, already aggregated (no rows). A section is nil when the output lacks its
/// stage, and the page then omits it.
public struct ReportFigures: Sendable, Equatable {
    /// The pipeline's name (the page title).
    public var pipeline: String
    public var ingest: IngestFigures?
    public var density: DensityGrid?
    public var pairing: PairingFigures?
    public var matches: MatchFunnel?
    public var trades: TradeFigures?
    public var lobbies: LobbyFigures?
    public var dota: DotaFigures?
    public var player: PlayerProgress?
    /// This run's headline figures, and the previous run's when the output it replaced had them.
    public var headline: HeadlineFigures?
    public var previousHeadline: HeadlineFigures?

    public init(pipeline: String) {
        self.pipeline = pipeline
    }
}
