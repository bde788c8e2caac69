import PipelineCore

/// Parquet's RLE / bit-packing hybrid for repetition and definition levels (data page v1: a 4-byte little-endian
/// length, then the runs). Runs of 8 or more equal levels are RLE runs; the levels between them are bit-packed in
/// groups of 8 (a group that would end inside a long run takes its first levels; only the last group is padded).
/// Run headers are LEB128 (`BinaryWriter.unsigned`).
enum ParquetLevelEncoder {
    /// Appends `levels` (each < 2^bitWidth; `bitWidth` 1…8) to `out`, length first.
    static func append(_ levels: [UInt8], bitWidth: Int, to out: inout [UInt8]) {
        var runs = BinaryWriter()
        var packedFrom: Int? = nil
        var i = 0
        let n = levels.count
        while i < n {
            var run = 1
            while i + run < n && levels[i + run] == levels[i] { run += 1 }
            if run >= 8 {
                var rle = run
                if let from = packedFrom {
                    // The packed levels end on a group of 8: the group takes its last levels from this run.
                    let pad = (8 - (i - from) % 8) % 8
                    packBits(levels, from..<(i + pad), bitWidth: bitWidth, to: &runs)
                    packedFrom = nil
                    rle -= pad
                    i += pad
                }
                if rle > 0 {
                    runs.unsigned(UInt64(rle) << 1)
                    runs.byte(levels[i])
                }
                i += rle
            } else {
                if packedFrom == nil { packedFrom = i }
                i += run
            }
        }
        if let from = packedFrom { packBits(levels, from..<n, bitWidth: bitWidth, to: &runs) }
        withUnsafeBytes(of: UInt32(runs.bytes.count).littleEndian) { out.append(contentsOf: $0) }
        out += runs.bytes
    }

    /// One bit-packed run of `levels[range]`, padded with zeros to whole groups of 8.
    private static func packBits(_ levels: [UInt8], _ range: Range<Int>, bitWidth: Int, to runs: inout BinaryWriter) {
        let groups = (range.count + 7) / 8
        runs.unsigned(UInt64(groups) << 1 | 1)
        var buffer: UInt64 = 0
        var bits = 0
        for k in 0..<(groups * 8) {
            let index = range.lowerBound + k
            let level = index < range.upperBound ? UInt64(levels[index]) : 0
            buffer |= level << UInt64(bits)
            bits += bitWidth
            while bits >= 8 {
                runs.byte(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                bits -= 8
            }
        }
    }
}
