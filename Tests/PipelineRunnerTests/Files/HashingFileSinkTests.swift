import Foundation
import PipelineCore
import PipelineTestSupport
import Testing
@testable import PipelineRunner

@Suite struct HashingFileSinkTests {
    static let block = HashingFileSink.directBlockBytes

    /// Sizes around the aligned block and its multiples, where the direct writes and the buffered tail meet.
    static let sizes = [0, 1, 4_095, 4_096, 4_097, block - 1, block, block + 1, 2 * block + 12_345]

    @Test(arguments: sizes, [true, false])
    func fileHoldsEveryByteWithItsChecksum(size: Int, directIO: Bool) throws {
        var rng = SeededGenerator(seed: UInt64(size) &+ 17)
        let bytes = (0..<size).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let url = try RepositoryPaths.temporaryDirectory("sink").appendingPathComponent("out.bin")
        let sink = try HashingFileSink(url: url, directIO: directIO)
        // Pieces of uneven sizes, some larger than a block.
        var from = 0
        while from < size {
            let piece = min(size - from, Int(rng.next() % UInt64(Self.block + Self.block / 2)) + 1)
            try sink.write(Array(bytes[from..<(from + piece)]))
            from += piece
        }
        let checksum = try sink.finish()
        #expect(try Array(Data(contentsOf: url)) == bytes)
        #expect(checksum == SHA256.hex(of: bytes))
        #expect(sink.byteCount == size)
        if !directIO { #expect(!sink.isDirect) }
    }

    @Test func directWritesLeaveDirectModeOnlyForTheTail() throws {
        let url = try RepositoryPaths.temporaryDirectory("sink-mode").appendingPathComponent("out.bin")
        let sink = try HashingFileSink(url: url, directIO: true)
        let opened = sink.isDirect  // false where the filesystem has no O_DIRECT; the writes are the same then
        try sink.write([UInt8](repeating: 7, count: Self.block * 2))
        #expect(sink.isDirect == opened)
        try sink.write([1, 2, 3])
        _ = try sink.finish()
        #expect(!sink.isDirect)
        let written = try Array(Data(contentsOf: url))
        #expect(written.count == Self.block * 2 + 3)
        #expect(written.suffix(3) == [1, 2, 3])
    }

    /// A direct write the device refuses (1,000 bytes is no multiple of any logical block size, so `EINVAL`):
    /// the sink clears `O_DIRECT` and writes the same bytes through the page cache.
    @Test func refusedDirectWriteFallsBackToBufferedWrites() throws {
        var rng = SeededGenerator(seed: 99)
        let bytes = (0..<25_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        let url = try RepositoryPaths.temporaryDirectory("sink-fallback").appendingPathComponent("out.bin")
        let sink = try HashingFileSink(url: url, directIO: true, blockBytes: 1_000)
        let opened = sink.isDirect
        for start in stride(from: 0, to: bytes.count, by: 3_000) {
            try sink.write(Array(bytes[start..<min(bytes.count, start + 3_000)]))
        }
        if opened { #expect(!sink.isDirect, "an unaligned direct write is refused, so the sink left direct mode") }
        #expect(try sink.finish() == SHA256.hex(of: bytes))
        #expect(try Array(Data(contentsOf: url)) == bytes)
    }

    @Test(arguments: [(nil, true), ("on", true), ("1", true), ("off", false), ("OFF", false), ("0", false),
                      ("false", false), ("no", false)] as [(String?, Bool)])
    func environmentSwitch(value: String?, direct: Bool) {
        #expect(HashingFileSink.directIO(environmentValue: value) == direct)
    }
}
