import Foundation
import Glibc
import Synchronization

/// A stage run on a thread of its own while the run's other stages go on (the single-threaded `trade` stage
/// beside `pair`, `match` and `lobby`, which keep both cores busy only part of the time).
///
/// Its CPU figure is its thread's own clock (`pthread_getcpuclockid`), readable from other threads while it
/// runs, so the stages it overlaps can leave it out of theirs (`StageTimings.measure(_:excluding:_:)`).
final class BackgroundStage<Value: Sendable>: Sendable {
    private struct State {
        var clock: clockid_t?
        /// The thread's CPU seconds when it finished; nil while it runs.
        var finalCPU: Double?
        var value: Value?
        var stage: StageTimings.Stage?
    }

    private let state = Mutex<State>(State())
    private let finished = DispatchSemaphore(value: 0)
    private let started = DispatchSemaphore(value: 0)

    /// Starts `body` on a new thread (stack `stackBytes`, like a main thread's) as stage `name`; with `gate`, once it
    /// opens (the stage's wall time counts from then).
    init(_ name: String, stackBytes: Int = 16 << 20, after gate: OneShotGate? = nil, _ body: @escaping @Sendable () -> Value) {
        let thread = Thread { [self] in
            var clock = clockid_t()
            let ownClock = pthread_getcpuclockid(pthread_self(), &clock) == 0 ? clock : nil
            state.withLock { $0.clock = ownClock }
            started.signal()
            gate?.wait()
            let sampler = RSSSampler()
            let start = ProcessClock.now()
            let value = body()
            let end = ProcessClock.now()
            let stagePeak = sampler.stop()
            // Under the lock, so a reader that still sees the clock reads it while this thread is alive.
            state.withLock {
                let cpu = Self.threadCPUSeconds(CLOCK_THREAD_CPUTIME_ID) ?? 0
                $0.finalCPU = cpu
                $0.clock = nil
                $0.value = value
                $0.stage = StageTimings.Stage(stage: name, wallSeconds: end.wall - start.wall, cpuSeconds: cpu,
                                              peakRSSBytes: end.peakRSS, stagePeakRSSBytes: stagePeak, bytesWritten: 0)
            }
            finished.signal()
        }
        thread.stackSize = stackBytes
        thread.start()
        started.wait()
    }

    /// The stage thread's CPU seconds so far (its total once it has finished).
    func cpuSeconds() -> Double {
        state.withLock { state in
            if let final = state.finalCPU { return final }
            return state.clock.flatMap { Self.threadCPUSeconds($0) } ?? 0
        }
    }

    /// Waits for the stage to finish; its value and its figures.
    func join() -> (value: Value, stage: StageTimings.Stage) {
        finished.wait()
        finished.signal()
        return state.withLock { ($0.value!, $0.stage!) }
    }

    private static func threadCPUSeconds(_ clock: clockid_t) -> Double? {
        var ts = timespec()
        guard clock_gettime(clock, &ts) == 0 else { return nil }
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
