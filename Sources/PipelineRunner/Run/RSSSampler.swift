import Foundation
import Glibc
import Synchronization

/// The highest resident set size seen between `init` and `stop()`: a background thread reads
/// `/proc/self/statm` every 10 ms (the kernel's own peak, `getrusage`, only ever rises, so it cannot tell
/// a later stage's peak from an earlier one's). Returns nil where `/proc` is not available.
final class RSSSampler: Sendable {
    private let state = Mutex<(peak: Int, running: Bool)>((0, true))
    private let done = DispatchSemaphore(value: 0)

    init() {
        record(Self.currentRSS())
        let thread = Thread { [self] in
            while state.withLock({ $0.running }) {
                record(Self.currentRSS())
                usleep(10_000)
            }
            done.signal()
        }
        thread.stackSize = 64 << 10
        thread.start()
    }

    /// Stops sampling and returns the peak (nil when RSS could not be read).
    func stop() -> Int? {
        record(Self.currentRSS())
        state.withLock { $0.running = false }
        done.wait()
        let peak = state.withLock { $0.peak }
        return peak > 0 ? peak : nil
    }

    private func record(_ rss: Int?) {
        guard let rss else { return }
        state.withLock { $0.peak = max($0.peak, rss) }
    }

    /// Resident pages × page size, from the second field of `/proc/self/statm`.
    static func currentRSS() -> Int? {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
