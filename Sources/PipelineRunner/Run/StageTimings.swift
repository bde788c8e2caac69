import Foundation
import Glibc

/// Per-stage figures of one run: wall time, CPU seconds (user + system, whole process), the process's
/// peak RSS so far, the stage's own peak RSS (sampled) and the bytes the stage wrote. `run` prints one line per stage on stderr and writes
/// them to `.<output>.timings.json` beside the published directory (never inside it, so the published
/// tables, the manifest and the goldens stay free of timestamps and stable to the byte).
public struct StageTimings: Sendable, Codable {
    public struct Stage: Sendable, Codable {
        public var stage: String
        public var wallSeconds: Double
        public var cpuSeconds: Double
        /// The process's peak RSS so far (`getrusage`; never falls, so a later stage can hide behind an earlier one).
        public var peakRSSBytes: Int
        /// The highest RSS seen while this stage ran (`/proc/self/statm` sampled every 10 ms, and at its start
        /// and end): what the stage itself needs on top of what earlier stages left behind.
        public var stagePeakRSSBytes: Int?
        public var bytesWritten: Int

        /// `timing: normalize  wall 1.23 s  cpu 2.10 s  peak rss 512.0 MiB (stage 480.0 MiB)  written 0 B`
        public var line: String {
            "timing: \(stage.padding(toLength: 10, withPad: " ", startingAt: 0)) wall \(String(format: "%.2f", wallSeconds)) s"
                + "  cpu \(String(format: "%.2f", cpuSeconds)) s  peak rss \(Self.size(peakRSSBytes))"
                + (stagePeakRSSBytes.map { " (stage \(Self.size($0)))" } ?? "") + "  written \(Self.size(bytesWritten))"
        }

        public static func size(_ bytes: Int) -> String {
            if bytes >= 1 << 30 { return String(format: "%.2f GiB", Double(bytes) / Double(1 << 30)) }
            if bytes >= 1 << 20 { return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20)) }
            return "\(bytes) B"
        }
    }

    public var stages: [Stage] = []

    public init() {}

    /// Runs `body` as stage `name` and records its figures; `written` reports the bytes it wrote.
    public mutating func measure<T>(_ name: String, written: (T) -> Int = { _ in 0 }, _ body: () throws -> T) rethrows -> T {
        try measure(name, written: written, excluding: nil, body)
    }

    /// As `measure(_:written:_:)`, for a stage that runs beside another: `excluding` reads the other stage's
    /// CPU seconds so far, and what it used meanwhile is left out of this stage's CPU figure.
    /// `clock` reads the process's figures (a parameter for tests).
    mutating func measure<T>(_ name: String, written: (T) -> Int = { _ in 0 }, excluding: (() -> Double)?,
                             clock: () -> ProcessClock = ProcessClock.now, _ body: () throws -> T) rethrows -> T {
        let sampler = RSSSampler()
        let otherStart = excluding?() ?? 0
        let start = clock()
        let value = try body()
        let end = clock()
        let other = (excluding?() ?? 0) - otherStart
        stages.append(Stage(stage: name, wallSeconds: end.wall - start.wall, cpuSeconds: max(0, end.cpu - start.cpu - other),
                            peakRSSBytes: end.peakRSS, stagePeakRSSBytes: sampler.stop(), bytesWritten: written(value)))
        return value
    }

    /// The figures as stable JSON (sorted keys).
    public func encoded() -> [UInt8] { StableJSON.encode(self) }
}

/// Wall clock, CPU time and peak RSS of this process, read from `clock_gettime` and `getrusage`.
public struct ProcessClock: Sendable {
    public var wall: Double
    public var cpu: Double
    public var peakRSS: Int

    public static func now() -> ProcessClock {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return ProcessClock(wall: Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9, cpu: cpu, peakRSS: Int(usage.ru_maxrss) * 1024)
    }
}
