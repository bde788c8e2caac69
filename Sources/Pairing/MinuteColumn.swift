/// A column of non-negative minute figures at 4 bytes a value: values below `UInt32.max` are stored
/// inline; the rare larger (or negative) one is stored exactly on the side, so reads give back the very `Int`.
struct MinuteColumn: Sendable, Hashable {
    private(set) var narrow: [UInt32] = []
    /// Position → value, for values that do not fit below the `UInt32.max` marker.
    private(set) var wide: [Int: Int] = [:]

    init() {}

    var count: Int { narrow.count }

    mutating func reserveCapacity(_ n: Int) { narrow.reserveCapacity(n) }

    mutating func append(_ value: Int) {
        if value >= 0 && value < Int(UInt32.max) {
            narrow.append(UInt32(value))
        } else {
            wide[narrow.count] = value
            narrow.append(UInt32.max)
        }
    }

    /// The values of `runs`, concatenated in the order given.
    func gathering(_ runs: [Range<Int>]) -> MinuteColumn {
        var out = MinuteColumn()
        out.reserveCapacity(count)
        for run in runs {
            if !wide.isEmpty {
                for i in run where narrow[i] == UInt32.max { out.wide[out.narrow.count + (i - run.lowerBound)] = wide[i] }
            }
            out.narrow.append(contentsOf: narrow[run])
        }
        return out
    }

    @inline(__always) subscript(_ i: Int) -> Int {
        let x = narrow[i]
        return x == UInt32.max ? wide[i]! : Int(x)
    }
}
