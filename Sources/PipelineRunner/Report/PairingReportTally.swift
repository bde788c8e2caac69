import Synchronization

/// The report's `pairings.csv` figures, tallied from the rows as the run renders them, so the report does not read
/// the run's largest table back from disk. Each rendered row is counted with the same per-record code a scan of the
/// written file uses (`ReportReader.PairingScan.add`, on the row's own bytes). Chunks arrive in any order; that does
/// not change the result: every figure is a sum, and a game's name is the same text in every row that cites it.
///
/// A renderer takes a scan, counts its chunk into it and gives it back, so the scans live as long as the run and
/// are merged once at the end (merging a fresh scan per 256-player chunk into one total was about 1 % of a 100k
/// run's CPU, its dictionaries rebuilt and merged entry by entry for every chunk).
final class PairingReportTally: Sendable {
    private let idle = Mutex<[ReportReader.PairingScan]>([])

    /// A scan to count rows into (one given back earlier, or a new one); return it with `give`.
    func take() -> ReportReader.PairingScan {
        idle.withLock { $0.popLast() } ?? ReportReader.PairingScan()
    }

    func give(_ scan: ReportReader.PairingScan) {
        idle.withLock { $0.append(scan) }
    }

    /// Everything counted so far (call when no renderer holds a scan).
    var scan: ReportReader.PairingScan {
        idle.withLock { scans in
            var total = ReportReader.PairingScan()
            for scan in scans { total.merge(scan) }
            return total
        }
    }
}
