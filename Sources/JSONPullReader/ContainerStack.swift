/// The open containers of a reader as a fixed-size bit stack (1 = object, 0 = array), so that a reader
/// never allocates.
@usableFromInline struct ContainerStack {
    static let capacity = 256

    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    @usableFromInline private(set) var depth = 0

    /// Pushes a container; `false` when the stack is full.
    @inline(__always) mutating func push(isObject: Bool) -> Bool {
        guard depth < Self.capacity else { return false }
        let bit: UInt64 = 1 << UInt64(depth & 63)
        switch depth >> 6 {
        case 0: words.0 = isObject ? words.0 | bit : words.0 & ~bit
        case 1: words.1 = isObject ? words.1 | bit : words.1 & ~bit
        case 2: words.2 = isObject ? words.2 | bit : words.2 & ~bit
        default: words.3 = isObject ? words.3 | bit : words.3 & ~bit
        }
        depth += 1
        return true
    }

    @inline(__always) mutating func pop() { depth -= 1 }

    /// Whether the innermost open container is an object (false for an array or when none is open).
    @inline(__always) var topIsObject: Bool {
        guard depth > 0 else { return false }
        let index = depth - 1
        let word: UInt64
        switch index >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word & (1 << UInt64(index & 63)) != 0
    }
}
