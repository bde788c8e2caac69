import Foundation
import Glibc
import PipelineRunner
import Synchronization

/// Ingest and write progress on stderr, rewritten in place at most 4 times a second (files and MB done, or
/// table chunks and MB written; rate, ETA), only when stderr is a terminal and `--quiet` was not given;
/// piped output gets nothing extra.
final class ProgressLine: Sendable {
    private let start = ProcessClock.now().wall
    private let lastShown = Mutex<Double>(0)
    private let writeStart = Mutex<Double?>(nil)

    /// A display, or nil when progress should not be shown.
    static func make(quiet: Bool) -> ProgressLine? {
        quiet || isatty(STDERR_FILENO) == 0 ? nil : ProgressLine()
    }

    func update(_ p: DatasetIngestor.IngestProgress) {
        let now = ProcessClock.now().wall
        let done = p.filesDone == p.files
        guard due(now: now, done: done) else { return }
        let elapsed = max(now - start, 1e-3)
        let rate = Double(p.bytesDone) / 1_048_576 / elapsed
        let remaining = rate > 0 ? Double(p.bytes - p.bytesDone) / 1_048_576 / rate : 0
        let text = String(format: "\ringest: %d/%d files, %.0f/%.0f MB, %.0f MB/s, ETA %.0f s\u{1B}[K", p.filesDone, p.files,
                          Double(p.bytesDone) / 1_048_576, Double(p.bytes) / 1_048_576, rate, remaining)
        show(text, done: done)
    }

    /// Write progress: chunks of all tables written, MB written, rate and ETA (by chunks).
    func update(_ p: TableWriteProgress) {
        let now = ProcessClock.now().wall
        let began = writeStart.withLock { first in
            if first == nil { first = now }
            return first!
        }
        let done = p.chunksDone == p.chunks
        guard due(now: now, done: done) else { return }
        let elapsed = max(now - began, 1e-3)
        let megabytes = Double(p.bytesWritten) / 1_048_576
        let remaining = p.chunksDone > 0 ? elapsed * Double(p.chunks - p.chunksDone) / Double(p.chunksDone) : 0
        show(String(format: "\rwrite: %d/%d chunks, %.0f MB, %.0f MB/s, ETA %.0f s\u{1B}[K", p.chunksDone, p.chunks,
                    megabytes, megabytes / elapsed, remaining), done: done)
    }

    /// At most 4 updates a second, and always the last one.
    private func due(now: Double, done: Bool) -> Bool {
        lastShown.withLock { last in
            guard done || now - last >= 0.25 else { return false }
            last = now
            return true
        }
    }

    /// Rewrites the line; the last update clears it, so the stage's timing line follows on a clean line.
    private func show(_ text: String, done: Bool) {
        FileHandle.standardError.write(Data((done ? text + "\r\u{1B}[K" : text).utf8))
    }
}
