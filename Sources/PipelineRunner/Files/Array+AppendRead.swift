import Foundation
import Glibc

/// Copied from by `appendZeroBytes`: 64 KiB of zeroes.
private let zeroBlock = [UInt8](repeating: 0, count: 1 << 16)

extension Array where Element == UInt8 {
    /// Appends at most `count` bytes read from `descriptor` with one `read(2)` (or `pread(2)` at `offset` when one is
    /// given; retried on `EINTR`), straight into the array's storage; returns how many were read (0 at the end of
    /// the file). On a read error nothing is appended and the error is thrown.
    mutating func appendRead(from descriptor: Int32, upTo count: Int, at offset: Int? = nil) throws -> Int {
        let start = self.count
        appendZeroBytes(count)
        let got = withUnsafeMutableBytes { raw in
            var n: Int
            repeat {
                n = offset.map { Glibc.pread(descriptor, raw.baseAddress! + start, count, off_t($0)) }
                    ?? Glibc.read(descriptor, raw.baseAddress! + start, count)
            } while n < 0 && errno == EINTR
            return n
        }
        guard got >= 0 else {
            let code = errno
            removeLast(count)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        removeLast(count - got)
        return got
    }

    /// Appends `count` zero bytes, one block copy per 64 KiB. (`append(contentsOf: repeatElement(0, count:))`
    /// runs the standard library's unspecialized generic loop, element by element, in a debug build: it was
    /// about 90 % of a debug `run` on the sample, whose chunks are megabytes.)
    private mutating func appendZeroBytes(_ count: Int) {
        reserveCapacity(self.count + count)
        var left = count
        while left > 0 {
            let n = Swift.min(left, zeroBlock.count)
            append(contentsOf: zeroBlock[..<n])
            left -= n
        }
    }
}
