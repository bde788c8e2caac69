import Foundation
import Glibc
import PipelineRunner
import Synchronization

/// Ingest progress on stderr, rewritten in place at most 4 times a second (files and MB done, rate, ETA),
/// only when stderr is a terminal and `--quiet` was not given; piped output gets nothing extra.
final class ProgressLine: Sendable {
    private let start = ProcessClock.now().wall
    private let lastShown = Mutex<Double>(0)

    /// A display, or nil when progress should not be shown.
    static func make(quiet: Bool) -> ProgressLine? {
        quiet || isatty(STDERR_FILENO) == 0 ? nil : ProgressLine()
    }

    func update(_ p: DatasetIngestor.IngestProgress) {
        let now = ProcessClock.now().wall
        let done = p.filesDone == p.files
        let show = lastShown.withLock { last in
            guard done || now - last >= 0.25 else { return false }
            last = now
            return true
        }
        guard show else { return }
        let elapsed = max(now - start, 1e-3)
        let rate = Double(p.bytesDone) / 1_048_576 / elapsed
        let remaining = rate > 0 ? Double(p.bytes - p.bytesDone) / 1_048_576 / rate : 0
        let text = String(format: "\ringest: %d/%d files, %.0f/%.0f MB, %.0f MB/s, ETA %.0f s\u{1B}[K", p.filesDone, p.files,
                          Double(p.bytesDone) / 1_048_576, Double(p.bytes) / 1_048_576, rate, remaining)
        FileHandle.standardError.write(Data((done ? text + "\r\u{1B}[K" : text).utf8))
    }
}
