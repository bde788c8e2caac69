extension Array {
    /// Appends `other`'s elements by moving them, and leaves `other` empty: no element is copied, so none of the
    /// strings and arrays a row holds is retained here and released with `other` (`append(contentsOf:)` touches
    /// every one of them twice, one cache miss each; concatenating a dataset's pieces took most of a second of one
    /// core at 100,000 players). `self` first grows by copies of `placeholder` (best one holding no heap object),
    /// then the two ranges trade places bitwise, so `other` ends holding the placeholders.
    mutating func appendMoving(_ other: inout [Element], leaving placeholder: Element) {
        let start = count, n = other.count
        guard n > 0 else { return }
        append(contentsOf: repeatElement(placeholder, count: n))
        withUnsafeMutableBufferPointer { mine in
            other.withUnsafeMutableBufferPointer { theirs in
                guard let target = mine.baseAddress.map({ $0 + start }), let source = theirs.baseAddress else { return }
                for i in 0..<n { Self.tradePlaces(target + i, source + i) }
            }
        }
        other = []
    }

    /// Swaps two initialized elements bitwise: no copy, so nothing either holds is retained or released.
    @inline(__always) static func tradePlaces(_ a: UnsafeMutablePointer<Element>, _ b: UnsafeMutablePointer<Element>) {
        let held = a.move()
        a.moveInitialize(from: b, count: 1)
        b.initialize(to: held)
    }
}
