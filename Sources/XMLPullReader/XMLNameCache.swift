/// Maps libxml2's interned name pointers to name tokens, so that element names are compared without
/// building a `String` per element. An open-addressing table keyed by the pointer's bits; it is cleared
/// whenever the reader gets a new input, because the pointers belong to the parser's dictionary.
struct XMLNameCache {
    private var keys: [UInt]
    private var values: [Int32]
    private var mask: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: 0, count: capacity)
        mask = capacity - 1
    }

    @inline(__always) private func slot(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &>> 3) &* 0x9E37_79B9_7F4A_7C15 &>> 40) & mask
    }

    @inline(__always) func lookup(_ key: UInt) -> Int32? {
        var index = slot(key)
        while true {
            let stored = keys[index]
            if stored == key { return values[index] }
            if stored == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    mutating func insert(_ key: UInt, _ value: Int32) {
        if (count + 1) * 2 > keys.count { grow() }
        var index = slot(key)
        while keys[index] != 0 && keys[index] != key { index = (index + 1) & mask }
        if keys[index] == 0 { count += 1 }
        keys[index] = key
        values[index] = value
    }

    mutating func removeAll() {
        guard count > 0 else { return }
        for i in keys.indices { keys[i] = 0 }
        count = 0
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for i in oldKeys.indices where oldKeys[i] != 0 { insert(oldKeys[i], oldValues[i]) }
    }
}
