/// Parquet's RLE / bit-packing hybrid for repetition and definition levels (data page v1: a 4-byte little-endian
/// length, then the runs). Runs of 8 or more equal levels are RLE runs; the levels between them are bit-packed in
/// groups of 8 (a group that would end inside a long run takes its first levels; only the last group is padded).
enum ParquetLevelEncoder {
    /// Appends `levels` (each < 2^bitWidth; `bitWidth` 1…8) to `out`, length first.
    static func append(_ levels: [UInt8], bitWidth: Int, to out: inout [UInt8]) {
        let lengthAt = out.count
        out += [0, 0, 0, 0]
        let start = out.count
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
                    packBits(levels, from..<(i + pad), bitWidth: bitWidth, to: &out)
                    packedFrom = nil
                    rle -= pad
                    i += pad
                }
                if rle > 0 {
                    varint(UInt64(rle) << 1, to: &out)
                    out.append(levels[i])
                }
                i += rle
            } else {
                if packedFrom == nil { packedFrom = i }
                i += run
            }
        }
        if let from = packedFrom { packBits(levels, from..<n, bitWidth: bitWidth, to: &out) }
        let length = UInt32(out.count - start)
        for k in 0..<4 { out[lengthAt + k] = UInt8(truncatingIfNeeded: length >> (8 * UInt32(k))) }
    }

    /// One bit-packed run of `levels[range]`, padded with zeros to whole groups of 8.
    private static func packBits(_ levels: [UInt8], _ range: Range<Int>, bitWidth: Int, to out: inout [UInt8]) {
        let groups = (range.count + 7) / 8
        varint(UInt64(groups) << 1 | 1, to: &out)
        var buffer: UInt64 = 0
        var bits = 0
        for k in 0..<(groups * 8) {
            let index = range.lowerBound + k
            let level = index < range.upperBound ? UInt64(levels[index]) : 0
            buffer |= level << UInt64(bits)
            bits += bitWidth
            while bits >= 8 {
                out.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                bits -= 8
            }
        }
    }

    static func varint(_ value: UInt64, to out: inout [UInt8]) {
        var v = value
        while v >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }
}
