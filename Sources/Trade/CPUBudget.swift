#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A budget of the solving thread's CPU seconds (`CLOCK_THREAD_CPUTIME_ID`), started at creation: it covers
/// everything a capped solve does (uncapped solve, warm start, loop enumeration, MIP stages), so neither a
/// loaded machine nor the run's other stages working beside the solve (`run` overlaps `trade` with pairing)
/// cut it short, and nothing runs outside it. The solve is single-threaded, so the thread's clock is all of it.
/// CBC's own limit inside one MIP call counts the process's CPU; it is handed what is left of this budget.
struct CPUBudget {
    private let begin: Double
    let seconds: Double

    init(seconds: Double) {
        begin = Self.threadSeconds()
        self.seconds = seconds
    }

    var elapsed: Double { Self.threadSeconds() - begin }

    /// Seconds left (at least 0.01, so a solver handed it still returns its incumbent).
    var remaining: Double { max(0.01, seconds - elapsed) }

    var isExhausted: Bool { elapsed >= seconds }

    private static func threadSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
