/// Splits a want-list file into trimmed text lines.
///
/// Lines end at LF, CR or CRLF (as Java's `readLine`, which TradeMaximizer uses); a UTF-8 byte-order
/// mark at the start is skipped; every byte ≤ 0x20 (CR, tabs, Ctrl-Z 0x1A …) is trimmed from both ends, as Java's
/// `String.trim()` does in TradeMaximizer. Each line is decoded as UTF-8; a line that is not valid
/// UTF-8 is decoded as Windows-1252 (Latin-1 with the 0x80–0x9F punctuation block), per line, so a
/// file mixing UTF-8 comments and CP1252 bytes still decodes every line sensibly.
public enum WantListLineReader {
    public struct Line: Sendable, Hashable {
        public var number: Int
        public var text: String
    }

    /// The lines (blank ones dropped) and the numbers of lines that needed the CP1252 fallback.
    public static func lines(of bytes: [UInt8]) -> (lines: [Line], fallbackLines: [Int]) {
        var result: [Line] = []
        var fallback: [Int] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            while start <= count {
                number += 1
                var end = start
                while end < count && buffer[end] != 0x0A && buffer[end] != 0x0D { end += 1 }
                var lo = start, hi = end
                while lo < hi && buffer[lo] <= 0x20 { lo += 1 }
                while hi > lo && buffer[hi - 1] <= 0x20 { hi -= 1 }
                if lo < hi {
                    let slice = UnsafeBufferPointer(rebasing: buffer[lo..<hi])
                    if let text = String(validating: slice, as: UTF8.self) {
                        result.append(Line(number: number, text: text))
                    } else {
                        fallback.append(number)
                        result.append(Line(number: number, text: decodeWindows1252(slice)))
                    }
                }
                start = end + (end + 1 < count && buffer[end] == 0x0D && buffer[end + 1] == 0x0A ? 2 : 1)
            }
        }
        return (result, fallback)
    }

    /// Windows-1252 → String. Undefined bytes (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to their Latin-1 code points.
    public static func decodeWindows1252<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if byte >= 0x80 && byte <= 0x9F {
                let mapped = cp1252High[Int(byte - 0x80)]
                scalars.append(Unicode.Scalar(mapped == 0 ? UInt32(byte) : mapped)!)
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    private static let cp1252High: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]
}
