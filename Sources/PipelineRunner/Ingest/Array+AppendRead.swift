import Foundation
import Glibc

extension Array where Element == UInt8 {
    /// Appends at most `count` bytes read from `descriptor` with one `read(2)` (retried on `EINTR`), straight into
    /// the array's storage; returns how many were read (0 at the end of the file). On a read error nothing is
    /// appended and the error is thrown.
    mutating func appendRead(from descriptor: Int32, upTo count: Int) throws -> Int {
        let start = self.count
        append(contentsOf: repeatElement(0, count: count))
        let got = withUnsafeMutableBytes { raw in
            var n: Int
            repeat { n = Glibc.read(descriptor, raw.baseAddress! + start, count) } while n < 0 && errno == EINTR
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
}
