/// The open elements of a pull read, for depth, element paths (with sibling ordinals) and start lines.
/// Flat manually managed storage: this is on the per-element hot path, where Swift arrays of structs
/// holding arrays cost more than the libxml2 walk itself.
///
/// Sibling ordinals: each open element counts its children by name token. Those counts live on one
/// shared stack: a parent only gains entries while none of its children is open, so its entries are
/// always the top region of the stack, and an ending child gives its own region back.
struct XMLElementStack: ~Copyable {
    private(set) var count = 0
    private var capacity = 0
    private var tokens: UnsafeMutablePointer<Int32>
    private var ordinals: UnsafeMutablePointer<Int32>
    private var lines: UnsafeMutablePointer<Int>
    private var childElementFlags: UnsafeMutablePointer<Bool>
    private var childStarts: UnsafeMutablePointer<Int>
    private var childTokens: UnsafeMutablePointer<Int32>
    private var childCounts: UnsafeMutablePointer<Int32>
    private var childTop = 0
    private var childCapacity = 0

    init() {
        capacity = 64
        tokens = .allocate(capacity: capacity)
        ordinals = .allocate(capacity: capacity)
        lines = .allocate(capacity: capacity)
        childElementFlags = .allocate(capacity: capacity)
        childStarts = .allocate(capacity: capacity)
        childCapacity = 256
        childTokens = .allocate(capacity: childCapacity)
        childCounts = .allocate(capacity: childCapacity)
    }

    deinit {
        tokens.deallocate()
        ordinals.deallocate()
        lines.deallocate()
        childElementFlags.deallocate()
        childStarts.deallocate()
        childTokens.deallocate()
        childCounts.deallocate()
    }

    mutating func removeAll() {
        count = 0
        childTop = 0
    }

    /// Opens an element named `token` with its start `line`.
    @inline(__always) mutating func push(_ token: Int32, line: Int) {
        var ordinal: Int32 = 1
        if count > 0 {
            let parent = count - 1
            childElementFlags[parent] = true
            let start = childStarts[parent]
            var index = childTop - 1
            while index >= start && childTokens[index] != token { index -= 1 }
            if index >= start {
                childCounts[index] += 1
                ordinal = childCounts[index]
            } else {
                if childTop == childCapacity { growChildren() }
                childTokens[childTop] = token
                childCounts[childTop] = 1
                childTop += 1
            }
        }
        if count == capacity { grow() }
        tokens[count] = token
        ordinals[count] = ordinal
        lines[count] = line
        childElementFlags[count] = false
        childStarts[count] = childTop
        count += 1
    }

    /// Closes the innermost element.
    @inline(__always) mutating func pop() {
        count -= 1
        childTop = childStarts[count]
    }

    @inline(__always) func token(at index: Int) -> Int32 { tokens[index] }
    @inline(__always) func ordinal(at index: Int) -> Int32 { ordinals[index] }
    @inline(__always) func line(at index: Int) -> Int { lines[index] }
    @inline(__always) func hasChildElements(at index: Int) -> Bool { childElementFlags[index] }

    private mutating func grow() {
        let newCapacity = capacity * 2
        tokens = Self.moved(tokens, count: count, to: newCapacity)
        ordinals = Self.moved(ordinals, count: count, to: newCapacity)
        lines = Self.moved(lines, count: count, to: newCapacity)
        childElementFlags = Self.moved(childElementFlags, count: count, to: newCapacity)
        childStarts = Self.moved(childStarts, count: count, to: newCapacity)
        capacity = newCapacity
    }

    private mutating func growChildren() {
        let newCapacity = childCapacity * 2
        childTokens = Self.moved(childTokens, count: childTop, to: newCapacity)
        childCounts = Self.moved(childCounts, count: childTop, to: newCapacity)
        childCapacity = newCapacity
    }

    private static func moved<T>(_ old: UnsafeMutablePointer<T>, count: Int, to capacity: Int) -> UnsafeMutablePointer<T> {
        let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        new.moveInitialize(from: old, count: count)
        old.deallocate()
        return new
    }
}
