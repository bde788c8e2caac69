import PipelineCore
import Testing
@testable import Emit

/// The RLE / bit-packing hybrid decodes back to the levels given, for runs of every length and both widths the
/// writer uses; the decoder here follows the Parquet spec, not the encoder.
@Suite struct ParquetLevelEncoderTests {
    @Test func longRunsAreRLEAndShortOnesBitPacked() {
        var out: [UInt8] = []
        ParquetLevelEncoder.append(Array(repeating: 1, count: 10), bitWidth: 1, to: &out)
        #expect(out == [2, 0, 0, 0, 0x14, 0x01])  // one RLE run: header 10 << 1, value 1
        out = []
        ParquetLevelEncoder.append([0, 1, 0, 1], bitWidth: 1, to: &out)
        #expect(out == [2, 0, 0, 0, 0x03, 0x0A])  // one bit-packed group: header 1 << 1 | 1, bits LSB first
        out = []
        ParquetLevelEncoder.append([3, 0, 2], bitWidth: 2, to: &out)
        #expect(out == [3, 0, 0, 0, 0x03, 0x23, 0x00])  // 2 bits each: 11 00 10, padded to 8 levels
        out = []
        ParquetLevelEncoder.append([], bitWidth: 1, to: &out)
        #expect(out == [0, 0, 0, 0])
    }

    @Test func seededLevelsRoundTrip() throws {
        var generator = SeededGenerator(seed: 11)
        for bitWidth in [1, 2] {
            for _ in 0..<300 {
                var levels: [UInt8] = []
                let target = Int.random(in: 0..<400, using: &generator)
                while levels.count < target {
                    let value = UInt8.random(in: 0..<(1 << bitWidth), using: &generator)
                    let run = Bool.random(using: &generator) ? Int.random(in: 1...3, using: &generator) : Int.random(in: 1...30, using: &generator)
                    levels += Array(repeating: value, count: run)
                }
                var out: [UInt8] = [0xEE]
                ParquetLevelEncoder.append(levels, bitWidth: bitWidth, to: &out)
                #expect(out[0] == 0xEE)
                let decoded = try #require(Self.decode(Array(out.dropFirst()), bitWidth: bitWidth, count: levels.count))
                #expect(decoded == levels)
            }
        }
    }

    /// Decodes `count` levels from a length-prefixed hybrid, or nil when the bytes do not hold exactly them (a run past
    /// the length, padding that is not zeros or longer than one group, bytes left over).
    static func decode(_ bytes: [UInt8], bitWidth: Int, count: Int) -> [UInt8]? {
        guard bytes.count >= 4 else { return nil }
        let length = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        guard bytes.count == 4 + length else { return nil }
        var i = 4, out: [UInt8] = []
        func varint() -> Int? {
            var value = 0, shift = 0
            while i < bytes.count {
                let byte = bytes[i]; i += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        while i < bytes.count {
            guard let header = varint() else { return nil }
            if header & 1 == 0 {
                guard i < bytes.count, header >> 1 > 0 else { return nil }
                out += Array(repeating: bytes[i], count: header >> 1)
                i += 1
            } else {
                let groups = header >> 1
                guard groups > 0, i + groups * bitWidth <= bytes.count else { return nil }
                var buffer = 0, bits = 0
                for _ in 0..<(groups * 8) {
                    while bits < bitWidth { buffer |= Int(bytes[i]) << bits; i += 1; bits += 8 }
                    out.append(UInt8(buffer & ((1 << bitWidth) - 1)))
                    buffer >>= bitWidth
                    bits -= bitWidth
                }
            }
        }
        guard out.count >= count, out.count - count < 8, out[count...].allSatisfy({ $0 == 0 }) else { return nil }
        return Array(out[..<count])
    }
}
