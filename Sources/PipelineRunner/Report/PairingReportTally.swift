import Synchronization

/// The report's `pairings.csv` figures, tallied from the rows as the run renders them, so the report does not read
/// the run's largest table back from disk. Each rendered row is counted with the same per-record code a scan of the
/// written file uses (`ReportReader.PairingScan.add`, on the row's own bytes). Chunks arrive in any order; that does
/// not change the result: every figure is a sum, and a game's name is the same text in every row that cites it.
final class PairingReportTally: Sendable {
    private let state = Mutex(ReportReader.PairingScan())

    /// Adds one rendered chunk's tally.
    func add(_ part: ReportReader.PairingScan) {
        state.withLock { $0.merge(part) }
    }

    /// Everything added so far.
    var scan: ReportReader.PairingScan { state.withLock { $0 } }
}
