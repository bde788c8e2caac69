import Foundation
import Glibc
import Synchronization
import Testing
@testable import PipelineRunner

/// A stage on its own thread (`trade` beside pairing): its value, its CPU from its own thread's clock, and a
/// foreground stage's CPU figure without it. (That the overlapped run publishes the same bytes as a sequential one
/// is `GoldenTests.outputIsByteIdenticalForOneAndManyThreads`: one thread runs the stages in turn, four overlap them.)
@Suite struct BackgroundStageTests {
    /// Burns the calling thread's CPU until its clock has advanced by `seconds`.
    static func spin(cpuSeconds seconds: Double) -> Double {
        func now() -> Double {
            var ts = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
            return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
        }
        let start = now()
        var x = 0.0
        while now() - start < seconds { for i in 0..<10_000 { x += Double(i).squareRoot() } }
        return x
    }

    @Test func joinGivesTheValueAndTheThreadsOwnFigures() {
        let stage = BackgroundStage("trade") { Self.spin(cpuSeconds: 0.3) > 0 ? 42 : 0 }
        let (value, figures) = stage.join()
        #expect(value == 42)
        #expect(figures.stage == "trade")
        #expect(figures.cpuSeconds >= 0.3 && figures.cpuSeconds < 1.0, "\(figures.cpuSeconds)")
        #expect(figures.wallSeconds > 0)
        #expect(figures.bytesWritten == 0)
        #expect(stage.cpuSeconds() == figures.cpuSeconds, "after the stage ends its CPU figure stays put")
        #expect(stage.join().value == 42, "joining twice is allowed")
    }

    @Test func aForegroundStageLeavesTheBackgroundStagesCPUOut() {
        // The process clock says 3 CPU-s passed during the stage; the stage beside it used 1.25 of them.
        var process = [ProcessClock(wall: 100, cpu: 10, peakRSS: 1 << 20), ProcessClock(wall: 102, cpu: 13, peakRSS: 2 << 20)]
        var other = [4.0, 5.25]
        var timings = StageTimings()
        let value = timings.measure("pair", excluding: { other.removeFirst() }, clock: { process.removeFirst() }) { 7 }
        #expect(value == 7)
        #expect(timings.stages.map(\.stage) == ["pair"])
        #expect(timings.stages[0].cpuSeconds == 1.75)
        #expect(timings.stages[0].wallSeconds == 2)
        #expect(timings.stages[0].peakRSSBytes == 2 << 20)
        #expect(process.isEmpty && other.isEmpty, "each clock read once at the start and once at the end")
    }

    /// With a gate (`run --trade-after-lists`: trade waits for the shards' lists) the stage's body starts only once the
    /// gate opens, and its wall time counts from then; a gate opened twice, or waited on after, lets everyone through.
    @Test func aGatedStageStartsWhenItsGateOpens() {
        let gate = OneShotGate()
        let ran = Mutex(false)
        let stage = BackgroundStage("trade", after: gate) { () -> Int in
            ran.withLock { $0 = true }
            return 7
        }
        usleep(200_000)
        #expect(!ran.withLock { $0 }, "the body waited for the gate")
        gate.open()
        gate.open()
        let (value, figures) = stage.join()
        #expect(value == 7 && ran.withLock { $0 })
        #expect(figures.wallSeconds < 0.2, "\(figures.wallSeconds): counted from the gate's opening")
        gate.wait()
        gate.wait()
    }

    @Test func theBackgroundStagesClockIsReadableWhileItRuns() {
        let release = DispatchSemaphore(value: 0)
        let stage = BackgroundStage("trade") { () -> Double in
            let x = Self.spin(cpuSeconds: 0.2)
            release.wait()
            return x
        }
        // Its own thread's clock: at least the 0.2 s it has spun once it is waiting, whatever else the process does.
        var seen = 0.0
        let deadline = Date().addingTimeInterval(60)
        while seen < 0.2, Date() < deadline { seen = stage.cpuSeconds(); usleep(1_000) }
        #expect(seen >= 0.2 && seen < 1.0, "\(seen)")
        release.signal()
        let (_, figures) = stage.join()
        #expect(figures.cpuSeconds >= seen)
    }
}
