#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A budget of process CPU seconds (`clock()`, the same clock CBC's own limit uses), started at creation:
/// it covers everything a capped solve does (uncapped solve, warm start, loop enumeration, MIP stages),
/// so a loaded machine does not cut a solve short and nothing runs outside it.
struct CPUBudget {
    private let begin: clock_t
    let seconds: Double

    init(seconds: Double) {
        begin = clock()
        self.seconds = seconds
    }

    var elapsed: Double { Double(clock() - begin) / Double(CLOCKS_PER_SEC) }

    /// Seconds left (at least 0.01, so a solver handed it still returns its incumbent).
    var remaining: Double { max(0.01, seconds - elapsed) }

    var isExhausted: Bool { elapsed >= seconds }
}

