/// The text and CDATA of the innermost element, accumulated in place (reused for every element).
struct XMLTextBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 4096) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    @inline(__always) mutating func removeAll() { count = 0 }

    @inline(__always) mutating func append(_ bytes: UnsafePointer<UInt8>, count length: Int) {
        if count + length > capacity {
            var newCapacity = capacity * 2
            while newCapacity < count + length { newCapacity *= 2 }
            let new = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            new.moveInitialize(from: base, count: count)
            base.deallocate()
            base = new
            capacity = newCapacity
        }
        (base + count).update(from: bytes, count: length)
        count += length
    }

    /// The bytes without leading and trailing ASCII whitespace (valid until the next mutation).
    @inline(__always) func trimmed() -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = count
        while start < end, isXMLSpace(base[start]) { start += 1 }
        while end > start, isXMLSpace(base[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(start: base + start, count: end - start)
    }
}
