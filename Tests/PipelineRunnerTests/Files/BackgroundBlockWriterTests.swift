import Foundation
import Synchronization
import Testing
@testable import PipelineRunner

/// The background writer writes every block once, in order, one at a time; a failed write is reported by the next
/// `submit` or `wait`, and nothing handed over after it is written.
@Suite struct BackgroundBlockWriterTests {
    struct Refused: Error, Equatable {}

    @Test func writesEveryBlockInOrder() throws {
        let written = Mutex<[[UInt8]]>([])
        let writer = BackgroundBlockWriter { start, count in
            written.withLock { $0.append(Array(UnsafeRawBufferPointer(start: start, count: count))) }
        }
        defer { writer.stop() }
        // Two buffers used in turn, as HashingFileSink does: a buffer is refilled only after the next submit.
        var buffers: [[UInt8]] = [[UInt8](repeating: 0, count: 64), [UInt8](repeating: 0, count: 64)]
        var expected: [[UInt8]] = []
        for block in 0..<50 {
            let b = block % 2
            let size = 1 + block % 64
            for i in 0..<size { buffers[b][i] = UInt8(truncatingIfNeeded: block &* 7 &+ i) }
            expected.append(Array(buffers[b][0..<size]))
            try buffers[b].withUnsafeBytes { try writer.submit($0.baseAddress!, size) }
            if block % 2 == 1 { try writer.wait() }  // both buffers are free again
        }
        try writer.wait()
        #expect(written.withLock { $0 } == expected)
    }

    @Test func aFailedWriteIsThrownAndStopsLaterWrites() throws {
        let calls = Mutex(0)
        let writer = BackgroundBlockWriter { _, _ in
            let call = calls.withLock { $0 += 1; return $0 }
            if call == 2 { throw Refused() }
        }
        defer { writer.stop() }
        let block = [UInt8](repeating: 1, count: 8)
        try block.withUnsafeBytes { try writer.submit($0.baseAddress!, 8) }
        try block.withUnsafeBytes { try writer.submit($0.baseAddress!, 8) }
        #expect(throws: Refused.self) { try writer.wait() }
        #expect(throws: Refused.self) { try block.withUnsafeBytes { try writer.submit($0.baseAddress!, 8) } }
        #expect(throws: Refused.self) { try writer.wait() }
        #expect(calls.withLock { $0 } == 2)
    }
}
